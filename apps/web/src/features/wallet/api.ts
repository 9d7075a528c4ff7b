// The wallet endpoints and hooks the money screens share.
import type {
  BalanceLogRecord,
  PayoutAccount,
  RechargeInfo,
  UserAssets,
  UserBalance,
  WalletCurrency,
  WithdrawalInfo,
  WithdrawalTracker,
} from "@candor/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const WALLET_PATHS = {
  balances: "/api/finance/appWallet/queryUserBalance",
  assets: "/api/finance/appWallet/queryUserAssets",
  currencies: "/api/finance/appWallet/currencies",
  rechargeInfo: "/api/finance/appRecharge/info",
  rechargeApply: "/api/finance/appRecharge/apply",
  rechargeList: "/api/finance/appRecharge/listMy",
  rechargeDetail: (id: number) => `/api/finance/appRecharge/detail/${id}`,
  withdrawalInfo: "/api/finance/appWithdrawal/info",
  withdrawalApply: "/api/finance/appWithdrawal/apply",
  withdrawalList: "/api/finance/appWithdrawal/listMy",
  withdrawalTracker: (id: number) => `/api/finance/appWithdrawal/tracker/${id}`,
  withdrawalCancel: (id: number) => `/api/finance/appWithdrawal/cancel/${id}`,
  accountAdd: "/api/user/appUserWithdrawalInfoSet/addAccount",
  accountUpdate: "/api/user/appUserWithdrawalInfoSet/updateAccount",
  accountDelete: (id: number) => `/api/user/appUserWithdrawalInfoSet/deleteAccount/${id}`,
  accountList: "/api/user/appUserWithdrawalInfoSet/list",
  balanceLog: "/api/finance/appBalanceLog/list",
} as const;

export type { BalanceLogRecord, PayoutAccount };

export const useAssets = () =>
  useQuery({
    queryKey: ["wallet", "assets"],
    queryFn: () => api.get<UserAssets>(WALLET_PATHS.assets, { silent: true }),
  });

export const useBalances = () =>
  useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get<UserBalance[]>(WALLET_PATHS.balances, { silent: true }),
  });

export const useCurrencies = () =>
  useQuery({
    queryKey: ["wallet", "currencies"],
    queryFn: () => api.get<WalletCurrency[]>(WALLET_PATHS.currencies, { silent: true }),
    staleTime: 60_000,
  });

export const useRechargeInfo = (currency: string) =>
  useQuery({
    queryKey: ["wallet", "rechargeInfo", currency],
    queryFn: () => api.get<RechargeInfo>(WALLET_PATHS.rechargeInfo, { query: { currency }, silent: true }),
    enabled: currency !== "",
  });

export const useWithdrawalInfo = (currency: string) =>
  useQuery({
    queryKey: ["wallet", "withdrawalInfo", currency],
    queryFn: () => api.get<WithdrawalInfo>(WALLET_PATHS.withdrawalInfo, { query: { currency }, silent: true }),
    enabled: currency !== "",
    // Balance, password and limits change elsewhere (other screens, other devices).
    staleTime: 0,
    refetchOnMount: "always",
  });

export const usePayoutAccounts = () =>
  useQuery({
    queryKey: ["wallet", "accounts"],
    queryFn: () => api.get<PayoutAccount[]>(WALLET_PATHS.accountList, { silent: true }),
  });

export const useWithdrawalTracker = (id: number | null) =>
  useQuery({
    queryKey: ["wallet", "tracker", id],
    queryFn: () => api.get<WithdrawalTracker>(WALLET_PATHS.withdrawalTracker(id ?? 0), { silent: true }),
    enabled: id !== null,
  });

/** Record status (pinned): 1 completed, 0 under review, -1 rejected, 2 paid out, -2 failed. */
export const STATUS_COLORS: Record<number, "success" | "warning" | "danger" | "primary" | "default"> = {
  1: "success",
  0: "warning",
  [-1]: "danger",
  2: "primary",
  [-2]: "danger",
};

export { newRequestId } from "../../lib/trading/amount";
