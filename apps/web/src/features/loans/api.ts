// Server data of Loans (CONTRACT.md "Loans", packages/contract/src/loans.ts): products,
// my loan account, applying, my orders with their history and evidence, repaying, adding
// collateral, the loan identity check; plus the live price of a collateral currency.
import type {
  LoanRoutes as ContractLoanRoutes,
  CreditApplyBody,
  CreditApplyResult,
  LoanAddCollateralBody,
  LoanAddCollateralResult,
  LoanIdentityCheck,
  LoanIdentitySubmitBody,
  LoanOrderDetail,
  LoanRepayBody,
  LoanRepayResult,
  LoanSet,
  LoanType,
  MyLoanInfo,
  PledgeApplyBody,
  PledgeApplyResult,
  UserBalance,
} from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { useLiveQuotes, useSymbols } from "../../lib/market/hooks";
import { collateralSymbol } from "./loan-logic";

/**
 * The customer endpoints (packages/contract LoanRoutes). Spelled out here: importing the
 * contract's values would pull its zod schemas into this chunk.
 */
export const LoanRoutes = {
  setList: "/api/prod/appLoanSet/list",
  myLoanInfo: "/api/prod/appLoanOrder/myLoanInfo",
  repay: "/api/prod/appLoanOrder/repay",
  creditApply: "/api/prod/appLoanOrder/creditApply",
  pledgeApply: "/api/prod/appLoanOrder/pledgeApply",
  addCollateral: "/api/prod/appLoanOrder/addCollateral",
  listMy: "/api/prod/appLoanOrder/listMy",
  detail: "/api/prod/appLoanOrder/detail",
  identityCheck: "/api/prod/appLoanIdentity/state",
  identityStart: "/api/prod/appLoanIdentity/start",
  identitySubmit: "/api/prod/appLoanIdentity/submit",
} as const satisfies Partial<typeof ContractLoanRoutes>;

const BALANCES_PATH = "/api/finance/appWallet/queryUserBalance";

/** A running pledge loan's LTV moves with the market: the server's figures are refreshed this often while shown. */
export const LOAN_REFRESH_MS = 15_000;

export function useLoanSets(type: LoanType) {
  return useQuery({
    queryKey: ["loans", "sets", type],
    queryFn: () => api.get<LoanSet[]>(LoanRoutes.setList, { query: { type }, silent: true }),
  });
}

export function useMyLoanInfo(enabled = true) {
  return useQuery({
    queryKey: ["loans", "info"],
    queryFn: () => api.get<MyLoanInfo>(LoanRoutes.myLoanInfo, { silent: true }),
    enabled,
  });
}

export function useLoanOrder(id: number | null) {
  return useQuery({
    queryKey: ["loans", "order", id],
    queryFn: () => api.get<LoanOrderDetail>(LoanRoutes.detail, { query: { id }, silent: true }),
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
    queryFn: () => api.get<LoanIdentityCheck>(LoanRoutes.identityCheck, { silent: true }),
    enabled,
  });
}

/** Balances of real currencies; the wallet screens' key and shape, so one refresh serves both. */
export function useBalances(enabled = true) {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get<UserBalance[]>(BALANCES_PATH, { silent: true }),
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
    mutationFn: (body: CreditApplyBody) => api.post<CreditApplyResult>(LoanRoutes.creditApply, body),
    onSettled: refresh,
  });
}

export function usePledgeApply() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: PledgeApplyBody) => api.post<PledgeApplyResult>(LoanRoutes.pledgeApply, body),
    onSettled: refresh,
  });
}

export function useRepay() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: LoanRepayBody) => api.post<LoanRepayResult>(LoanRoutes.repay, body),
    onSettled: refresh,
  });
}

export function useAddCollateral() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: LoanAddCollateralBody) => api.post<LoanAddCollateralResult>(LoanRoutes.addCollateral, body),
    onSettled: refresh,
  });
}

export function useIdentityStart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LoanIdentityCheck>(LoanRoutes.identityStart, {}),
    onSettled: () => client.invalidateQueries({ queryKey: ["loans"] }),
  });
}

export function useIdentitySubmit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoanIdentitySubmitBody) => api.post<LoanIdentityCheck>(LoanRoutes.identitySubmit, body),
    onSettled: () => client.invalidateQueries({ queryKey: ["loans"] }),
  });
}
