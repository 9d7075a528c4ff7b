// Server data of the spot screen: fee and minimums, placing and cancelling orders, my
// open orders and fills, and the balances of the pair's two currencies.

import type { OptionMode, SpotOrder, SpotOrderBody } from "@candor/contract";
import { demoPaths, spotPaths, walletPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { pollUnlessLive } from "../../lib/account-feed";
import { api } from "../../lib/api-client";

export type SpotMode = OptionMode;

export function useSpotSettings() {
  return useQuery({
    queryKey: ["spot", "settings"],
    queryFn: () => api.get(spotPaths.settings, { silent: true }),
    staleTime: 60_000,
  });
}

/** Balances of real currencies; same key and shape as the wallet screens, so one refresh serves both. */
function useRealBalances(enabled: boolean) {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get(walletPaths.balances, { silent: true }),
    enabled,
  });
}

export interface PairBalances {
  /** Available amounts; null = not known (not loaded, or not shown for demo bases). */
  base: string | null;
  quote: string | null;
  isError: boolean;
  refetch: () => void;
}

/** Available base and quote of the pair in this mode (demo: the virtual VUSDT account). */
export function usePairBalances(base: string, quote: string, mode: SpotMode): PairBalances {
  const real = useRealBalances(mode === "real");
  const demo = useQuery({
    queryKey: ["spot", "demoHoldings"],
    queryFn: () => api.get(demoPaths.holdings, { silent: true }),
    enabled: mode === "demo",
  });
  if (mode === "demo") {
    const of = (c: string) => (demo.data ? (demo.data.find((h) => h.currency === c)?.available ?? "0") : null);
    return { base: of(base), quote: of(quote), isError: demo.isError, refetch: () => void demo.refetch() };
  }
  const of = (c: string) => (real.data ? (real.data.find((b) => b.currency === c)?.available ?? "0") : null);
  return { base: of(base), quote: of(quote), isError: real.isError, refetch: () => void real.refetch() };
}

/**
 * Open orders of one symbol; polled so a limit order that fills leaves the list. When one
 * leaves (filled, or cancelled elsewhere) the balances and the fills are loaded again.
 */
export function useOpenOrders(symbol: string, mode: SpotMode) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ["spot", "open", symbol, mode],
    queryFn: () =>
      api.get(spotPaths.listMy, {
        query: { status: "open", symbol, mode, pageNo: 1, pageSize: 100 },
        silent: true,
      }),
    refetchInterval: pollUnlessLive<{ records: SpotOrder[] }>(3_000, (data) => (data?.records.length ?? 0) > 0),
  });
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const now = new Set(query.data.records.map((o) => o.id));
    const before = seen.current;
    seen.current = now;
    if (before && [...before].some((id) => !now.has(id))) {
      void client.invalidateQueries({ queryKey: ["wallet"] });
      void client.invalidateQueries({ queryKey: ["spot", "demoHoldings"] });
      void client.invalidateQueries({ queryKey: ["paged", spotPaths.listMy] });
    }
  }, [query.data, client]);
  return query;
}

function useRefreshAfterTrade() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["spot"] }),
      client.invalidateQueries({ queryKey: ["wallet"] }),
      client.invalidateQueries({ queryKey: ["paged", spotPaths.listMy] }),
    ]);
}

export function usePlaceOrder() {
  const refresh = useRefreshAfterTrade();
  return useMutation({
    mutationFn: (body: SpotOrderBody) => api.post(spotPaths.create, body),
    onSuccess: refresh,
  });
}

export function useCancelOrder() {
  const refresh = useRefreshAfterTrade();
  return useMutation({
    mutationFn: (id: number) => api.post(spotPaths.cancel, undefined, { params: { id } }),
    onSettled: refresh,
  });
}
