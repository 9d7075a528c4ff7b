// Server data of the options screen (docs/contract.md "Contracts (futures) and options"):
// whether options are offered to the customer, periods of a symbol, buying, my orders,
// and the balance the stake comes from (real USDT or demo VUSDT).

import type { OptionBuyBody, OptionMode, OptionOrder, Page } from "@candor/contract";
import { demoPaths, optionPaths, walletPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { pollUnlessLive } from "../../lib/account-feed";
import { api } from "../../lib/api-client";

export const optionKeys = {
  all: ["options"] as const,
  open: (mode: OptionMode) => ["options", "open", mode] as const,
  detail: (id: number) => ["options", "detail", id] as const,
};

export function useOptionAvailability() {
  return useQuery({
    queryKey: ["options", "availability"],
    queryFn: () => api.get(optionPaths.availability, { silent: true }),
    staleTime: 60_000,
  });
}

export function useOptionSettings(symbol: string, enabled: boolean) {
  return useQuery({
    queryKey: ["options", "settings", symbol],
    queryFn: () => api.get(optionPaths.settings, { query: { symbol }, silent: true }),
    enabled: enabled && symbol !== "",
    staleTime: 30_000,
  });
}

/** Open orders of a mode (all symbols): the countdown list. Polls while any is open. */
export function useOpenOptions(mode: OptionMode, enabled: boolean) {
  return useQuery({
    queryKey: optionKeys.open(mode),
    queryFn: () =>
      api.get(optionPaths.listMy, {
        query: { status: "open", mode, pageNo: 1, pageSize: 100 },
        silent: true,
      }),
    enabled,
    refetchInterval: pollUnlessLive<Page<OptionOrder>>(5_000, (data) => (data?.records.length ?? 0) > 0),
  });
}

/** One order; polled every second once it has expired until the settlement is in. */
export function useOptionOrder(id: number | null, expired: boolean) {
  return useQuery({
    queryKey: optionKeys.detail(id ?? 0),
    queryFn: () => api.get(optionPaths.detail, { params: { id }, silent: true }),
    enabled: id !== null,
    refetchInterval: pollUnlessLive<OptionOrder>(1_000, (data) => expired && data?.status !== "settled"),
  });
}

/** Balances of real currencies; same key and shape as the wallet screens, so one refresh serves both. */
export function useBalances(enabled = true) {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get(walletPaths.balances, { silent: true }),
    enabled,
  });
}

/** Available money for stakes: USDT of the spot account, or the demo account's VUSDT. */
export function useStakeBalance(mode: OptionMode): { available: string | null; isError: boolean } {
  const real = useBalances(mode === "real");
  const demo = useQuery({
    queryKey: [...optionKeys.all, "demoBalance"],
    queryFn: () => api.get(demoPaths.balance, { silent: true }),
    enabled: mode === "demo",
  });
  if (mode === "demo") return { available: demo.data?.available ?? null, isError: demo.isError };
  const usdt = real.data?.find((b) => b.currency === "USDT");
  return { available: real.data ? (usdt?.available ?? "0") : null, isError: real.isError };
}

export function useBuyOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OptionBuyBody) => api.post(optionPaths.buy, body),
    onSuccess: async (order) => {
      client.setQueryData(optionKeys.detail(order.id), order);
      await Promise.all([
        client.invalidateQueries({ queryKey: optionKeys.all }),
        client.invalidateQueries({ queryKey: ["wallet"] }),
        client.invalidateQueries({ queryKey: ["demo"] }),
        client.invalidateQueries({ queryKey: ["paged", optionPaths.listMy] }),
      ]);
    },
  });
}
