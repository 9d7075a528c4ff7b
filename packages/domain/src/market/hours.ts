// Trading hours in UTC. Crypto trades around the clock; spot metals and forex trade
// from Sunday 22:00 to Friday 22:00 UTC (the usual retail session, ignoring the
// daily roll-over pause and the daylight-saving shift of one hour).
import { HOUR_MS } from "./intervals";

export type TradingHours =
  | { kind: "always" }
  /** Open from openDay openTime to closeDay closeTime each week; days 0 = Sunday … 6 = Saturday; times "HH:MM" UTC. */
  | { kind: "weekly"; openDay: number; openTime: string; closeDay: number; closeTime: string };

export const ALWAYS_OPEN: TradingHours = { kind: "always" };
export const FX_WEEK: TradingHours = { kind: "weekly", openDay: 0, openTime: "22:00", closeDay: 5, closeTime: "22:00" };

const WEEK_MINUTES = 7 * 24 * 60;

function weekMinute(day: number, time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return day * 24 * 60 + Number(h) * 60 + Number(m);
}

export function isMarketOpen(hours: TradingHours, timeMs: number): boolean {
  if (hours.kind === "always") return true;
  const d = new Date(timeMs);
  const now = d.getUTCDay() * 24 * 60 + d.getUTCHours() * 60 + d.getUTCMinutes();
  const open = weekMinute(hours.openDay, hours.openTime) % WEEK_MINUTES;
  const close = weekMinute(hours.closeDay, hours.closeTime) % WEEK_MINUTES;
  return open < close ? now >= open && now < close : now >= open || now < close;
}

/** True when the market is open at some moment of [fromMs, toMs) (closures last longer than a day). */
export function isOpenDuring(hours: TradingHours, fromMs: number, toMs: number): boolean {
  return isMarketOpen(hours, fromMs) || isMarketOpen(hours, toMs - 1);
}

/**
 * The latest start time such that the market was open for at least `openMs` between
 * it and `endMs` (whole hours; session boundaries are on the hour). Used to size the
 * generated history so a forex chart is as full as a crypto one over a weekend.
 */
export function openWindowStart(hours: TradingHours, endMs: number, openMs: number): number {
  if (hours.kind === "always") return endMs - openMs;
  let t = Math.floor(endMs / HOUR_MS) * HOUR_MS;
  let open = 0;
  if (isMarketOpen(hours, t)) open += endMs - t;
  // Bounded: even a market open one hour a week reaches any target within 168× its length.
  for (let i = 0; i < 200_000 && open < openMs; i++) {
    t -= HOUR_MS;
    if (isMarketOpen(hours, t)) open += HOUR_MS;
  }
  return t;
}
