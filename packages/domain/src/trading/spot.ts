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

/** True when `value` has more decimals than `places` allows (quantities and prices by symbol precision). */
export function exceedsPrecision(value: DecimalInput, places: number): boolean {
  return dec(value).decimalPlaces() > places;
}

/**
 * What a limit order reserves until it fills or is cancelled: a buy holds the quote
 * cost at its limit plus the fee on it (a fill at a better price releases the rest);
 * a sell holds the base quantity.
 */
export function spotHold(
  side: Side,
  quantity: DecimalInput,
  limitPrice: DecimalInput,
  feeRate: DecimalInput,
): { asset: "quote" | "base"; amount: string } {
  if (side === "sell") return { asset: "base", amount: toMoneyString(quantity) };
  const notional = spotNotional(quantity, limitPrice);
  return { asset: "quote", amount: toMoneyString(dec(notional).plus(spotFee(notional, feeRate))) };
}

/**
 * The money of one fill at `price`: notional = quantity × price (truncated), fee on the
 * notional in the quote currency (rounded up). A buy pays notional + fee in quote and
 * receives the quantity in base; a sell pays the quantity and receives notional − fee.
 */
export function spotFill(side: Side, quantity: DecimalInput, price: DecimalInput, feeRate: DecimalInput) {
  const notional = spotNotional(quantity, price);
  const fee = spotFee(notional, feeRate);
  return {
    notional,
    fee,
    /** Quote currency leaving (buy) or reaching (sell) the customer, fee included. */
    quoteAmount: spotQuoteAmount(side, notional, fee),
    baseAmount: toMoneyString(quantity),
  };
}

/** Quote currency leaving (buy: notional + fee) or reaching (sell: notional − fee) the customer. */
export function spotQuoteAmount(side: Side, notional: DecimalInput, fee: DecimalInput): string {
  return toMoneyString(side === "buy" ? dec(notional).plus(fee) : dec(notional).minus(fee));
}

/**
 * The largest quantity (truncated to `qtyPrecision`) the available balance covers: a buy
 * pays quantity × price × (1 + fee), the fee rounded up as spotFill charges it; a sell gives
 * up the base. Null without a positive price for a buy.
 */
export function spotMaxQuantity(
  side: Side,
  available: DecimalInput,
  price: DecimalInput | null,
  feeRate: DecimalInput,
  qtyPrecision: number,
): string | null {
  if (side === "sell") return toMoneyString(dec(available).toDecimalPlaces(qtyPrecision, Decimal.ROUND_DOWN));
  if (price === null || dec(price).lte(0)) return null;
  const perUnit = dec(price).mul(dec(1).plus(feeRate));
  let q = dec(available).div(perUnit).toDecimalPlaces(qtyPrecision, Decimal.ROUND_DOWN);
  // The fee rounds up: step down until the exact cost fits.
  const step = dec(1).div(dec(10).pow(qtyPrecision));
  while (q.gt(0) && dec(spotFill("buy", q, price, feeRate).quoteAmount).gt(available)) q = q.minus(step);
  return toMoneyString(Decimal.max(q, 0));
}

/** A share (25 %, 50 %…) of a quantity, truncated to `places`. */
export function quantityShare(max: DecimalInput, percent: number, places: number): string {
  return toMoneyString(dec(max).mul(percent).div(100).toDecimalPlaces(places, Decimal.ROUND_DOWN));
}

/** Bid–ask width (a fraction of the mid price) as a percentage, 4 decimals half-up: "0.0005" → "0.05". */
export function spreadPercent(spread: DecimalInput): string {
  return toMoneyString(dec(spread).mul(100).toDecimalPlaces(4, Decimal.ROUND_HALF_UP));
}
