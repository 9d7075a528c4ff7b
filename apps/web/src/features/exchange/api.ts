// Server data of flash exchange (CONTRACT.md "Money"): currencies with their decimals and
// USDT price, a live quote (rate, spread, received, balances before/after), the exchange
// itself and my records.
import type { FlashCurrency, FlashExchangeBody, FlashExchangeRecord, FlashQuote, UserBalance } from "@candor/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const EXCHANGE_PATHS = {
  currencies: "/api/trade/appFlashExchangeLog/currencies",
  quote: "/api/trade/appFlashExchangeLog/quote",
  exchange: "/api/trade/appFlashExchangeLog/flashExchange",
  records: "/api/trade/appFlashExchangeLog/listMy",
  balances: "/api/finance/appWallet/queryUserBalance",
} as const;

/** A quote is refreshed this often while shown: prices move. */
export const QUOTE_REFRESH_MS = 5_000;

export function useFlashCurrencies() {
  return useQuery({
    queryKey: ["exchange", "currencies"],
    queryFn: () => api.get<FlashCurrency[]>(EXCHANGE_PATHS.currencies, { silent: true }),
    staleTime: 60_000,
  });
}

/** Balances of real currencies; same key and shape as the wallet screens, so one refresh serves both. */
export function useBalances() {
  return useQuery({
    queryKey: ["wallet", "balances"],
    queryFn: () => api.get<UserBalance[]>(EXCHANGE_PATHS.balances, { silent: true }),
  });
}

/** The live quote for an amount; errors carry the server's message (e.g. below the minimum). */
export function useFlashQuote(from: string, to: string, amount: string | null) {
  return useQuery({
    queryKey: ["exchange", "quote", from, to, amount],
    queryFn: () =>
      api.get<FlashQuote>(EXCHANGE_PATHS.quote, { query: { from, to, amount: amount ?? "" }, silent: true }),
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
    mutationFn: (body: FlashExchangeBody) => api.post<FlashExchangeRecord>(EXCHANGE_PATHS.exchange, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["wallet"] }),
        client.invalidateQueries({ queryKey: ["exchange", "quote"] }),
        client.invalidateQueries({ queryKey: ["paged", EXCHANGE_PATHS.records] }),
      ]),
  });
}
