// Market data for any screen: the symbol list (REST) kept live by ticker messages,
// candles, the rise/fall distribution.

import { type AssetClass, type KlineMessage, klineChannel, type MarketSymbol, tickerChannel } from "@candor/contract";
import { marketPaths } from "@candor/contract/paths";
import { changePercent, type KlineInterval } from "@candor/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../api-client";
import { marketSocket } from "./socket";

export function useSymbols(assetClass?: AssetClass) {
  return useQuery({
    queryKey: ["symbols", assetClass ?? "all"],
    queryFn: () => api.get(marketPaths.symbols, { query: { assetClass }, silent: true }),
    staleTime: 30_000,
  });
}

export interface LiveQuote {
  price: string;
  ts: number;
  /** Direction of the last change, for the up/down flash. */
  direction: "up" | "down" | null;
}

type TickerData = { symbol: string; price: string; ts: number };

/**
 * Ticks arriving within this window are applied in one render. Every symbol ticks on its
 * own schedule, so one render per websocket message kept a screen listing many symbols
 * (home, market) re-rendering dozens of times a second: Lighthouse counted it as blocking time.
 */
export const QUOTE_FLUSH_MS = 250;

/** The quotes after a batch of ticks, in arrival order; `prev` itself when none changed anything. */
export function applyTicks(prev: Record<string, LiveQuote>, ticks: readonly TickerData[]): Record<string, LiveQuote> {
  let next = prev;
  for (const t of ticks) {
    const before = next[t.symbol];
    if (before && before.ts >= t.ts) continue;
    let direction: LiveQuote["direction"] = before?.direction ?? null;
    if (before) {
      const a = Number(t.price);
      const b = Number(before.price);
      direction = a > b ? "up" : a < b ? "down" : before.direction;
    }
    if (next === prev) next = { ...prev };
    next[t.symbol] = { price: t.price, ts: t.ts, direction };
  }
  return next;
}

/** Latest price per symbol from the websocket, starting from nothing (batched, QUOTE_FLUSH_MS). */
export function useLiveQuotes(symbols: readonly string[]): Record<string, LiveQuote> {
  const [quotes, setQuotes] = useState<Record<string, LiveQuote>>({});
  const key = symbols.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined key stands for the list
  useEffect(() => {
    if (symbols.length === 0) return;
    let pending: TickerData[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const batch = pending;
      pending = [];
      setQuotes((prev) => applyTicks(prev, batch));
    };
    const unsubscribe = marketSocket.subscribe(
      symbols.map((s) => tickerChannel(s)),
      (raw) => {
        pending.push(raw as TickerData);
        timer ??= setTimeout(flush, QUOTE_FLUSH_MS);
      },
    );
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [key]);
  return quotes;
}

export interface LiveSymbol extends MarketSymbol {
  direction: "up" | "down" | null;
}

/**
 * The symbol list with live prices and 24 h change recomputed from each tick. `live`: only
 * these symbols follow the ticks (the others keep the list's price) — a screen about one
 * symbol then re-renders on its ticks, not on every symbol's (the futures screen re-rendered
 * four times a second for prices it did not show).
 */
export function useLiveSymbols(assetClass?: AssetClass, live?: readonly string[]) {
  const query = useSymbols(assetClass);
  const names = useMemo(() => (query.data ?? []).map((s) => s.symbol), [query.data]);
  const quotes = useLiveQuotes(live ?? names);
  const data = useMemo<LiveSymbol[] | undefined>(
    () => query.data?.map((s) => withQuote({ ...s, direction: null }, quotes[s.symbol])),
    [query.data, quotes],
  );
  return { ...query, data };
}

/**
 * Whether two states of a symbol show the same (price, its tick and direction, 24 h change,
 * open or closed, precision): a row built from it need not re-render (issue 37: only the
 * rows whose price moved re-render on a batch of ticks).
 */
export function sameQuote(a: LiveSymbol, b: LiveSymbol): boolean {
  return (
    a === b ||
    (a.symbol === b.symbol &&
      a.price === b.price &&
      a.ts === b.ts &&
      a.direction === b.direction &&
      a.change24h === b.change24h &&
      a.marketOpen === b.marketOpen &&
      a.pricePrecision === b.pricePrecision)
  );
}

/** A symbol at a live quote newer than its own price, 24 h change recomputed; itself otherwise. */
export function withQuote<S extends LiveSymbol>(s: S, q: LiveQuote | undefined): S {
  if (!q || (s.ts !== null && q.ts < s.ts)) return s;
  return {
    ...s,
    price: q.price,
    ts: q.ts,
    change24h: s.open24h ? changePercent(s.open24h, q.price) : s.change24h,
    direction: q.direction,
  };
}

export function useKlines(symbol: string, interval: KlineInterval, limit = 300) {
  return useQuery({
    queryKey: ["klines", symbol, interval, limit],
    queryFn: () => api.get(marketPaths.kline, { query: { symbol, interval, limit }, silent: true }),
    enabled: symbol !== "",
    staleTime: 0,
  });
}

/** Calls `onCandle` with the current candle on every tick. */
export function useKlineStream(
  symbol: string,
  interval: KlineInterval,
  onCandle: (candle: KlineMessage["data"]) => void,
) {
  const handler = useRef(onCandle);
  handler.current = onCandle;
  useEffect(() => {
    if (!symbol) return;
    return marketSocket.subscribe([klineChannel(interval, symbol)], (data) =>
      handler.current(data as KlineMessage["data"]),
    );
  }, [symbol, interval]);
}

export function useDistribution(assetClass?: AssetClass) {
  return useQuery({
    queryKey: ["distribution", assetClass ?? "all"],
    queryFn: () => api.get(marketPaths.distribution, { query: { assetClass }, silent: true }),
    refetchInterval: 10_000,
  });
}

export function useSocketOpen(): boolean {
  const [open, setOpen] = useState(marketSocket.open);
  useEffect(() => marketSocket.onStatus(setOpen), []);
  return open;
}
