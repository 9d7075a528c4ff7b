// Four-eyes approvals of staff money movements (console): a ledger adjustment or a
// withdrawal approval worth more than FOUR_EYES_LIMIT_USDT is requested by one finance or
// admin member and carried out only when a second one approves it.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery } from "./common";

export const MoneyApprovalKind = z.enum(["adjustment", "withdrawal"]);
export type MoneyApprovalKind = z.infer<typeof MoneyApprovalKind>;
/** pending → approving (the second person's approval is being carried out) → approved or failed; or rejected. */
export const MoneyApprovalStatus = z.enum(["pending", "approving", "approved", "rejected", "failed"]);
export type MoneyApprovalStatus = z.infer<typeof MoneyApprovalStatus>;

export const MoneyApproval = z.object({
  id: z.number().int(),
  kind: MoneyApprovalKind,
  status: MoneyApprovalStatus,
  userId: z.number().int(),
  currency: z.string(),
  amount: DecimalString.describe("signed for adjustments (positive credits the customer)"),
  amountUsdt: DecimalString.nullable().describe("its USDT value when requested (null: no price)"),
  reason: z.string(),
  withdrawalId: z.number().int().nullable(),
  requestedById: z.number().int(),
  requestedBy: z.string(),
  requestedAt: IsoDate,
  decidedById: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: IsoDate.nullable(),
  decisionNote: z.string().nullable(),
  adjustmentId: z.number().int().nullable(),
  failure: z.string().nullable().describe("why carrying out the approved request failed (nothing moved)"),
});
export type MoneyApproval = z.infer<typeof MoneyApproval>;

export const MoneyApprovalQuery = PageQuery.extend({
  status: MoneyApprovalStatus.optional().describe("default: pending"),
});
export const MoneyApprovalIdBody = z.object({ id: z.coerce.number().int().positive() });
export const MoneyApprovalRejectBody = z.object({
  id: z.coerce.number().int().positive(),
  note: z.string().trim().min(1).max(500),
});
export const WithdrawalApprovalRequestBody = z.object({ withdrawalId: z.coerce.number().int().positive() });
