// Flash exchange: swap one currency for another at the live rate, through USDT, with
// the disclosed spread paid on each leg (sell FROM at its bid, buy TO at its ask).
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";

export interface LegPrice {
  /** Price of one unit in USDT; USDT itself is 1/1. */
  bid: DecimalInput;
  ask: DecimalInput;
}

export const USDT_LEG: LegPrice = { bid: "1", ask: "1" };

/**
 * Units of TO received per unit of FROM, and the amount received for `amount`,
 * truncated to the TO currency's precision (never rounded in the customer's favour
 * beyond what the rate gives, never against them by more than one unit of precision).
 */
export function flashQuote(amount: DecimalInput, from: LegPrice, to: LegPrice, toPrecision: number) {
  const rate = dec(from.bid).div(to.ask);
  const received = dec(amount).mul(rate).toDecimalPlaces(toPrecision, Decimal.ROUND_DOWN);
  const midRate = dec(from.bid).plus(from.ask).div(2).div(dec(to.bid).plus(to.ask).div(2));
  return {
    rate: toMoneyString(rate.toDecimalPlaces(12, Decimal.ROUND_DOWN)),
    received: toMoneyString(received),
    /** The spread paid, as a fraction of the mid-rate value. */
    spreadCost: toMoneyString(
      midRate.isZero() ? dec(0) : midRate.minus(rate).div(midRate).toDecimalPlaces(6, Decimal.ROUND_UP),
    ),
    /** Units of TO per unit of FROM at the mid prices (no spread). */
    midRate: toMoneyString(midRate.toDecimalPlaces(12, Decimal.ROUND_DOWN)),
    /** The spread paid in TO units: what the mid rate would give minus what is received (≥ 0). */
    spreadCostAmount: toMoneyString(
      Decimal.max(0, dec(amount).mul(midRate).minus(received)).toDecimalPlaces(toPrecision, Decimal.ROUND_UP),
    ),
  };
}

/** A flash rate to show: 4 decimals at and above 1, 6 significant digits below (truncated). */
export function flashRateDigits(rate: DecimalInput): string {
  const d = dec(rate);
  return d.gte(1) ? d.toFixed(4, Decimal.ROUND_DOWN) : toMoneyString(d.toSignificantDigits(6, Decimal.ROUND_DOWN));
}

/** 1 / rate (units of FROM per TO), 10 significant digits truncated; null for a rate that is not positive. */
export function inverseRate(rate: DecimalInput): string | null {
  const d = dec(rate);
  if (d.lte(0)) return null;
  return toMoneyString(dec(1).div(d).toSignificantDigits(10, Decimal.ROUND_DOWN));
}

/** The spread cost (a fraction) as a percentage, 4 decimals rounded up (never understated): "0.0005" → "0.05". */
export function spreadCostPercent(spreadCost: DecimalInput): string {
  return toMoneyString(dec(spreadCost).mul(100).toDecimalPlaces(4, Decimal.ROUND_UP));
}
