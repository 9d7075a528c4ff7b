// Spot orders against the feed: market orders fill at once at bid/ask, limit orders
// when the price crosses the limit.
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";

export type Side = "buy" | "sell";

/** Market orders: a buy pays the ask, a sell gets the bid. */
export function marketFillPrice(side: Side, bid: DecimalInput, ask: DecimalInput): string {
  return toMoneyString(side === "buy" ? ask : bid);
}

/** A buy limit fills when the ask is at or below the limit; a sell when the bid is at or above it. */
export function limitCrosses(side: Side, limit: DecimalInput, bid: DecimalInput, ask: DecimalInput): boolean {
  return side === "buy" ? dec(ask).lte(limit) : dec(bid).gte(limit);
}

/** A limit order fills at its limit price or better: the current bid/ask when better. */
export function limitFillPrice(side: Side, limit: DecimalInput, bid: DecimalInput, ask: DecimalInput): string {
  return toMoneyString(side === "buy" ? Decimal.min(limit, ask) : Decimal.max(limit, bid));
}

/** Quote cost of a buy (or proceeds of a sell) before fee, truncated to 8 decimals. */
export function spotNotional(quantity: DecimalInput, price: DecimalInput): string {
  return toMoneyString(dec(quantity).mul(price).toDecimalPlaces(8, Decimal.ROUND_DOWN));
}

export function spotFee(notional: DecimalInput, rate: DecimalInput): string {
  return toMoneyString(dec(notional).mul(rate).toDecimalPlaces(8, Decimal.ROUND_UP));
}
