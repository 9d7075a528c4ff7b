// Prices the customer deals at: the feed price (mid) plus the disclosed spread.
import { Decimal, type DecimalInput, dec } from "../money";

/**
 * Bid and ask around the mid price. `spread` is the full bid–ask width as a fraction
 * of the mid (0.0005 = 0.05 %); the bid is rounded down and the ask up to the price
 * precision, so the customer never gets a narrower spread than disclosed.
 */
export function quoteFromMid(
  price: DecimalInput,
  spread: DecimalInput,
  precision: number,
): { bid: string; ask: string } {
  const mid = dec(price);
  const half = mid.mul(dec(spread)).div(2);
  return {
    bid: mid.minus(half).toFixed(precision, Decimal.ROUND_FLOOR),
    ask: mid.plus(half).toFixed(precision, Decimal.ROUND_CEIL),
  };
}

/**
 * The mid of a venue's best bid and best ask, exact (half of a finite decimal is finite,
 * so nothing is rounded): how a bid/ask-only feed (OANDA) becomes one price.
 */
export function midOf(bid: DecimalInput, ask: DecimalInput): string {
  return dec(bid).plus(dec(ask)).div(2).toFixed();
}
