// Server data of Earn (docs/contract.md "Earn"): products of the four kinds, buying, my orders
// with their incomes and (automated strategies) fills, early redemption and stopping.
import type { EarnBuyBody, EarnOrder, EarnOrderStatus, EarnType } from "@candor/contract";
import { earnPaths, walletPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { earnKinds } from "./kinds";

/** The earn paths (the contract's route table; plain strings, no schemas in this chunk). */
export const EARN_PATHS = earnPaths;
/** What a purchase answers (docs/contract.md): the new order's id, state and term. */
export type BuyResult = Pick<EarnOrder, "id" | "status" | "amount" | "startAt" | "endAt">;

/** A running automated strategy's value moves with the market: refreshed this often while shown. */
export const LIVE_REFRESH_MS = 5_000;

export function useProducts(type: EarnType) {
  return useQuery({
    queryKey: ["earn", "products", type],
    queryFn: () => api.get(EARN_PATHS.products, { query: { type }, silent: true }),
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: ["earn", "product", id],
    queryFn: () => api.get(EARN_PATHS.product, { query: { id }, silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

/** My earn totals of one product type (the fixed-term header: fixed-term orders only, issue 35 §5a). */
export function useOrderStat(type: EarnType, enabled = true) {
  return useQuery({
    queryKey: ["earn", "stat", type],
    queryFn: () => api.get(EARN_PATHS.stat, { query: { type }, silent: true }),
    enabled,
  });
}

/** Running orders of one kind (first 100): how much of a product's per-customer limit is used. */
export function useRunningOrders(type: EarnType, enabled = true) {
  return useQuery({
    queryKey: ["earn", "running", type],
    queryFn: () =>
      api.get(EARN_PATHS.orders, {
        query: { type, status: "running" satisfies EarnOrderStatus, pageNo: 1, pageSize: 100 },
        silent: true,
      }),
    enabled,
  });
}

/** One order with its product and recent incomes; a running strategy's is polled (its value is live). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: ["earn", "order", id],
    queryFn: () => api.get(EARN_PATHS.order, { query: { id }, silent: true }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) =>
      q.state.data && earnKinds[q.state.data.type].strategy && q.state.data.status === "running"
        ? LIVE_REFRESH_MS
        : false,
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

function useRefreshAfterMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["wallet"] }),
      client.invalidateQueries({ queryKey: ["earn"] }),
      client.invalidateQueries({ queryKey: ["paged", EARN_PATHS.orders] }),
      client.invalidateQueries({ queryKey: ["paged", EARN_PATHS.incomes] }),
      client.invalidateQueries({ queryKey: ["paged", EARN_PATHS.fills] }),
    ]);
}

/** Mining is bought with minerBuy; the other kinds with debitBuy. */
export function useBuy(type: EarnType) {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (body: EarnBuyBody) => api.post(earnKinds[type].buyPath, body),
    onSettled: refresh,
  });
}

export function useRedeem() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (id: number) => api.post(EARN_PATHS.redeem, { id }),
    onSettled: refresh,
  });
}

export function useStop() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: (id: number) => api.post(EARN_PATHS.stop, { id }),
    onSettled: refresh,
  });
}
