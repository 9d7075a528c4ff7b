// Loans' events on the bus (docs/contract.md "Loans"), for the inbox and the private account
// channel: margin calls on pledge loans and every status change of a loan.
import { z } from "zod";
import { DecimalString, IsoDate } from "./common";
import { LoanStatus, LoanType } from "./loans";

/** Topic "loan.margin_call": a pledge loan's LTV reached the margin-call LTV. */
export const LoanMarginCallEvent = z.object({
  userId: z.number().int(),
  orderId: z.number().int(),
  currency: z.string(),
  collateralCurrency: z.string(),
  ltv: DecimalString,
  marginCallLtv: DecimalString,
  liquidationLtv: DecimalString,
  price: DecimalString,
  liquidationPrice: DecimalString,
  ts: z.number().int(),
});
export type LoanMarginCallEvent = z.infer<typeof LoanMarginCallEvent>;

/** Topic "loan.status": every status change of a loan (applied, approved, rejected, repaid, liquidated, overdue, …). */
export const LoanStatusEvent = z.object({
  userId: z.number().int(),
  orderId: z.number().int(),
  type: LoanType,
  status: LoanStatus,
  event: z.string(),
  reason: z.string().nullable(),
  at: IsoDate,
});
export type LoanStatusEvent = z.infer<typeof LoanStatusEvent>;
