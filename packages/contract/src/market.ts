// Market data shapes (docs/contract.md "Market"): symbols, prices, klines, the rise/fall
// distribution and the market websocket's messages.
import { KLINE_INTERVALS } from "@candor/domain";
import { z } from "zod";
import { DecimalInput, DecimalString } from "./common";
import { MARKET_WS_MAX_CHANNELS, type MarketChannel } from "./market-channels";

export const KlineInterval = z.enum(KLINE_INTERVALS);
export const AssetClass = z.enum(["crypto", "metal", "forex"]);
export type AssetClass = z.infer<typeof AssetClass>;

/** A symbol in requests: letters and digits, any case (normalised to upper case). */
export const SymbolCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9]+$/, "letters and digits only, e.g. BTCUSDT")
  .transform((s) => s.toUpperCase());

/** Days 0 = Sunday … 6 = Saturday, times "HH:MM" in UTC. */
export const TradingHours = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("always") }),
  z.object({
    kind: z.literal("weekly"),
    openDay: z.number().int().min(0).max(6),
    openTime: z.string(),
    closeDay: z.number().int().min(0).max(6),
    closeTime: z.string(),
  }),
]);

const Percent = DecimalString.describe('percent with 2 decimals, truncated: "1.23" = +1.23 %');
const Spread = DecimalString.describe("full bid–ask width as a fraction of the mid price (0.0005 = 0.05 %)");

export const MarketSymbol = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  assetClass: AssetClass,
  /** Last feed (mid) price; null only before the symbol's first tick. */
  price: DecimalString.nullable(),
  change24h: Percent,
  pricePrecision: z.number().int(),
  qtyPrecision: z.number().int(),
  maxLeverage: z.number().int(),
  spread: Spread,
  bid: DecimalString.nullable(),
  ask: DecimalString.nullable(),
  /**
   * First price of the 24 h before the last trade (for a closed market: its last
   * session), so a client can keep change24h live from ticks: (price − open24h) / open24h.
   */
  open24h: DecimalString.nullable(),
  high24h: DecimalString.nullable(),
  low24h: DecimalString.nullable(),
  volume24h: DecimalString,
  /** Time of the last tick (ms). */
  ts: z.number().int().nullable(),
  /** True when this symbol's prices come from the simulator, not a real market. */
  simulated: z.boolean(),
  marketOpen: z.boolean(),
  tradingHours: TradingHours,
});
export type MarketSymbol = z.infer<typeof MarketSymbol>;

export const SymbolListQuery = z.object({ assetClass: AssetClass.optional() });

export const PriceQuery = z.object({ symbol: SymbolCode });

export const SymbolPrice = z.object({
  symbol: z.string(),
  price: DecimalString,
  bid: DecimalString,
  ask: DecimalString,
  ts: z.number().int(),
  spread: Spread,
  simulated: z.boolean(),
  marketOpen: z.boolean(),
});
export type SymbolPrice = z.infer<typeof SymbolPrice>;

export const KLINE_LIMIT_MAX = 1500;
export const KlineQuery = z.object({
  symbol: SymbolCode,
  interval: KlineInterval,
  limit: z.coerce.number().int().min(1).max(KLINE_LIMIT_MAX).default(500),
  /** Only candles opening before this time (ms): page back through history. */
  endTime: z.coerce.number().int().positive().optional(),
});

export const Kline = z.object({
  /** Open time, ms. */
  time: z.number().int(),
  open: DecimalString,
  high: DecimalString,
  low: DecimalString,
  close: DecimalString,
  volume: DecimalString,
});
export type Kline = z.infer<typeof Kline>;

export const DistributionQuery = z.object({ assetClass: AssetClass.optional() });

export const PriceDistribution = z.object({
  rise: z.number().int(),
  fall: z.number().int(),
  flat: z.number().int(),
  total: z.number().int(),
  /** Biggest fall first, then flat, then rises; fromPercent ≤ |24 h change| < toPercent (null = no upper bound). */
  buckets: z.array(
    z.object({
      direction: z.enum(["fall", "flat", "rise"]),
      fromPercent: DecimalString,
      toPercent: DecimalString.nullable(),
      count: z.number().int(),
    }),
  ),
  ts: z.number().int(),
});
export type PriceDistribution = z.infer<typeof PriceDistribution>;

// ---- Websocket /api/websocket/market ----

/** "ticker.BTCUSDT" / "kline.1m.BTCUSDT" → parts; null when malformed (the symbol is not checked here). */
export function parseMarketChannel(name: string): MarketChannel | null {
  const parts = name.split(".");
  if (parts[0] === "ticker" && parts.length === 2 && /^[A-Z0-9]+$/.test(parts[1] ?? "")) {
    return { kind: "ticker", symbol: parts[1] as string };
  }
  if (parts[0] === "kline" && parts.length === 3 && /^[A-Z0-9]+$/.test(parts[2] ?? "")) {
    const interval = KlineInterval.safeParse(parts[1]);
    if (interval.success) return { kind: "kline", interval: interval.data, symbol: parts[2] as string };
  }
  return null;
}

const Channels = z.array(z.string().max(64)).min(1).max(MARKET_WS_MAX_CHANNELS);

/** What a client sends. */
export const MarketClientMessage = z.discriminatedUnion("op", [
  z.object({ op: z.literal("subscribe"), channels: Channels }),
  z.object({ op: z.literal("unsubscribe"), channels: Channels }),
  z.object({ op: z.literal("ping") }),
]);
export type MarketClientMessage = z.infer<typeof MarketClientMessage>;

/**
 * `{"channel":"ticker.BTCUSDT","data":{symbol, price, ts}}` (pinned). Market data is
 * coalesced per channel (last value wins): the first tick after a quiet window is sent at
 * once, later ones wait for the end of the 100 ms window (the documented bound is 250 ms),
 * so a burst of ticks within one window arrives as its last value only; `ts` is that
 * tick's time. Replies (subscribed, pong, error) are never coalesced.
 */
export const TickerMessage = z.object({
  channel: z.string(),
  data: z.object({ symbol: z.string(), price: DecimalString, ts: z.number().int() }),
});
export type TickerMessage = z.infer<typeof TickerMessage>;

/** `{"channel":"kline.1m.BTCUSDT","data":{symbol, interval, time, open, high, low, close, volume}}`: the current candle, coalesced like the ticker (latest value at most every 100 ms). */
export const KlineMessage = z.object({
  channel: z.string(),
  data: Kline.extend({ symbol: z.string(), interval: KlineInterval }),
});
export type KlineMessage = z.infer<typeof KlineMessage>;

export const MarketAckMessage = z.object({
  op: z.enum(["subscribed", "unsubscribed"]),
  /** The client's channels after the change. */
  channels: z.array(z.string()),
});
export const MarketPongMessage = z.object({ op: z.literal("pong"), ts: z.number().int() });
export const MarketErrorMessage = z.object({
  op: z.literal("error"),
  code: z.number().int(),
  message: z.string(),
  /** The channels that were refused, when the error is about channels. */
  channels: z.array(z.string()).optional(),
});

export const MarketServerMessage = z.union([
  TickerMessage,
  KlineMessage,
  MarketAckMessage,
  MarketPongMessage,
  MarketErrorMessage,
]);
export type MarketServerMessage = z.infer<typeof MarketServerMessage>;

// ---- operator: symbol settings (console Settings → Spreads) ----

/**
 * What an operator may set a symbol's spread to (full bid–ask width as a fraction of mid):
 * above 0 (a zero spread is never offered) and at most 5 % of mid, with at most 8 decimals
 * (0.00000001 = 0.000001 %). Checked by the server; the console shows the same bounds.
 */
export const SPREAD_LIMITS = { max: "0.05", decimals: 8 } as const;

/** A symbol with its settings as the console shows them (enabled and disabled alike). */
export const OperatorMarketSymbol = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  assetClass: AssetClass,
  spread: Spread,
  maxLeverage: z.number().int(),
  pricePrecision: z.number().int(),
  qtyPrecision: z.number().int(),
  /** False: no new trades; existing positions and orders still close and settle. */
  enabled: z.boolean(),
  tradingHours: TradingHours,
  marketOpen: z.boolean(),
  /** Last feed (mid) price and the bid/ask from the spread; null before the first tick. */
  price: DecimalString.nullable(),
  bid: DecimalString.nullable(),
  ask: DecimalString.nullable(),
});
export type OperatorMarketSymbol = z.infer<typeof OperatorMarketSymbol>;

/** Change one symbol's spread (admin). New quotes use it at once; open positions keep their prices. */
export const SpreadUpdateBody = z.object({
  symbol: SymbolCode,
  spread: DecimalInput.describe("fraction of mid, 0 < spread ≤ 0.05, at most 8 decimals (0.0004 = 0.04 %)"),
});
export type SpreadUpdateBody = z.infer<typeof SpreadUpdateBody>;

/** Sandbox only: record the simulated feed's last price as a future business date's daily close. */
export const SandboxDailyCloseBody = z.object({
  symbol: z.string().min(1).max(20),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type SandboxDailyCloseBody = z.infer<typeof SandboxDailyCloseBody>;
export const SandboxDailyClose = z.object({ symbol: z.string(), date: z.string(), close: z.string() });
export type SandboxDailyClose = z.infer<typeof SandboxDailyClose>;
