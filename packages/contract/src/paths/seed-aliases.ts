// The seed's paths (docs/seed-api.md) served as aliases of an existing call: the
// server registers the same handler a second time under these paths (apps/server/src/lib/aliases.ts).
export const seedAliasPaths = {
  generateGoogleKey: "/api/app/generateGoogleKey",
  activeReport: "/api/user/appUser/activeReport",
  applyKyc: "/api/auth/appAuth/applyKYC",
  applyAdvanced: "/api/auth/appAuth/applyAdvanced",
  updateKyc: "/api/user/appUser/updateKYC",
  currencyList: "/api/set/appCurrencySet/getCurrencyList",
  payoutAccountList: "/api/user/appUserWithdrawalInfoSet/listMy",
  payoutAccountEdit: "/api/user/appUserWithdrawalInfoSet/editAccount",
  tickerList: "/api/public/getTicketList",
} as const;
