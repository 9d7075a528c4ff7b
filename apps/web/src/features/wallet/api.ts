// The wallet endpoints and hooks the money screens share.
import type { BalanceLogRecord, PayoutAccount } from "@candor/contract";
import { authPaths, walletPaths } from "@candor/contract/paths";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { BalanceLogRecord, PayoutAccount };

export const useAssets = () =>
  useQuery({
    queryKey: ["wallet", "assets"],
    queryFn: () => api.get(walletPaths.assets, { silent: true }),
  });

export const useBalances = () =>
  useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get(walletPaths.balances, { silent: true }),
  });

export const useCurrencies = () =>
  useQuery({
    queryKey: ["wallet", "currencies"],
    queryFn: () => api.get(walletPaths.currencies, { silent: true }),
    staleTime: 60_000,
  });

export const useRechargeInfo = (currency: string) =>
  useQuery({
    queryKey: ["wallet", "rechargeInfo", currency],
    queryFn: () => api.get(walletPaths.rechargeInfo, { query: { currency }, silent: true }),
    enabled: currency !== "",
  });

export const useWithdrawalInfo = (currency: string) =>
  useQuery({
    queryKey: ["wallet", "withdrawalInfo", currency],
    queryFn: () => api.get(walletPaths.withdrawalInfo, { query: { currency }, silent: true }),
    enabled: currency !== "",
    // Balance, password and limits change elsewhere (other screens, other devices).
    staleTime: 0,
    refetchOnMount: "always",
  });

export const usePayoutAccounts = () =>
  useQuery({
    queryKey: ["wallet", "accounts"],
    queryFn: () => api.get(walletPaths.accountList, { silent: true }),
  });

export const useWithdrawalTracker = (id: number | null) =>
  useQuery({
    queryKey: ["wallet", "tracker", id],
    queryFn: () => api.get(walletPaths.withdrawalTracker, { params: { id }, silent: true }),
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

/** Whether an authenticator is bound (same cache entry as the security screens'): money movement then needs its code. */
export const useGoogleBound = () =>
  useQuery({
    queryKey: ["google", "status"],
    queryFn: () => api.get(authPaths.checkGoogleAuth, { silent: true }),
  });

/** An account still inside its new-address hold at business time `businessNow` (ISO). */
export const onHold = (a: Pick<PayoutAccount, "usableAt">, businessNow: string | undefined): boolean =>
  Date.parse(a.usableAt) > (businessNow ? Date.parse(businessNow) : Date.now());
