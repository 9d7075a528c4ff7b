// Candles from ticks and larger candles from smaller ones. Prices and volumes are
// decimal strings; comparisons and sums are exact (decimal.js).
import { dec } from "../money";
import { bucketStart, type KlineInterval } from "./intervals";

/** One candle; `time` is its open time in epoch ms (UTC). */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** One price observation: a trade or quote at `ts` (epoch ms) with the quantity traded (0 for quotes). */
export interface PriceTick {
  price: string;
  ts: number;
  volume?: string;
}

const max = (a: string, b: string) => (dec(b).gt(dec(a)) ? b : a);
const min = (a: string, b: string) => (dec(b).lt(dec(a)) ? b : a);
const add = (a: string, b: string) => dec(a).plus(dec(b)).toFixed();

/**
 * Fold one tick into the current candle of `interval`. A tick in a later bucket
 * closes the current candle and opens a new one; a tick from an earlier bucket
 * (late delivery) never rewrites a closed candle and is ignored.
 */
export function applyTick(
  current: Candle | null,
  tick: PriceTick,
  interval: KlineInterval,
): { candle: Candle; closed: Candle | null; ignored: boolean } {
  const time = bucketStart(tick.ts, interval);
  const volume = tick.volume ?? "0";
  if (current === null || time > current.time) {
    const candle = { time, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume };
    return { candle, closed: current, ignored: false };
  }
  if (time < current.time) return { candle: current, closed: null, ignored: true };
  return {
    candle: {
      time,
      open: current.open,
      high: max(current.high, tick.price),
      low: min(current.low, tick.price),
      close: tick.price,
      volume: add(current.volume, volume),
    },
    closed: null,
    ignored: false,
  };
}

/** Candles of `interval` from chronologically ordered ticks (gaps stay gaps: no empty candles). */
export function candlesFromTicks(ticks: readonly PriceTick[], interval: KlineInterval): Candle[] {
  const out: Candle[] = [];
  let current: Candle | null = null;
  for (const tick of ticks) {
    const r = applyTick(current, tick, interval);
    if (r.closed) out.push(r.closed);
    current = r.candle;
  }
  if (current) out.push(current);
  return out;
}

/** Merge a later candle into an earlier one of the same bucket (the bucket's open time is kept). */
export function mergeCandle(earlier: Candle, later: Candle, time = earlier.time): Candle {
  return {
    time,
    open: earlier.open,
    high: max(earlier.high, later.high),
    low: min(earlier.low, later.low),
    close: later.close,
    volume: add(earlier.volume, later.volume),
  };
}

/**
 * Candles of a larger `interval` from chronologically ordered smaller candles
 * (e.g. 1m → 5m, 1d → 1w). The smaller interval must divide the larger one.
 */
export function aggregateCandles(candles: readonly Candle[], interval: KlineInterval): Candle[] {
  const out: Candle[] = [];
  let current: Candle | null = null;
  for (const c of candles) {
    const time = bucketStart(c.time, interval);
    if (current && time === current.time) {
      current = mergeCandle(current, c, time);
    } else {
      if (current) out.push(current);
      current = { ...c, time };
    }
  }
  if (current) out.push(current);
  return out;
}
