// Loans (docs/contract.md "Loans"): credit loans (limit from identity verification and VIP
// level, a loan identity check, operator review) and pledge loans (crypto collateral held
// in the collateral account, live loan-to-value, margin call, liquidation with the ticks
// as evidence). Rates and LTVs are fractions ("0.001" = 0.1 % a day, "0.7" = 70 %).
// Pinned fields first in each shape, then ours.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { CurrencyCode } from "./money";
import { TradeRequestId } from "./options";

// ── Enums ────────────────────────────────────────────────────────────────────────────

export const LoanType = z.enum(["credit", "pledge"]);
export type LoanType = z.infer<typeof LoanType>;

/**
 * under_review: a credit application waiting for the operator; passed: the loan is running
 * (amount paid into available); rejected: the operator refused it (reason in the history);
 * repaid: fully repaid (collateral returned); liquidated: collateral sold to close it;
 * overdue: past endAt and not repaid (accrues the overdue rate).
 */
export const LoanStatus = z.enum(["under_review", "passed", "rejected", "repaid", "liquidated", "overdue"]);
export type LoanStatus = z.infer<typeof LoanStatus>;

/** Loan identity check: start (not submitted yet) → pending (operator reviews) → passed, or retry (resubmit). */
export const LoanIdentityState = z.enum(["start", "pending", "retry", "passed"]);
export type LoanIdentityState = z.infer<typeof LoanIdentityState>;

// ── Settings (products) ──────────────────────────────────────────────────────────────

export const LoanSet = z.object({
  id: z.number().int(),
  type: LoanType,
  currency: z.string(),
  minAmount: DecimalString,
  maxAmount: DecimalString,
  /** Terms offered, in days. */
  days: z.array(z.number().int()),
  /** Interest per day as a fraction of the amount. */
  dailyRate: DecimalString,
  /** Days at the start of the loan without interest. */
  interestFreeDays: z.number().int(),
  /** Pledge loans: accepted collateral currencies (e.g. ["BTC", "ETH"]). */
  collateralCurrencies: z.array(z.string()).optional(),
  /** Pledge loans: highest LTV allowed when applying. */
  initialLtv: DecimalString.optional(),
  /** Pledge loans: LTV at which the margin call is raised (inbox message + banner). */
  marginCallLtv: DecimalString.optional(),
  /** Pledge loans: LTV at which collateral is sold to close the loan. */
  liquidationLtv: DecimalString.optional(),
  // ours
  /** Disclosed daily rate on the outstanding amount once a loan is past its end (overdue). */
  overdueRate: DecimalString,
  /** In the request's language. */
  name: z.string(),
  /** Plain-language risk notice in the request's language. */
  riskNotice: z.string(),
});
export type LoanSet = z.infer<typeof LoanSet>;

export const LoanSetListQuery = z.object({ type: LoanType.optional() });

// ── My loan info ─────────────────────────────────────────────────────────────────────

export const MyLoanInfo = z.object({
  /** Credit limit in USDT from identity verification and VIP level. */
  creditLimit: DecimalString,
  /** Principal of credit loans under review or running. */
  creditUsed: DecimalString,
  identityCheck: LoanIdentityState,
  /** Everything owed now on running/overdue loans (principal + accrued interest), in USDT. */
  outstanding: DecimalString,
  // ours
  creditAvailable: DecimalString,
  /** 0 none, 1 basic passed, 2 advanced passed. */
  kycLevel: z.number().int(),
  vipLevel: z.number().int(),
  /** Why the identity check asks to retry (operator's reason), null otherwise. */
  identityCheckReason: z.string().nullable(),
  /** Loans with an open margin call (show the banner). */
  marginCalls: z.number().int(),
});
export type MyLoanInfo = z.infer<typeof MyLoanInfo>;

// ── Quote (shown before applying) ────────────────────────────────────────────────────

export const LoanQuoteQuery = z.object({
  setId: z.coerce.number().int().positive(),
  amount: PositiveDecimalInput,
  days: z.coerce.number().int().positive(),
  collateralCurrency: CurrencyCode.optional(),
  collateralAmount: PositiveDecimalInput.optional(),
});
export const LoanQuote = z.object({
  setId: z.number().int(),
  amount: DecimalString,
  days: z.number().int(),
  /** amount × dailyRate × max(0, days − interestFreeDays). */
  totalInterest: DecimalString,
  /** amount + totalInterest, due at endAt. */
  repayAtEnd: DecimalString,
  dailyRate: DecimalString,
  interestFreeDays: z.number().int(),
  overdueRate: DecimalString,
  // pledge only (null for credit or before a price)
  collateralPrice: DecimalString.nullable(),
  ltv: DecimalString.nullable(),
  /**
   * Collateral "use minimum" offers for this amount at the live bid: the LTV lands a safety
   * margin (packages/domain PLEDGE_LTV_MARGIN) below the initial LTV, never exactly at it.
   */
  minCollateral: DecimalString.nullable(),
  marginCallPrice: DecimalString.nullable(),
  liquidationPrice: DecimalString.nullable(),
});
export type LoanQuote = z.infer<typeof LoanQuote>;

// ── Applying ─────────────────────────────────────────────────────────────────────────

/**
 * The error envelope's `result` of a pledge application refused for too little collateral
 * (400): the minimum at the bid the server used, so the app offers it in one tap.
 */
export const PledgeLtvRefusal = z.object({
  minCollateral: DecimalString.describe("collateral that puts the LTV a safety margin below maxLtv at collateralPrice"),
  collateralCurrency: z.string(),
  collateralPrice: DecimalString.describe("the bid the server checked against"),
  ltv: DecimalString.describe("the LTV the application would have had"),
  maxLtv: DecimalString.describe("the product's initial LTV"),
});
export type PledgeLtvRefusal = z.infer<typeof PledgeLtvRefusal>;

export const CreditApplyBody = z.object({
  setId: z.coerce.number().int().positive(),
  amount: PositiveDecimalInput,
  days: z.coerce.number().int().positive(),
  /** Retrying with the same id returns the first application (idempotent). */
  requestId: TradeRequestId.optional(),
});
export type CreditApplyBody = z.infer<typeof CreditApplyBody>;

export const CreditApplyResult = z.object({ id: z.number().int(), status: LoanStatus });
export type CreditApplyResult = z.infer<typeof CreditApplyResult>;

export const PledgeApplyBody = z.object({
  setId: z.coerce.number().int().positive(),
  amount: PositiveDecimalInput,
  days: z.coerce.number().int().positive(),
  collateralCurrency: CurrencyCode,
  collateralAmount: PositiveDecimalInput,
  requestId: TradeRequestId.optional(),
});
export type PledgeApplyBody = z.infer<typeof PledgeApplyBody>;

/** Pledge loans start at once: status "passed", the amount is in available, the collateral held. */
export const PledgeApplyResult = z.object({
  id: z.number().int(),
  status: LoanStatus,
  ltv: DecimalString,
  // ours
  collateralPrice: DecimalString,
  marginCallPrice: DecimalString,
  liquidationPrice: DecimalString,
});
export type PledgeApplyResult = z.infer<typeof PledgeApplyResult>;

// ── Repay and add collateral ─────────────────────────────────────────────────────────

export const LoanRepayBody = z.object({
  id: z.coerce.number().int().positive(),
  /** Omitted: the whole outstanding (principal + interest accrued up to today). */
  amount: PositiveDecimalInput.optional(),
  requestId: TradeRequestId.optional(),
});
export type LoanRepayBody = z.infer<typeof LoanRepayBody>;

export const LoanRepayResult = z.object({
  id: z.number().int(),
  status: LoanStatus,
  /** Paid now: interest first, then principal. */
  paid: DecimalString,
  interestPaid: DecimalString,
  principalPaid: DecimalString,
  /** Still owed after this payment. */
  outstanding: DecimalString,
  /** Pledge loans repaid in full: collateral returned to available. */
  collateralReturned: DecimalString,
});
export type LoanRepayResult = z.infer<typeof LoanRepayResult>;

export const LoanAddCollateralBody = z.object({
  id: z.coerce.number().int().positive(),
  amount: PositiveDecimalInput,
  requestId: TradeRequestId.optional(),
});
export type LoanAddCollateralBody = z.infer<typeof LoanAddCollateralBody>;

export const LoanAddCollateralResult = z.object({
  id: z.number().int(),
  collateralAmount: DecimalString,
  /** LTV at the last price; null before a price. */
  ltv: DecimalString.nullable(),
  marginCall: z.boolean(),
  liquidationPrice: DecimalString,
});
export type LoanAddCollateralResult = z.infer<typeof LoanAddCollateralResult>;

// ── Orders ───────────────────────────────────────────────────────────────────────────

export const LoanOrder = z.object({
  id: z.number().int(),
  type: LoanType,
  currency: z.string(),
  amount: DecimalString,
  days: z.number().int(),
  dailyRate: DecimalString,
  /** Interest for the full term: amount × dailyRate × max(0, days − interestFreeDays). */
  totalInterest: DecimalString,
  interestFreeDays: z.number().int(),
  /** null while under review / rejected. */
  startAt: IsoDate.nullable(),
  endAt: IsoDate.nullable(),
  status: LoanStatus,
  collateralCurrency: z.string().nullable(),
  collateralAmount: DecimalString.nullable(),
  /** Pledge: outstanding / (collateral × last price); null for credit loans or before a price. */
  ltv: DecimalString.nullable(),
  // ours
  setId: z.number().int(),
  overdueRate: DecimalString,
  /** Principal not yet repaid. */
  principalOutstanding: DecimalString,
  /** Interest accrued (daily, business clock) and not yet paid, overdue interest included. */
  interestOutstanding: DecimalString,
  /** principalOutstanding + interestOutstanding. */
  outstanding: DecimalString,
  /** Interest paid so far. */
  interestPaid: DecimalString,
  /** Days of interest accrued so far. */
  accruedDays: z.number().int(),
  /** Pledge: a margin call is open (show the banner: add collateral or repay). */
  marginCall: z.boolean(),
  initialLtv: DecimalString.nullable(),
  marginCallLtv: DecimalString.nullable(),
  liquidationLtv: DecimalString.nullable(),
  /** Collateral price at which the margin call / liquidation triggers for what is owed now. */
  marginCallPrice: DecimalString.nullable(),
  liquidationPrice: DecimalString.nullable(),
  /** The collateral price the LTV was last evaluated at, and its tick time (ms). */
  collateralPrice: DecimalString.nullable(),
  priceTs: z.number().int().nullable(),
  /** Reason of the last status change (e.g. the operator's rejection reason). */
  reason: z.string().nullable(),
  createdAt: IsoDate,
  closedAt: IsoDate.nullable(),
});
export type LoanOrder = z.infer<typeof LoanOrder>;

export const LoanOrderListQuery = PageQuery.extend({
  type: LoanType.optional(),
  status: LoanStatus.optional(),
});
export type LoanOrderListQuery = z.infer<typeof LoanOrderListQuery>;

export const LoanOrderIdQuery = z.object({ id: z.coerce.number().int().positive() });

/** One status change: when, to what, and why (in the request's language where it is ours). */
export const LoanStatusChange = z.object({
  at: IsoDate,
  status: LoanStatus,
  /** Machine key of the event: applied, approved, rejected, started, margin_call, margin_call_cleared,
   * collateral_added, partial_repaid, repaid, overdue, liquidated. */
  event: z.string(),
  reason: z.string().nullable(),
});
export type LoanStatusChange = z.infer<typeof LoanStatusChange>;

/** A recorded price tick that decided something on a pledge loan (margin call, liquidation). */
export const LoanEvidenceTick = z.object({
  kind: z.enum(["margin_call", "margin_call_cleared", "liquidation"]),
  symbol: z.string(),
  price: DecimalString,
  bid: DecimalString,
  ask: DecimalString,
  /** Tick time (ms). */
  ts: z.number().int(),
  /** LTV at this tick. */
  ltv: DecimalString,
  recordedAt: IsoDate,
});
export type LoanEvidenceTick = z.infer<typeof LoanEvidenceTick>;

export const LoanRepayment = z.object({
  id: z.number().int(),
  at: IsoDate,
  kind: z.enum(["repay", "liquidation"]),
  amount: DecimalString,
  interest: DecimalString,
  principal: DecimalString,
});
export type LoanRepayment = z.infer<typeof LoanRepayment>;

export const LoanLiquidation = z.object({
  /** The bid the collateral was sold at. */
  price: DecimalString,
  /** Collateral sold (just enough to close the loan). */
  quantitySold: DecimalString,
  /** Sale proceeds applied to the loan. */
  proceeds: DecimalString,
  /** Collateral returned to the customer's available balance. */
  collateralReturned: DecimalString,
  /** What the collateral did not cover, written off by the platform (never charged to the customer). */
  shortfall: DecimalString,
  at: IsoDate,
});
export type LoanLiquidation = z.infer<typeof LoanLiquidation>;

export const LoanOrderDetail = LoanOrder.extend({
  set: LoanSet,
  history: z.array(LoanStatusChange),
  evidence: z.array(LoanEvidenceTick),
  repayments: z.array(LoanRepayment),
  liquidation: LoanLiquidation.nullable(),
});
export type LoanOrderDetail = z.infer<typeof LoanOrderDetail>;

// ── Loan identity check ──────────────────────────────────────────────────────────────

export const LoanIdentityCheck = z.object({
  state: LoanIdentityState,
  /** The operator's reason when asking to retry. */
  reason: z.string().nullable(),
  submittedAt: IsoDate.nullable(),
  decidedAt: IsoDate.nullable(),
  /** Basic identity verification must be passed before the check can be submitted. */
  kycLevel: z.number().int(),
  canSubmit: z.boolean(),
  /** Name and ID number from the customer's approved identity verification, to prefill the form. */
  prefill: z.object({ realName: z.string().nullable(), idNumber: z.string().nullable() }),
});
export type LoanIdentityCheck = z.infer<typeof LoanIdentityCheck>;

export const LoanIdentitySubmitBody = z.object({
  realName: z.string().trim().min(2).max(100),
  idNumber: z.string().trim().min(4).max(40),
  /** Upload url (POST /api/sys/common/upload) of a photo of the customer holding the ID. */
  photo: z.string().trim().min(1).max(500),
});
export type LoanIdentitySubmitBody = z.infer<typeof LoanIdentitySubmitBody>;

// ── Routes: paths in ./paths/loans.ts, endpoints in ./endpoints/loans.ts ──────────────

/*
 * Operator endpoints (roles in the authz matrix):
 *   GET    /api/operator/loans/settings                      → OperatorLoanSet[]
 *   POST   /api/operator/loans/settings          LoanSetInput → OperatorLoanSet
 *   PUT    /api/operator/loans/settings/:id      LoanSetInput → OperatorLoanSet
 *   DELETE /api/operator/loans/settings/:id                   → OperatorLoanSet (disabled; running loans keep their terms)
 *   GET    /api/operator/loans/orders?status&type&userId&setId → page of OperatorLoanOrder
 *   GET    /api/operator/loans/orders/:id                     → OperatorLoanOrderDetail
 *   POST   /api/operator/loans/orders/:id/approve  {}         → OperatorLoanOrderDetail (under_review → passed, amount paid)
 *   POST   /api/operator/loans/orders/:id/reject   LoanRejectBody → OperatorLoanOrderDetail
 *   GET    /api/operator/loans/identity-checks?state          → page of OperatorLoanIdentity
 *   POST   /api/operator/loans/identity-checks/:userId/decide LoanIdentityDecideBody → OperatorLoanIdentity
 * Customer endpoints besides the pinned ones:
 *   GET  /api/prod/appLoanOrder/quote?setId&amount&days[&collateralCurrency&collateralAmount] → LoanQuote
 *   GET  /api/prod/appLoanOrder/detail?id=                   → LoanOrderDetail (another's id → 404)
 *   POST /api/prod/appLoanOrder/addCollateral LoanAddCollateralBody → LoanAddCollateralResult
 *   GET  /api/prod/appLoanIdentity/state                      → LoanIdentityCheck
 *   POST /api/prod/appLoanIdentity/start  {}                  → LoanIdentityCheck (state start; idempotent)
 *   POST /api/prod/appLoanIdentity/submit LoanIdentitySubmitBody → LoanIdentityCheck (start/retry → pending)
 */
