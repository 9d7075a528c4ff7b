// Server data of Loans (docs/contract.md "Loans", packages/contract/src/loans.ts): products,
// my loan account, applying, my orders with their history and evidence, repaying, adding
// collateral, the loan identity check; plus the live price of a collateral currency.
import type {
  CreditApplyBody,
  LoanAddCollateralBody,
  LoanIdentitySubmitBody,
  LoanRepayBody,
  LoanType,
  PledgeApplyBody,
} from "@candor/contract";
import { loanPaths, walletPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { useLiveQuotes, useSymbols } from "../../lib/market/hooks";
import { collateralSymbol } from "./loan-logic";

/** The loan paths (the contract's route table; plain strings, no schemas in this chunk). */
export const LoanRoutes = loanPaths;

/** A running pledge loan's LTV moves with the market: the server's figures are refreshed this often while shown. */
export const LOAN_REFRESH_MS = 15_000;

export function useLoanSets(type: LoanType) {
  return useQuery({
    queryKey: ["loans", "sets", type],
    queryFn: () => api.get(LoanRoutes.setList, { query: { type }, silent: true }),
  });
}

export function useMyLoanInfo(enabled = true) {
  return useQuery({
    queryKey: ["loans", "info"],
    queryFn: () => api.get(LoanRoutes.myLoanInfo, { silent: true }),
    enabled,
  });
}

export function useLoanOrder(id: number | null) {
  return useQuery({
    queryKey: ["loans", "order", id],
    queryFn: () => api.get(LoanRoutes.detail, { query: { id }, silent: true }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.type === "pledge" && (q.state.data.status === "passed" || q.state.data.status === "overdue")
        ? LOAN_REFRESH_MS
        : false,
  });
}

export function useIdentityCheck(enabled = true) {
  return useQuery({
    queryKey: ["loans", "identity"],
    queryFn: () => api.get(LoanRoutes.identityCheck, { silent: true }),
    enabled,
  });
}

/** Balances of real currencies; the wallet screens' key and shape, so one refresh serves both. */
export function useBalances(enabled = true) {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get(walletPaths.balances, { silent: true }),
    enabled,
  });
}

/**
 * The live price of a collateral currency in the loan currency: the symbol list's last price
 * (REST) replaced by every newer ticker message from the market socket.
 */
export function useCollateralPrice(
  collateralCurrency: string | null,
  loanCurrency = "USDT",
): { price: string | null; ts: number | null } {
  const symbol = collateralCurrency ? collateralSymbol(collateralCurrency, loanCurrency) : null;
  const list = useSymbols("crypto");
  const quotes = useLiveQuotes(symbol ? [symbol] : []);
  if (!symbol) return { price: null, ts: null };
  const rest = list.data?.find((s) => s.symbol === symbol);
  const live = quotes[symbol];
  if (live && (!rest || rest.ts === null || live.ts >= rest.ts)) return { price: live.price, ts: live.ts };
  return { price: rest?.price ?? null, ts: rest?.ts ?? null };
}

function useRefreshAfterMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["wallet"] }),
      client.invalidateQueries({ queryKey: ["loans"] }),
      client.invalidateQueries({ queryKey: ["paged", LoanRoutes.listMy] }),
    ]);
}

export function useCreditApply() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: CreditApplyBody) => api.post(LoanRoutes.creditApply, body),
    onSettled: refresh,
  });
}

/** Silent: the form shows a refusal itself (with the new minimum when the price moved). */
export function usePledgeApply() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: PledgeApplyBody) => api.post(LoanRoutes.pledgeApply, body, { silent: true }),
    onSettled: refresh,
  });
}

export function useRepay() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: LoanRepayBody) => api.post(LoanRoutes.repay, body),
    onSettled: refresh,
  });
}

export function useAddCollateral() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: LoanAddCollateralBody) => api.post(LoanRoutes.addCollateral, body),
    onSettled: refresh,
  });
}

export function useIdentityStart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(LoanRoutes.identityStart, undefined),
    onSettled: () => client.invalidateQueries({ queryKey: ["loans"] }),
  });
}

export function useIdentitySubmit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanIdentitySubmitBody) => api.post(LoanRoutes.identitySubmit, body),
    onSettled: () => client.invalidateQueries({ queryKey: ["loans"] }),
  });
}
