// The app's named routes: every screen navigates by `routes.x` (or a helper below), never
// by a string. The paths are the seed's (pinyin) URLs, which customers' bookmarks and
// shared links keep using; they appear only here. The route table (route-table.ts) gives
// each of them its screen and metadata.

export const routes = {
  home: "/home",
  personalData: "/gerenziliao",
  identityVerification: "/shenfenRenzheng",
  advancedVerification: "/shenfenRenzhengAd",
  verificationResult: "/renzhengResult",
  teamInvitation: "/tuanduiYaoqing",
  assetCentre: "/zichanCenter",
  balanceLog: "/zhangbianRecord",
  market: "/hangqing",
  contract: "/heyue",
  my: "/my",
  depositWithdrawalRecords: "/chongzhitixianRecord",
  deposit: "/chongzhi",
  withdraw: "/tixian",
  depositWithdrawalResult: "/chongzhitixianResult",
  withdrawalFreeze: "/withdrawal-freeze",
  settlementInfo: "/jiesuanInfo",
  welfareCentre: "/fuliCenter",
  vipLevel: "/vipLevel",
  loans: "/jiedai",
  loanOrders: "/jiedaiOrder",
  contests: "/bisai",
  contestDetail: "/bisaiDetail",
  myContestEntries: "/bisaiMycansai",
  contestTrading: "/bisaiTrade",
  arbitrage: "/taolilicai",
  arbitrageOrderCreate: "/taolilicaiDetail",
  arbitrageOrderConfirmation: "/taoliOk",
  wealthOrders: "/taoliOrder",
  earnOrderDetail: "/earnOrder",
  mining: "/kuangchi",
  miningDetail: "/kuangchiDetail",
  debtClaims: "/zhaiquan",
  debtClaimDetail: "/zhaiquanDetail",
  debtClaimOrders: "/zhaiquanOrder",
  quant: "/quant",
  quantDetail: "/quantDetail",
  flashExchange: "/shandui",
  exchangeRecords: "/shanduiOrder",
  news: "/xinwen",
  announcements: "/articleList",
  announcementDetail: "/articleDetail",
  announcementShare: "/articleShare",
  ieo: "/ieo",
  changeLoginPassword: "/changePassword",
  changeWithdrawalPassword: "/changeWithdrawalPassword",
  priceDistribution: "/priceDistribution",
  inbox: "/inbox",
  loanAccount: "/loanAccount",
  personalInfo: "/personalInfo",
  /** The seed's path of automated strategies (the same screens as `quant`). */
  aiQuant: "/aiQuant",
  spot: "/spot",
  options: "/options",
  helpCentre: "/help",
  languages: "/languages",
  googleAuthenticator: "/googleAuth",
  mySessions: "/sessions",
  /** Deposit and loss limits, reality check, time-out and self-exclusion (not a seed route). */
  limits: "/limits",
  /** Download my data and the way to close the account (not seed routes). */
  dataRights: "/dataRights",
  closeAccount: "/closeAccount",
  /** Price alerts: above/below/24 h move, Web Push on this device (not a seed route). */
  alerts: "/alerts",
  demoTrading: "/demotrading",
  chart: "/kline",
  externalPage: "/outlink",
  login: "/login",
  register: "/register",
  forgotPassword: "/forgotPassword",
  /** Prove the account's e-mail or phone, or add one (not a seed route: the seed had no proof). */
  contactProof: "/verifyContact",
  supportChat: "/chat",
  /** Proof of reserves and liabilities (issue 33; open logged out). */
  proofOfReserves: "/proof",
  /** How the loss figure in the risk warning is computed (issue 34 §1; open logged out). */
  lossMethod: "/loss-method",
  /** The customer's own realised results per month (issue 34 §1). */
  myResults: "/results",
} as const;

export type RouteName = keyof typeof routes;
export type RoutePath = (typeof routes)[RouteName];

/**
 * The trade screen's tabs (issue 35 §12): futures, options, spot and demo are one screen with
 * segmented tabs at the top; each tab keeps its own route (deep links), and the screen follows
 * the route. `/options?mode=demo` and `/spot?mode=demo` are the demo tab's options and spot.
 */
export const TRADE_TABS = [
  { key: "futures", path: routes.contract },
  { key: "options", path: routes.options },
  { key: "spot", path: routes.spot },
  { key: "demo", path: routes.demoTrading },
] as const;
export type TradeTab = (typeof TRADE_TABS)[number]["key"];
export const TRADE_PATHS: readonly string[] = TRADE_TABS.map((t) => t.path);

/** Screens where real-money trading happens: time there counts as a trading session (the reality check). */
export const TRADING_ROUTES: readonly string[] = [routes.contract, routes.spot, routes.options];

/**
 * The screens a visitor most often opens first: the page preloads their files
 * (build/first-screen.ts), and they show with the first part of a language's strings only
 * (lib/i18n-namespaces.ts); every other screen waits for the rest (app/router.tsx).
 */
export const FIRST_SCREENS: readonly string[] = [
  routes.home,
  routes.market,
  routes.contract,
  routes.flashExchange,
  routes.my,
  routes.login,
];

/** A route with query parameters: `withQuery(routes.deposit, { currency: "USDT" })` → "/chongzhi?currency=USDT". */
export function withQuery(
  path: RoutePath,
  query: Record<string, string | number | boolean | null | undefined>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
