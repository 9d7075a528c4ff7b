// Short-term options ("second contract"), docs/contract.md "Contracts (futures) and options":
// settings per symbol, buy, my orders with the ticks that decided them, whether options
// are offered to the caller, and the operator's settings editor.
import { z } from "zod";
import { compareAmounts, DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { SymbolCode } from "./market";
import { IndexComponent } from "./market-index";

/** Real money (USDT, "spot" account) or demo money (VUSDT, "demo" account). */
export const OptionMode = z.enum(["real", "demo"]);
export type OptionMode = z.infer<typeof OptionMode>;

/** Optional idempotency key chosen by the client: a retry with the same key returns the first result. */
export const TradeRequestId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _ . : - only");

export const OptionSetQuery = z.object({ symbol: SymbolCode });

export const OptionSetting = z.object({
  id: z.number().int(),
  symbol: z.string(),
  periodSeconds: z.number().int(),
  /** Profit share: a winning stake s returns s × (1 + payoutRate); a draw returns s; a loss 0. */
  payoutRate: DecimalString,
  minAmount: DecimalString,
  maxAmount: DecimalString,
});
export type OptionSetting = z.infer<typeof OptionSetting>;

export const OptionDirection = z.enum(["up", "down"]);
export const OptionResult = z.enum(["win", "lose", "draw"]);

export const OptionBuyBody = z.object({
  symbol: SymbolCode,
  setId: z.coerce.number().int().positive(),
  direction: OptionDirection,
  amount: PositiveDecimalInput,
  mode: OptionMode.default("real"),
  clientRequestId: TradeRequestId.optional(),
});
export type OptionBuyBody = z.infer<typeof OptionBuyBody>;

/**
 * A recorded tick that decided an order: mid price and its time (ms); for an index price
 * (MARKET_FEED=index) also the venues' readings it was made of.
 */
export const EvidenceTick = z.object({
  price: DecimalString,
  ts: z.number().int(),
  sources: z.array(IndexComponent).optional(),
});

export const OptionOrder = z.object({
  id: z.number().int(),
  symbol: z.string(),
  direction: OptionDirection,
  /** Stake. */
  amount: DecimalString,
  /** Mid price of the latest tick when the order was bought. */
  openPrice: DecimalString,
  /** Mid price of the first recorded tick at or after expiry; null while open. */
  closePrice: DecimalString.nullable(),
  result: OptionResult.nullable(),
  /** Total returned (stake included): win s × (1 + payoutRate), draw s, loss 0; null while open. */
  payout: DecimalString.nullable(),
  /** cancelled: a demo order refunded by a demo reset. */
  status: z.enum(["open", "settled", "cancelled"]),
  expiresAt: IsoDate,
  mode: OptionMode,
  currency: z.string(),
  setId: z.number().int(),
  periodSeconds: z.number().int(),
  payoutRate: DecimalString,
  createdAt: IsoDate,
  settledAt: IsoDate.nullable(),
  /** Evidence: the tick the order opened at, and the tick that settled it. */
  openTick: EvidenceTick,
  closeTick: EvidenceTick.nullable(),
});
export type OptionOrder = z.infer<typeof OptionOrder>;

export const OptionListQuery = PageQuery.extend({
  status: z.enum(["open", "settled", "cancelled"]).optional(),
  symbol: SymbolCode.optional(),
  mode: OptionMode.default("real"),
});
export type OptionListQuery = z.infer<typeof OptionListQuery>;

/** Whether short-term options are offered to the caller, and why not. */
export const OptionAvailability = z.object({
  offered: z.boolean(),
  /** The caller's country (registration country until identity verification sets it); null if unknown. */
  country: z.string().nullable(),
  reason: z.enum(["countryBlocked"]).nullable(),
  /** The explanation in the request language; null when offered. */
  message: z.string().nullable(),
});
export type OptionAvailability = z.infer<typeof OptionAvailability>;

export const OperatorOptionSetting = OptionSetting.extend({
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  updatedAt: IsoDate,
});
export type OperatorOptionSetting = z.infer<typeof OperatorOptionSetting>;

export const OperatorOptionSetQuery = z.object({ symbol: SymbolCode.optional() });

/** Create (no id) or change (id) one period of a symbol. */
export const OperatorOptionSetBody = z
  .object({
    id: z.number().int().positive().optional(),
    symbol: SymbolCode,
    periodSeconds: z.number().int().min(5).max(86_400),
    payoutRate: PositiveDecimalInput.refine((v) => compareAmounts(v, "5") <= 0, { message: "at most 5" }),
    minAmount: PositiveDecimalInput,
    maxAmount: PositiveDecimalInput,
    enabled: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((b) => compareAmounts(b.maxAmount, b.minAmount) >= 0, {
    message: "maxAmount must be at least minAmount",
    path: ["maxAmount"],
  });
export type OperatorOptionSetBody = z.infer<typeof OperatorOptionSetBody>;
