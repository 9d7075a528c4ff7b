// Flash exchange (docs/contract.md "Money"): swap one currency for another at the live rate
// through USDT, with the disclosed spread shown before confirming; records.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { TradeRequestId } from "./options";

/** A currency code in requests (any case, normalised to upper case). */
const Currency = z
  .string()
  .trim()
  .min(2)
  .max(16)
  .regex(/^[A-Za-z0-9]+$/, "letters and digits only, e.g. USDT")
  .transform((s) => s.toUpperCase());

export const FlashExchangeBody = z.object({
  from: Currency,
  to: Currency,
  amount: PositiveDecimalInput,
  clientRequestId: TradeRequestId.optional(),
});
export type FlashExchangeBody = z.infer<typeof FlashExchangeBody>;

export const FlashQuoteQuery = z.object({ from: Currency, to: Currency, amount: PositiveDecimalInput });
export type FlashQuoteQuery = z.infer<typeof FlashQuoteQuery>;

const LegPrice = z.object({ bid: DecimalString, ask: DecimalString });

export const FlashQuote = z.object({
  from: z.string(),
  to: z.string(),
  amount: DecimalString,
  /** Units of TO per unit of FROM after the spread (FROM sold at its bid, TO bought at its ask). */
  rate: DecimalString,
  /** The same at mid prices (no spread). */
  midRate: DecimalString,
  received: DecimalString,
  /** Spread paid as a fraction of the mid value (0.0005 = 0.05 %). */
  spreadCost: DecimalString,
  /** Spread paid in TO units. */
  spreadCostAmount: DecimalString,
  fromPrice: LegPrice.describe("USDT price of one FROM unit"),
  toPrice: LegPrice.describe("USDT price of one TO unit"),
  fromBalanceBefore: DecimalString,
  fromBalanceAfter: DecimalString,
  toBalanceBefore: DecimalString,
  toBalanceAfter: DecimalString,
  /** False when the available FROM balance is below the amount (executing would be a 409). */
  sufficient: z.boolean(),
  /** True when a leg's tick is too old to trade at (QUOTE_MAX_AGE_*_MS): executing now would be a 409. */
  stale: z.boolean(),
  ts: z.number().int(),
});
export type FlashQuote = z.infer<typeof FlashQuote>;

export const FlashExchangeRecord = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  amount: DecimalString,
  rate: DecimalString,
  midRate: DecimalString,
  received: DecimalString,
  spreadCost: DecimalString,
  spreadCostAmount: DecimalString,
  fromPrice: LegPrice,
  toPrice: LegPrice,
  createdAt: IsoDate,
});
export type FlashExchangeRecord = z.infer<typeof FlashExchangeRecord>;

export const FlashExchangeListQuery = PageQuery;

export const FlashCurrency = z.object({
  currency: z.string(),
  /** Decimals of amounts in this currency. */
  precision: z.number().int(),
  /** Mid price in USDT; null before the first tick. */
  usdtPrice: DecimalString.nullable(),
});
export type FlashCurrency = z.infer<typeof FlashCurrency>;
