// Kline intervals and the time buckets they cut. All times are UTC epoch milliseconds;
// weeks start on Monday 00:00 UTC, as on most exchanges.

export const KLINE_INTERVALS = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

const widthMs: Record<KlineInterval, number> = {
  "1m": MINUTE_MS,
  "5m": 5 * MINUTE_MS,
  "15m": 15 * MINUTE_MS,
  "30m": 30 * MINUTE_MS,
  "1h": HOUR_MS,
  "4h": 4 * HOUR_MS,
  "1d": DAY_MS,
  "1w": WEEK_MS,
};

/** 1970-01-01 was a Thursday; the first Monday is 4 days later. */
const FIRST_MONDAY_MS = 4 * DAY_MS;

export function isKlineInterval(value: unknown): value is KlineInterval {
  return typeof value === "string" && (KLINE_INTERVALS as readonly string[]).includes(value);
}

export function intervalMs(interval: KlineInterval): number {
  return widthMs[interval];
}

/** Open time of the candle of `interval` that contains `timeMs`. */
export function bucketStart(timeMs: number, interval: KlineInterval): number {
  const width = widthMs[interval];
  const origin = interval === "1w" ? FIRST_MONDAY_MS : 0;
  return Math.floor((timeMs - origin) / width) * width + origin;
}

/** Open time of the candle after the one containing `timeMs`. */
export function nextBucketStart(timeMs: number, interval: KlineInterval): number {
  return bucketStart(timeMs, interval) + widthMs[interval];
}

/** True when every candle of `coarse` is made of whole candles of `fine`. */
export function divides(fine: KlineInterval, coarse: KlineInterval): boolean {
  if (fine === coarse) return true;
  if (coarse === "1w") return widthMs[fine] <= DAY_MS && DAY_MS % widthMs[fine] === 0;
  if (fine === "1w") return false;
  return widthMs[coarse] % widthMs[fine] === 0;
}
