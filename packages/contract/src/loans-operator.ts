// Loans, the operator's side (docs/contract.md "Loans"): products, orders, review and the loan
// identity checks as the console sees and changes them.
import { z } from "zod";
import { compareAmounts, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { LoanIdentityState, LoanOrder, LoanOrderDetail, LoanOrderListQuery, LoanSet, LoanType } from "./loans";
import { CurrencyCode } from "./money";

// ── Operator ─────────────────────────────────────────────────────────────────────────

const Fraction = PositiveDecimalInput.refine((v) => compareAmounts(v, "1") < 0, { message: "must be below 1" });
const DailyRateInput = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+(\.\d{1,18})?$/.test(v) && compareAmounts(v, "0.1") < 0, { message: "a fraction from 0 to 0.1" });

export const LoanSetInput = z
  .object({
    type: LoanType,
    /** Names per language (en-us required). */
    name: z.record(z.string(), z.string().max(200)).refine((t) => Boolean(t["en-us"]?.trim()), {
      message: "en-us text is required",
    }),
    riskNotice: z.record(z.string(), z.string().max(4000)).optional(),
    currency: CurrencyCode,
    minAmount: PositiveDecimalInput,
    maxAmount: PositiveDecimalInput,
    days: z.array(z.coerce.number().int().min(1).max(3650)).min(1).max(20),
    dailyRate: DailyRateInput,
    interestFreeDays: z.coerce.number().int().min(0).max(3650).default(0),
    overdueRate: DailyRateInput,
    collateralCurrencies: z.array(CurrencyCode).max(20).optional(),
    initialLtv: Fraction.optional(),
    marginCallLtv: Fraction.optional(),
    liquidationLtv: Fraction.optional(),
    enabled: z.boolean().default(true),
  })
  .refine((s) => compareAmounts(s.minAmount, s.maxAmount) <= 0, {
    message: "minAmount above maxAmount",
    path: ["minAmount"],
  })
  .refine(
    (s) =>
      s.type === "credit" ||
      (Boolean(s.collateralCurrencies?.length) &&
        s.initialLtv !== undefined &&
        s.marginCallLtv !== undefined &&
        s.liquidationLtv !== undefined &&
        compareAmounts(s.initialLtv, s.marginCallLtv) < 0 &&
        compareAmounts(s.marginCallLtv, s.liquidationLtv) < 0),
    {
      message: "pledge loans need collateral currencies and initialLtv < marginCallLtv < liquidationLtv",
      path: ["initialLtv"],
    },
  );
export type LoanSetInput = z.infer<typeof LoanSetInput>;

export const OperatorLoanSet = LoanSet.extend({
  enabled: z.boolean(),
  texts: z.object({ name: z.record(z.string(), z.string()), riskNotice: z.record(z.string(), z.string()) }),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type OperatorLoanSet = z.infer<typeof OperatorLoanSet>;

export const OperatorLoanOrderQuery = LoanOrderListQuery.extend({
  userId: z.coerce.number().int().positive().optional(),
  setId: z.coerce.number().int().positive().optional(),
});
export type OperatorLoanOrderQuery = z.infer<typeof OperatorLoanOrderQuery>;

export const OperatorLoanOrder = LoanOrder.extend({
  userId: z.number().int(),
  username: z.string().describe("the customer's username"),
  email: z.string().nullable().describe("the customer's e-mail (null when they signed up by phone)"),
  /** The customer's credit standing when listed (credit loans). */
  kycLevel: z.number().int(),
  identityCheck: LoanIdentityState,
});
export type OperatorLoanOrder = z.infer<typeof OperatorLoanOrder>;

export const OperatorLoanOrderDetail = LoanOrderDetail.extend({
  userId: z.number().int(),
  username: z.string().describe("the customer's username"),
  email: z.string().nullable().describe("the customer's e-mail (null when they signed up by phone)"),
  kycLevel: z.number().int(),
  identityCheck: LoanIdentityState,
});
export type OperatorLoanOrderDetail = z.infer<typeof OperatorLoanOrderDetail>;

/** Approve has an empty body; reject needs the reason the customer will read. */
export const LoanRejectBody = z.object({ reason: z.string().trim().min(2).max(500) });
export type LoanRejectBody = z.infer<typeof LoanRejectBody>;

export const OperatorLoanIdentityQuery = PageQuery.extend({ state: LoanIdentityState.optional() });
export const OperatorLoanIdentity = z.object({
  userId: z.number().int(),
  state: LoanIdentityState,
  realName: z.string().nullable(),
  idNumber: z.string().nullable(),
  photo: z.string().nullable(),
  reason: z.string().nullable(),
  kycLevel: z.number().int(),
  submittedAt: IsoDate.nullable(),
  decidedAt: IsoDate.nullable(),
});
export type OperatorLoanIdentity = z.infer<typeof OperatorLoanIdentity>;

export const LoanIdentityDecideBody = z
  .object({
    decision: z.enum(["passed", "retry"]),
    /** Required for retry: what the customer must fix. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.decision === "passed" || Boolean(b.reason && b.reason.length >= 2), {
    message: "a reason is required to ask for a retry",
    path: ["reason"],
  });
export type LoanIdentityDecideBody = z.infer<typeof LoanIdentityDecideBody>;

/** The customer of a loan identity check (path parameter). */
export const LoanIdentityUserIdParam = z.object({ userId: z.coerce.number().int().positive() });
