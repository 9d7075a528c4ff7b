// Earn (docs/contract.md "Earn" and "Sandbox test clock"): fixed-term ("arbitrage" in the seed's
// routes), automated strategies ("AI quant" in the seed), mining and debt claims. Every
// amount moves through the ledger; every rate says what it is (`rateBasis`); no product
// promises a return. Pinned fields first in each shape, then ours.
import { z } from "zod";
import { compareAmounts, DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { TradeRequestId } from "./options";

// ── Sandbox test clock ────────────────────────────────────────────────────────────────

export const ClockAdvanceBody = z.object({
  seconds: z.coerce
    .number()
    .int("whole seconds")
    .min(1)
    .max(366 * 86_400),
});
export type ClockAdvanceBody = z.infer<typeof ClockAdvanceBody>;

export const ClockNow = z.object({
  now: IsoDate,
  /** Business clock minus real time, in ms (0 unless advanced in sandbox). */
  offsetMs: z.number().int(),
  /** Scheduled jobs run by this advance (0 for GET). */
  jobsRun: z.number().int().optional(),
});
export type ClockNow = z.infer<typeof ClockNow>;

// ── Products ─────────────────────────────────────────────────────────────────────────

export const EarnType = z.enum(["arbitrage", "quant", "mining", "debt"]);
export type EarnType = z.infer<typeof EarnType>;

/** fixed: a rate the platform pays (arbitrage) or the borrower's contractual rate (debt);
 * variable: depends on published inputs (mining); historical: no rate, only past results (quant). */
export const RateBasis = z.enum(["fixed", "variable", "historical"]);
export type RateBasis = z.infer<typeof RateBasis>;

/** open: can be bought; upcoming: sales not started; paused by the operator; sold_out; ended. */
export const EarnProductStatus = z.enum(["open", "upcoming", "paused", "sold_out", "ended"]);
export type EarnProductStatus = z.infer<typeof EarnProductStatus>;

export const StrategyKind = z.enum(["grid", "trend"]);
export type StrategyKind = z.infer<typeof StrategyKind>;

export const GridParams = z.object({
  /** Grid range as a fraction around the price at start ("0.05" = ±5 %). */
  rangePct: DecimalString,
  /** Number of grid levels (2–50). */
  levels: z.number().int().min(2).max(50),
});
export const TrendParams = z.object({
  /** Candle interval the moving averages are computed on. */
  interval: z.enum(["1m", "5m", "15m", "1h"]),
  fast: z.number().int().min(2).max(50),
  slow: z.number().int().min(3).max(200),
});

export const EarnProduct = z.object({
  id: z.number().int(),
  type: EarnType,
  /** In the request's language. */
  name: z.string(),
  currency: z.string(),
  termDays: z.number().int(),
  /** A fraction per day ("0.0012" = 0.12 % a day); null where the return is not fixed. */
  dailyRate: DecimalString.nullable(),
  rateBasis: RateBasis,
  minAmount: DecimalString,
  maxAmount: DecimalString,
  vipLevel: z.number().int(),
  status: EarnProductStatus,
  /** Plain-language risk notice in the request's language. */
  riskNotice: z.string(),
  description: z.string(),
  /** Most one customer may have in running orders of this product; null = only maxAmount per order. */
  perCustomerLimit: DecimalString.nullable(),
  /** Early redemption of a running order: allowed (interest paid so far is deducted) or not offered. */
  earlyRedemption: z.boolean(),
  /** When sales open and close (null = no limit). */
  saleStartAt: IsoDate.nullable(),
  saleEndAt: IsoDate.nullable(),
  // debt
  totalAmount: DecimalString.optional(),
  remainingAmount: DecimalString.optional(),
  borrower: z.string().optional(),
  /** What happens if the borrower does not pay, in plain words. */
  defaultPolicy: z.string().optional(),
  /** Repayment schedule per 100 units invested: dates are filled in once the loan starts. */
  repaymentSchedule: z
    .array(z.object({ day: z.number().int(), kind: z.enum(["interest", "principal"]), per100: DecimalString }))
    .optional(),
  // mining: the machine
  manufacturer: z.string().optional(),
  model: z.string().optional(),
  /** Rated hashrate of one machine, TH/s. */
  hashrate: DecimalString.optional(),
  /** Power draw of one machine, watts. */
  power: DecimalString.optional(),
  size: z.string().optional(),
  weight: z.string().optional(),
  temperature: z.string().optional(),
  humidity: z.string().optional(),
  network: z.string().optional(),
  // mining: the inputs of the daily-output formula (see MiningInputs)
  pricePerTh: DecimalString.optional(),
  inputs: z
    .object({
      /** BTC paid by the network per TH/s per day (operator-published). */
      rewardPerThDay: DecimalString,
      /** BTC price in USDT from the feed; null before the first tick. */
      btcPrice: DecimalString.nullable(),
      btcPriceTs: z.number().int().nullable(),
      /** USDT per kWh (operator-set). */
      electricityPrice: DecimalString,
      /** Today's net output of 1 TH/s in USDT at these inputs (never below 0). */
      outputPerThDay: DecimalString.nullable(),
    })
    .optional(),
  // quant
  strategy: StrategyKind.optional(),
  symbol: z.string().optional(),
  params: z.union([GridParams, TrendParams]).optional(),
  /** The strategy's rules in plain words, in the request's language. */
  rules: z.string().optional(),
});
export type EarnProduct = z.infer<typeof EarnProduct>;

export const EarnProductListQuery = z.object({ type: EarnType.optional() });
export const EarnProductIdQuery = z.object({ id: z.coerce.number().int().positive() });

// ── Orders ───────────────────────────────────────────────────────────────────────────

export const EarnBuyBody = z.object({
  productId: z.coerce.number().int().positive(),
  amount: PositiveDecimalInput,
  /** Retrying with the same id returns the first order (idempotent). */
  clientRequestId: TradeRequestId.optional(),
});
export type EarnBuyBody = z.infer<typeof EarnBuyBody>;

export const EarnOrderStatus = z.enum(["running", "ended", "frozen", "not_started", "cancelled"]);
export type EarnOrderStatus = z.infer<typeof EarnOrderStatus>;

/** Why an order ended: its term, stopped (quant) or redeemed early by the customer,
 * repaid by the borrower, or the borrower defaulted (debt). */
export const EarnEndReason = z.enum(["term", "stopped", "redeemed", "repaid", "defaulted", "cancelled"]);

export const EarnOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  type: EarnType,
  currency: z.string(),
  amount: DecimalString,
  /** Income credited today (business day, UTC); for quant the change in value since 00:00 UTC. */
  todayIncome: DecimalString,
  /** Income credited so far; for quant the value now minus the amount put in (may be negative). */
  totalIncome: DecimalString,
  remainingDays: z.number().int(),
  status: EarnOrderStatus,
  startAt: IsoDate,
  endAt: IsoDate,
  // ours
  termDays: z.number().int(),
  dailyRate: DecimalString.nullable(),
  rateBasis: RateBasis,
  /** Days of income credited so far. */
  accruedDays: z.number().int(),
  endReason: EarnEndReason.nullable(),
  endedAt: IsoDate.nullable(),
  /** Principal (or value) returned at the end; null while running. */
  returnedAmount: DecimalString.nullable(),
  earlyRedemption: z.boolean(),
  /** Mining: the hashrate bought, TH/s. */
  hashrate: DecimalString.nullable(),
  /** Quant: value now at the live bid (cash + holdings), and the holdings. */
  value: DecimalString.nullable(),
  holdings: z.object({ base: z.string(), quantity: DecimalString, cash: DecimalString }).nullable(),
  symbol: z.string().nullable(),
  strategy: StrategyKind.nullable(),
});
export type EarnOrder = z.infer<typeof EarnOrder>;

export const EarnOrderListQuery = PageQuery.extend({
  type: EarnType.optional(),
  status: EarnOrderStatus.optional(),
});
export type EarnOrderListQuery = z.infer<typeof EarnOrderListQuery>;

export const EarnOrderIdBody = z.object({ id: z.coerce.number().int().positive() });

/** Totals of one kind of earn product (the fixed-term screen's header), or of all when omitted. */
export const EarnOrderStatQuery = z.object({ type: EarnType.optional() });
export type EarnOrderStatQuery = z.infer<typeof EarnOrderStatQuery>;

export const EarnOrderStat = z.object({
  running: z.number().int(),
  totalAmount: DecimalString,
  totalIncome: DecimalString,
  todayIncome: DecimalString,
});
export type EarnOrderStat = z.infer<typeof EarnOrderStat>;

/** One credited income (interest day, mining payout, debt repayment share) with its inputs. */
export const EarnIncome = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  /** Business date it is for (YYYY-MM-DD, UTC). */
  date: z.string(),
  kind: z.enum(["interest", "mining", "repayment", "recovery", "forfeit"]),
  amount: DecimalString,
  /** Mining: the formula's inputs on that day; interest: amount × dailyRate; debt: the repayment. */
  inputs: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  /** The ledger transfer that paid it (visible in the balance log). */
  transferId: z.number().int().nullable(),
  createdAt: IsoDate,
});
export type EarnIncome = z.infer<typeof EarnIncome>;

export const EarnIncomeQuery = PageQuery.extend({ orderId: z.coerce.number().int().positive() });

/** Quant: one fill of the strategy, executed through the spot engine at the tick shown. */
export const QuantFill = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  symbol: z.string(),
  side: z.enum(["buy", "sell"]),
  price: DecimalString,
  quantity: DecimalString,
  fee: DecimalString,
  /** Why: grid level crossed, moving averages crossed, stop, term end. */
  reason: z.string(),
  tickBid: DecimalString,
  tickAsk: DecimalString,
  tickTs: z.number().int(),
  createdAt: IsoDate,
});
export type QuantFill = z.infer<typeof QuantFill>;

export const QuantFillQuery = PageQuery.extend({ orderId: z.coerce.number().int().positive() });

export const EarnOrderDetail = EarnOrder.extend({
  product: EarnProduct,
  /** Most recent incomes (up to 30). */
  incomes: z.array(EarnIncome),
});
export type EarnOrderDetail = z.infer<typeof EarnOrderDetail>;

// ── Operator ─────────────────────────────────────────────────────────────────────────

/** A text in every language the app speaks (missing languages fall back to en-us). */
export const LocalizedText = z.record(z.string(), z.string().max(4000)).refine((t) => Boolean(t["en-us"]?.trim()), {
  message: "en-us text is required",
});

export const EarnProductInput = z.object({
  type: EarnType,
  name: LocalizedText,
  description: LocalizedText.optional(),
  riskNotice: LocalizedText,
  currency: z.string().trim().min(2).max(16),
  termDays: z.coerce.number().int().min(1).max(3650),
  dailyRate: PositiveDecimalInput.nullable().optional(),
  minAmount: PositiveDecimalInput,
  maxAmount: PositiveDecimalInput,
  perCustomerLimit: PositiveDecimalInput.nullable().optional(),
  vipLevel: z.coerce.number().int().min(0).max(20).default(0),
  earlyRedemption: z.boolean().default(false),
  saleStartAt: IsoDate.nullable().optional(),
  saleEndAt: IsoDate.nullable().optional(),
  totalAmount: PositiveDecimalInput.nullable().optional(),
  /** debt */
  borrower: LocalizedText.optional(),
  defaultPolicy: LocalizedText.optional(),
  /** mining */
  machine: z
    .object({
      manufacturer: z.string().max(100),
      model: z.string().max(100),
      hashrate: PositiveDecimalInput,
      power: PositiveDecimalInput,
      size: z.string().max(100),
      weight: z.string().max(100),
      temperature: z.string().max(100),
      humidity: z.string().max(100),
      network: z.string().max(100),
    })
    .optional(),
  pricePerTh: PositiveDecimalInput.optional(),
  electricityPrice: DecimalInput0().optional(),
  /** quant */
  strategy: StrategyKind.optional(),
  symbol: z.string().trim().toUpperCase().optional(),
  params: z.union([GridParams, TrendParams]).optional(),
});
export type EarnProductInput = z.infer<typeof EarnProductInput>;

function DecimalInput0() {
  return z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d+(\.\d+)?$/.test(v), { message: "must be a decimal number ≥ 0" });
}

export const EarnProductStatusBody = z.object({ status: z.enum(["open", "paused", "ended"]) });

export const DebtRepaymentBody = z.object({
  kind: z.enum(["interest", "principal"]),
  /** Total the borrower paid (distributed pro rata to the running orders). */
  amount: PositiveDecimalInput,
  note: z.string().max(500).optional(),
  clientRequestId: TradeRequestId,
});
export const DebtDefaultBody = z.object({
  /** Total recovered from the borrower (0 if nothing), shared pro rata; the rest is written off. */
  recoveredAmount: DecimalInput0(),
  note: z.string().max(500),
  clientRequestId: TradeRequestId,
});

export const MiningSettings = z.object({
  /** BTC per TH/s per day paid by the network (published figure the operator enters). */
  rewardPerThDay: DecimalString,
});
export const MiningSettingsBody = z.object({
  rewardPerThDay: PositiveDecimalInput.refine((v) => /^\d+(\.\d{1,18})?$/.test(v) && compareAmounts(v, "0.01") <= 0, {
    message: "a BTC amount up to 0.01 with at most 18 decimals",
  }),
});

export const OperatorEarnOrderQuery = EarnOrderListQuery.extend({
  productId: z.coerce.number().int().positive().optional(),
  userId: z.coerce.number().int().positive().optional(),
});
export const OperatorEarnOrder = EarnOrder.extend({ userId: z.number().int() });
export type OperatorEarnOrder = z.infer<typeof OperatorEarnOrder>;

/** The operator's view of a product: the customer's fields plus every language's texts and the sales state. */
export const OperatorEarnProduct = EarnProduct.extend({
  texts: z.object({
    name: z.record(z.string(), z.string()),
    description: z.record(z.string(), z.string()),
    riskNotice: z.record(z.string(), z.string()),
    borrower: z.record(z.string(), z.string()).optional(),
    defaultPolicy: z.record(z.string(), z.string()).optional(),
  }),
  operatorStatus: z.enum(["open", "paused", "ended"]),
  soldAmount: DecimalString,
  debtState: z.enum(["raising", "running", "overdue", "repaid", "defaulted", "cancelled"]).nullable(),
  loanStartAt: IsoDate.nullable(),
});
export type OperatorEarnProduct = z.infer<typeof OperatorEarnProduct>;

export const DebtActionResult = z.object({
  orders: z.number().int(),
  distributed: DecimalString.optional(),
  rest: DecimalString.optional(),
  recovered: DecimalString.optional(),
  writtenOff: DecimalString.optional(),
});
