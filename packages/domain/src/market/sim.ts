// The simulated market: a seeded mean-reverting random walk in log price
// (Ornstein–Uhlenbeck), one tick every 250–1,000 ms per symbol. The walk itself runs
// on JS numbers — it *invents* prices — and every price leaves here as a decimal
// string rounded to the symbol's precision; from then on prices are exact decimals.
import type { Candle } from "./candles";
import { isOpenDuring, type TradingHours } from "./hours";
import { DAY_MS } from "./intervals";
import type { Rng } from "./random";

export const YEAR_MS = 365 * DAY_MS;
export const SIM_TICK_MIN_MS = 250;
export const SIM_TICK_MAX_MS = 1000;
/** Half-life of the pull back to the reference price: long enough to trend for weeks, short enough to never run away. */
export const SIM_REVERSION_HALF_LIFE_MS = 120 * DAY_MS;

export interface SimParams {
  /** Annualised volatility of log returns (0.6 = 60 %). */
  volatility: number;
  /** The level the walk reverts to (a realistic price for the symbol). */
  referencePrice: number;
  pricePrecision: number;
  qtyPrecision: number;
  /** Typical base quantity traded per day, for candle volumes. */
  dailyVolume: number;
  hours: TradingHours;
}

/**
 * One step of the walk over `dtMs`. The process is time-reversible, so the same step
 * also walks backwards (used to generate history that ends at a chosen price).
 */
export function simStep(price: number, dtMs: number, params: SimParams, rng: Rng): number {
  const theta = Math.LN2 / (SIM_REVERSION_HALF_LIFE_MS / YEAR_MS);
  const dt = dtMs / YEAR_MS;
  const decay = Math.exp(-theta * dt);
  const sd = params.volatility * Math.sqrt((1 - decay * decay) / (2 * theta));
  const x = Math.log(price / params.referencePrice);
  return params.referencePrice * Math.exp(x * decay + sd * rng.gaussian());
}

export function formatPrice(price: number, precision: number): string {
  return price.toFixed(precision);
}

/** Quantity traded over `dtMs` around the symbol's daily volume (log-normal noise). */
export function simVolume(dtMs: number, params: SimParams, rng: Rng): number {
  return params.dailyVolume * (dtMs / DAY_MS) * Math.exp(0.6 * rng.gaussian() - 0.18);
}

export interface SimTick {
  /** Wait before this tick, after the previous one. */
  delayMs: number;
  price: number;
  volume: number;
}

/** The wait before a walk's next tick: uniform in [250, 1000] ms. */
export const simTickDelay = (rng: Rng): number => rng.int(SIM_TICK_MIN_MS, SIM_TICK_MAX_MS);

/**
 * The tick that ends a wait of `delayMs`: the new price and the traded quantity. The live feed
 * draws it when the wait is over, not when it starts (feeds/sim.ts in the server).
 */
export function simTickAfter(price: number, delayMs: number, params: SimParams, rng: Rng): SimTick {
  return { delayMs, price: simStep(price, delayMs, params, rng), volume: simVolume(delayMs, params, rng) };
}

/**
 * The next live tick of one symbol's walk: a delay in [250, 1000] ms, the new price and the
 * traded quantity (the same draws, in the same order, as simTickDelay then simTickAfter).
 */
export function nextSimTick(price: number, params: SimParams, rng: Rng): SimTick {
  return simTickAfter(price, simTickDelay(rng), params, rng);
}

/**
 * One simulated candle over [time, time + widthMs). Walks forward from `open`
 * (direction "forward") or backward from `close` ("backward") in a few sub-steps,
 * takes the extremes of the path plus a small wick. Returns the candle and the
 * price at its far end (the close going forward, the open going backward).
 */
export function simCandle(
  time: number,
  widthMs: number,
  anchor: number,
  direction: "forward" | "backward",
  params: SimParams,
  rng: Rng,
): { candle: Candle; farPrice: number } {
  const steps = 6;
  const sub = widthMs / steps;
  const path = [anchor];
  let p = anchor;
  for (let i = 0; i < steps; i++) {
    p = simStep(p, sub, params, rng);
    path.push(p);
  }
  const first = direction === "forward" ? anchor : p;
  const last = direction === "forward" ? p : anchor;
  const wick = params.volatility * Math.sqrt(sub / YEAR_MS) * 0.4;
  const round = (v: number) => Number(v.toFixed(params.pricePrecision));
  const open = round(first);
  const close = round(last);
  const high = Math.max(open, close, round(Math.max(...path) * (1 + Math.abs(rng.gaussian()) * wick)));
  const low = Math.min(open, close, round(Math.min(...path) * (1 - Math.abs(rng.gaussian()) * wick)));
  const f = (v: number) => formatPrice(v, params.pricePrecision);
  return {
    candle: {
      time,
      open: f(open),
      high: f(high),
      low: f(low),
      close: f(close),
      volume: simVolume(widthMs, params, rng).toFixed(params.qtyPrecision),
    },
    farPrice: direction === "forward" ? close : open,
  };
}

/** True when the simulated market produces candles/ticks in [from, to). */
export const simTrades = (params: SimParams, from: number, to: number) => isOpenDuring(params.hours, from, to);
