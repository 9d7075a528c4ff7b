// Pure helpers of the spot screen: the price an order would fill at, the preview of
// cost/proceeds with the fee, the largest quantity the balance allows, and the checks
// of quantity and price (the symbol's precision, the minimum order value, the balance).
// Money math is the domain's, the same functions the server fills with.
import type { SpotOrder } from "@candor/contract";
import {
  dec,
  spreadPercent as domainSpreadPercent,
  formatAmount,
  isDecimal,
  marketFillPrice,
  quantityShare,
  spotFill,
  spotMaxQuantity,
  spotQuoteAmount,
} from "@candor/domain";
import { localizeNumber } from "../../lib/format";
import { type AmountProblem, amountProblem } from "../../lib/trading/amount";

export type Side = "buy" | "sell";
export type OrderType = "market" | "limit";

export interface PreviewInput {
  side: Side;
  type: OrderType;
  quantity: string;
  /** Limit price (limit orders). */
  limitPrice: string;
  bid: string | null;
  ask: string | null;
  feeRate: string;
}

export interface SpotPreview {
  /** The price used: the current ask/bid for market orders, the limit for limit orders. */
  price: string;
  notional: string;
  fee: string;
  /** Buy: quote paid (notional + fee); sell: quote received (notional − fee). */
  total: string;
}

const positive = (v: string) => isDecimal(v.trim()) && dec(v.trim()).gt(0);

/** The price a new order is valued at, or null while it cannot be known. */
export function previewPrice(input: Pick<PreviewInput, "side" | "type" | "limitPrice" | "bid" | "ask">): string | null {
  if (input.type === "limit") return positive(input.limitPrice) ? input.limitPrice.trim() : null;
  if (input.bid === null || input.ask === null) return null;
  return marketFillPrice(input.side, input.bid, input.ask);
}

export function spotPreview(input: PreviewInput): SpotPreview | null {
  const price = previewPrice(input);
  if (price === null || !positive(input.quantity)) return null;
  const fill = spotFill(input.side, input.quantity.trim(), price, input.feeRate);
  return { price, notional: fill.notional, fee: fill.fee, total: fill.quoteAmount };
}

/**
 * The largest quantity (truncated to the symbol's qtyPrecision) that the available
 * balance covers: a buy pays quantity × price × (1 + fee); a sell gives up the base.
 */
export function maxQuantity(
  side: Side,
  available: string | null,
  price: string | null,
  feeRate: string,
  qtyPrecision: number,
): string | null {
  if (available === null) return null;
  return spotMaxQuantity(side, available, price, feeRate, qtyPrecision);
}

/** A share (25 %, 50 %…) of the largest quantity, truncated to the precision. */
export function shareOf(max: string, percent: number, qtyPrecision: number): string {
  return quantityShare(max, percent, qtyPrecision);
}

export type SpotProblem = AmountProblem | { kind: "minNotional"; min: string; currency: string };

export interface OrderChecks {
  quantity: SpotProblem | null;
  price: AmountProblem | null;
}

/**
 * What is wrong with the order as typed. The balance check uses what the order needs:
 * quote incl. fee for a buy (at the limit, or the current ask), base for a sell.
 */
export function checkOrder(
  input: PreviewInput & {
    pricePrecision: number;
    qtyPrecision: number;
    minNotional: string;
    quoteCurrency: string;
    availableBase: string | null;
    availableQuote: string | null;
  },
): OrderChecks {
  const price = input.type === "limit" ? amountProblem(input.limitPrice, { places: input.pricePrecision }) : null;
  const quantity = amountProblem(input.quantity, {
    places: input.qtyPrecision,
    available: input.side === "sell" ? input.availableBase : null,
  });
  if (quantity || price) return { quantity, price };
  const preview = spotPreview(input);
  if (preview && dec(preview.notional).lt(input.minNotional)) {
    return { quantity: { kind: "minNotional", min: input.minNotional, currency: input.quoteCurrency }, price };
  }
  if (preview && input.side === "buy" && input.availableQuote !== null && dec(preview.total).gt(input.availableQuote)) {
    return { quantity: { kind: "insufficient", available: input.availableQuote }, price };
  }
  return { quantity: null, price: null };
}

/** Bid–ask width as a percentage of the mid price: "0.05". */
export const spreadPercent = (spread: string): string => domainSpreadPercent(spread);

/** Quantity to base units and the quote value filled, for the order lists. */
export function filledValue(order: Pick<SpotOrder, "side" | "notional" | "fee">): string | null {
  if (order.notional === null || order.fee === null) return null;
  return spotQuoteAmount(order.side, order.notional, order.fee);
}

/**
 * An exact amount for display: grouped, truncated to `maxPlaces`, trailing zeros dropped
 * down to `minPlaces` ("918.27880000" → "918.2788", "500.5" → "500.50"). "--" when missing.
 */
export function showExact(value: string | null | undefined, minPlaces = 2, maxPlaces = 8): string {
  if (value === null || value === undefined || value === "" || !isDecimal(value)) return "--";
  const text = formatAmount(value, maxPlaces);
  const [int, frac = ""] = text.split(".");
  let f = frac.replace(/0+$/, "");
  if (f.length < minPlaces) f = f.padEnd(minPlaces, "0");
  return localizeNumber(f ? `${int}.${f}` : (int ?? "0"));
}
