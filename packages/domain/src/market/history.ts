// Generated history for the simulated market, and the stored candle tiers.
//
// Only four candle widths are stored ("tiers": 1m, 15m, 1h, 1d); every kline interval
// is derived from the finest tier that divides it. History is generated coarse far
// back and fine near now (e.g. 1d candles for a year, 1h for 90 days, 15m for two
// weeks, 1m for two days), and each tier row is the roll-up of everything finer, so
// the tiers always agree where they overlap.
import { aggregateCandles, type Candle, mergeCandle } from "./candles";
import { openWindowStart } from "./hours";
import { DAY_MS, intervalMs, type KlineInterval } from "./intervals";
import type { Rng } from "./random";
import { type SimParams, simCandle, simTrades } from "./sim";

export const CANDLE_TIERS = ["1m", "15m", "1h", "1d"] as const;
export type CandleTier = (typeof CANDLE_TIERS)[number];

/** The stored tier each kline interval is derived from. */
export const TIER_FOR_INTERVAL: Record<KlineInterval, CandleTier> = {
  "1m": "1m",
  "5m": "1m",
  "15m": "15m",
  "30m": "15m",
  "1h": "1h",
  "4h": "1h",
  "1d": "1d",
  "1w": "1d",
};

/** How much market-open time each tier of generated history covers (finest first). */
export type HistorySize = Record<CandleTier, number>;

export const HISTORY_FULL: HistorySize = {
  "1m": 2 * DAY_MS,
  "15m": 14 * DAY_MS,
  "1h": 90 * DAY_MS,
  "1d": 400 * DAY_MS,
};
/** For tests: a few hours of everything. */
export const HISTORY_SMALL: HistorySize = {
  "1m": 3 * 3_600_000,
  "15m": 1 * DAY_MS,
  "1h": 3 * DAY_MS,
  "1d": 30 * DAY_MS,
};

export interface HistorySegment {
  tier: CandleTier;
  from: number;
  to: number;
}

/**
 * The time ranges generated at each width, oldest first, ending at `endMs`. Range
 * starts are whole UTC days so every coarser bucket is made of whole finer ones.
 * With `startMs` (filling a gap after a restart) everything before it is cut off,
 * and a piece before the first whole bucket of a coarse range is filled with 1m candles.
 */
export function historySegments(
  params: Pick<SimParams, "hours">,
  endMs: number,
  size: HistorySize,
  startMs?: number,
): HistorySegment[] {
  const starts = CANDLE_TIERS.map((tier) => {
    const s = openWindowStart(params.hours, endMs, size[tier]);
    return Math.floor(s / DAY_MS) * DAY_MS;
  });
  // Coarser tiers reach at least as far back as finer ones.
  for (let i = 1; i < starts.length; i++) starts[i] = Math.min(starts[i] as number, starts[i - 1] as number);
  const segments: HistorySegment[] = [];
  for (let i = CANDLE_TIERS.length - 1; i >= 0; i--) {
    const tier = CANDLE_TIERS[i] as CandleTier;
    let from = starts[i] as number;
    const to = i === 0 ? endMs : (starts[i - 1] as number);
    if (startMs !== undefined) from = Math.max(from, startMs);
    if (from >= to) continue;
    const aligned = Math.min(to, Math.ceil(from / intervalMs(tier)) * intervalMs(tier));
    if (aligned > from) segments.push({ tier: "1m", from, to: aligned });
    if (to > aligned) segments.push({ tier, from: aligned, to });
  }
  return segments;
}

export interface GeneratedCandle {
  tier: CandleTier;
  candle: Candle;
}

/**
 * Simulated candles for the given segments, oldest first. Anchored at the end (first
 * start: history that ends exactly at `price`, so the live walk continues from it) or
 * at the start (after a restart: continue from the last stored close). Candles while
 * the market is closed are skipped; the price carries over the closure.
 */
export function generateHistory(
  segments: readonly HistorySegment[],
  anchor: { side: "end" | "start"; price: number },
  params: SimParams,
  rng: Rng,
): GeneratedCandle[] {
  const slots: { tier: CandleTier; time: number; width: number }[] = [];
  for (const seg of segments) {
    const w = intervalMs(seg.tier);
    for (let t = seg.from; t < seg.to; t += w) {
      const width = Math.min(w, seg.to - t);
      if (simTrades(params, t, t + width)) slots.push({ tier: seg.tier, time: t, width });
    }
  }
  const out: GeneratedCandle[] = new Array(slots.length);
  let price = anchor.price;
  if (anchor.side === "end") {
    for (let i = slots.length - 1; i >= 0; i--) {
      const s = slots[i] as (typeof slots)[number];
      const r = simCandle(s.time, s.width, price, "backward", params, rng);
      out[i] = { tier: s.tier, candle: r.candle };
      price = r.farPrice;
    }
  } else {
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i] as (typeof slots)[number];
      const r = simCandle(s.time, s.width, price, "forward", params, rng);
      out[i] = { tier: s.tier, candle: r.candle };
      price = r.farPrice;
    }
  }
  return out;
}

const tierRank = (tier: CandleTier) => CANDLE_TIERS.indexOf(tier);

/**
 * Rows of every stored tier from generated candles (oldest first): a tier's rows are
 * the roll-up of all candles at most as wide. `open` holds the tier rows already
 * stored for the first bucket (after a restart), merged in so nothing is lost.
 */
export function rollUpTiers(
  items: readonly GeneratedCandle[],
  open: Partial<Record<CandleTier, Candle>> = {},
): Record<CandleTier, Candle[]> {
  const result = {} as Record<CandleTier, Candle[]>;
  for (const tier of CANDLE_TIERS) {
    const finer = items.filter((it) => tierRank(it.tier) <= tierRank(tier)).map((it) => it.candle);
    const rows = aggregateCandles(finer, tier);
    const existing = open[tier];
    if (existing && rows[0] && rows[0].time === existing.time) rows[0] = mergeCandle(existing, rows[0]);
    result[tier] = rows;
  }
  return result;
}

/** Kline candles of `interval` from rows of its tier (oldest first). */
export function deriveInterval(tierRows: readonly Candle[], interval: KlineInterval): Candle[] {
  return TIER_FOR_INTERVAL[interval] === interval ? [...tierRows] : aggregateCandles(tierRows, interval);
}
