// Server data of flash exchange (docs/contract.md "Money"): currencies with their decimals and
// USDT price, a live quote (rate, spread, received, balances before/after), the exchange
// itself and my records.

import type { FlashExchangeBody } from "@candor/contract";
import { exchangePaths, walletPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** A quote is refreshed this often while shown: prices move. */
export const QUOTE_REFRESH_MS = 5_000;

export function useFlashCurrencies() {
  return useQuery({
    queryKey: ["exchange", "currencies"],
    queryFn: () => api.get(exchangePaths.currencies, { silent: true }),
    staleTime: 60_000,
  });
}

/** Balances of real currencies; same key and shape as the wallet screens, so one refresh serves both. */
export function useBalances() {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get(walletPaths.balances, { silent: true }),
  });
}

/** The live quote for an amount; errors carry the server's message (e.g. below the minimum). */
export function useFlashQuote(from: string, to: string, amount: string | null) {
  return useQuery({
    queryKey: ["exchange", "quote", from, to, amount],
    queryFn: () => api.get(exchangePaths.quote, { query: { from, to, amount: amount ?? "" }, silent: true }),
    enabled: amount !== null && from !== to,
    refetchInterval: QUOTE_REFRESH_MS,
    retry: false,
    placeholderData: (previous, query) =>
      // Keep showing the last quote of the same pair while a new amount loads.
      query && previous && previous.from === from && previous.to === to ? previous : undefined,
  });
}

export function useFlashExchange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FlashExchangeBody) => api.post(exchangePaths.flashExchange, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["wallet"] }),
        client.invalidateQueries({ queryKey: ["exchange", "quote"] }),
        client.invalidateQueries({ queryKey: ["paged", exchangePaths.listMy] }),
      ]),
  });
}
