// Four-eyes for staff money movements (docs/product.md §1.9): a ledger adjustment or a withdrawal
// approval worth more than FOUR_EYES_LIMIT_USDT is not done by one person. One finance or
// admin member requests it (it waits here, nothing moves); a second one approves it, and
// only then is it carried out, through the same services as below the limit (the ledger,
// idempotently: an adjustment's key is its request's); or rejects it. Nobody approves their
// own request (checked here and by the database). Two approvers at once: one wins the
// row's pending → approving step, the other gets 409.

import type { AdjustBalanceBody, MoneyApproval, MoneyApprovalStatus } from "@candor/contract";
import { RecordStatuses } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, count, desc, eq, inArray, ne, or } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors";
import { staffNamesByIds } from "../staff/service";
import { getUserById } from "../users/service";
import { adjustBalance } from "./adjustments";
import type { WalletContext } from "./context";
import { iso } from "./context";
import { checkAmount, requireCurrency } from "./currencies";
import { moneyApprovals } from "./schema";
import { approveWithdrawal } from "./withdrawal-transitions";
import { getOperatorWithdrawal } from "./withdrawals";

type Row = typeof moneyApprovals.$inferSelect;

/** The USDT value of an amount now; null without a price. */
function usdtValue(ctx: WalletContext, currency: string, amount: string): string | null {
  const rate = currency === "USDT" ? "1" : ctx.rates.usdtRate(currency);
  return rate === null ? null : toMoneyString(dec(amount).abs().mul(rate).toDecimalPlaces(18));
}

/** Above the limit (or without a price to tell): a second person must approve. */
export function needsSecondPerson(limitUsdt: string, valueUsdt: string | null): boolean {
  return valueUsdt === null || dec(valueUsdt).gt(limitUsdt);
}

const fourEyesRequired = (limitUsdt: string) => conflict("fourEyesRequired", { limit: toMoneyString(limitUsdt) });

/** The single-person adjustment's gate: 409 above the limit. */
export function guardAdjustment(ctx: WalletContext, limitUsdt: string, input: { currency: string; amount: string }) {
  if (needsSecondPerson(limitUsdt, usdtValue(ctx, input.currency.toUpperCase(), input.amount))) {
    throw fourEyesRequired(limitUsdt);
  }
}

/** The single-person withdrawal approval's gate: 409 above the limit (its value then or now, the larger). */
export async function guardWithdrawalApproval(ctx: WalletContext, limitUsdt: string, id: number) {
  const w = await getOperatorWithdrawal(ctx.db, id);
  const now = usdtValue(ctx, w.currency, w.amount);
  const recorded = dec(w.amountUsdt);
  const value = now === null ? (recorded.isZero() ? null : w.amountUsdt) : dec(now).gt(recorded) ? now : w.amountUsdt;
  if (needsSecondPerson(limitUsdt, value)) throw fourEyesRequired(limitUsdt);
}

async function toRecords(db: Db, rows: Row[]): Promise<MoneyApproval[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requestedBy, ...(r.decidedBy ? [r.decidedBy] : [])]))];
  const names = await staffNamesByIds(db, ids);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    userId: r.userId,
    currency: r.currency,
    amount: toMoneyString(r.amount),
    amountUsdt: r.amountUsdt === null ? null : toMoneyString(r.amountUsdt),
    reason: r.reason,
    withdrawalId: r.withdrawalId,
    requestedById: r.requestedBy,
    requestedBy: names.get(r.requestedBy) ?? String(r.requestedBy),
    requestedAt: iso(r.requestedAt),
    decidedById: r.decidedBy,
    decidedBy: r.decidedBy ? (names.get(r.decidedBy) ?? String(r.decidedBy)) : null,
    decidedAt: r.decidedAt ? iso(r.decidedAt) : null,
    decisionNote: r.decisionNote,
    adjustmentId: r.adjustmentId,
    failure: r.failure,
  }));
}

async function toRecord(db: Db, row: Row): Promise<MoneyApproval> {
  const [record] = await toRecords(db, [row]);
  if (!record) throw notFound();
  return record;
}

async function getRow(db: Db, id: number): Promise<Row> {
  const [row] = await db.select().from(moneyApprovals).where(eq(moneyApprovals.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export const getMoneyApproval = async (db: Db, id: number) => toRecord(db, await getRow(db, id));

/** Request an adjustment (validated now as it will be carried out); a retry with the same clientRequestId returns the first. */
export async function requestAdjustment(
  ctx: WalletContext,
  staffId: number,
  input: AdjustBalanceBody,
): Promise<MoneyApproval> {
  if (!(await getUserById(ctx.db, input.userId))) throw notFound();
  const currency = await requireCurrency(ctx.db, input.currency);
  checkAmount(currency, dec(input.amount).abs().toFixed());
  const values = {
    kind: "adjustment" as const,
    status: "pending" as const,
    userId: input.userId,
    currency: currency.code,
    amount: toMoneyString(dec(input.amount)),
    amountUsdt: usdtValue(ctx, currency.code, input.amount),
    reason: input.reason,
    clientRequestId: input.clientRequestId ?? null,
    requestedBy: staffId,
  };
  return insertRequest(ctx.db, values, () =>
    input.clientRequestId
      ? ctx.db
          .select()
          .from(moneyApprovals)
          .where(
            and(eq(moneyApprovals.requestedBy, staffId), eq(moneyApprovals.clientRequestId, input.clientRequestId)),
          )
      : Promise.resolve([]),
  );
}

/** Request a withdrawal's approval (it must be under review); one open request per withdrawal. */
export async function requestWithdrawalApproval(
  ctx: WalletContext,
  staffId: number,
  withdrawalId: number,
): Promise<MoneyApproval> {
  const w = await getOperatorWithdrawal(ctx.db, withdrawalId);
  if (w.status !== RecordStatuses.pending) throw conflict("walletWrongState");
  const values = {
    kind: "withdrawal" as const,
    status: "pending" as const,
    userId: w.userId,
    currency: w.currency,
    amount: w.amount,
    amountUsdt: w.amountUsdt,
    reason: "",
    withdrawalId,
    requestedBy: staffId,
  };
  return insertRequest(ctx.db, values, () =>
    ctx.db
      .select()
      .from(moneyApprovals)
      .where(
        and(eq(moneyApprovals.withdrawalId, withdrawalId), inArray(moneyApprovals.status, ["pending", "approving"])),
      ),
  );
}

async function insertRequest(
  db: Db,
  values: typeof moneyApprovals.$inferInsert,
  existing: () => Promise<Row[]>,
): Promise<MoneyApproval> {
  const [first] = await existing();
  if (first) return toRecord(db, first);
  try {
    const [row] = await db.insert(moneyApprovals).values(values).returning();
    if (!row) throw notFound();
    return toRecord(db, row);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const [again] = await existing();
    if (!again) throw err;
    return toRecord(db, again);
  }
}

export async function listMoneyApprovals(
  db: Db,
  query: { status?: MoneyApprovalStatus | undefined; pageNo: number; pageSize: number },
) {
  const where = eq(moneyApprovals.status, query.status ?? "pending");
  const [total] = await db.select({ n: count() }).from(moneyApprovals).where(where);
  const rows = await db
    .select()
    .from(moneyApprovals)
    .where(where)
    .orderBy(desc(moneyApprovals.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    records: await toRecords(db, rows),
    total: Number(total?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Why a decision on this request is refused: 404, 403 for one's own request, 409 when already decided. */
async function refusal(db: Db, id: number, staffId: number, approving: boolean): Promise<never> {
  const row = await getRow(db, id);
  if (approving && row.requestedBy === staffId) throw forbidden("fourEyesOwnRequest");
  throw conflict("fourEyesDecided");
}

/**
 * The second person approves: the request is claimed (pending → approving; the same
 * approver may retry one left approving by a crash), carried out, and recorded as approved
 * — or failed, with nothing moved, when the movement is refused (balance, state).
 */
export async function approveMoneyRequest(ctx: WalletContext, staffId: number, id: number): Promise<MoneyApproval> {
  const db = ctx.db;
  const [claimed] = await db
    .update(moneyApprovals)
    .set({ status: "approving", decidedBy: staffId, decidedAt: new Date() })
    .where(
      and(
        eq(moneyApprovals.id, id),
        or(
          eq(moneyApprovals.status, "pending"),
          and(eq(moneyApprovals.status, "approving"), eq(moneyApprovals.decidedBy, staffId)),
        ),
        // Never one's own request (the database refuses it too).
        ne(moneyApprovals.requestedBy, staffId),
      ),
    )
    .returning();
  if (!claimed) return refusal(db, id, staffId, true);
  try {
    let adjustmentId: number | null = null;
    if (claimed.kind === "adjustment") {
      // The requester's adjustment, keyed by this request: carrying it out twice moves nothing twice.
      const done = await adjustBalance(db, claimed.requestedBy, {
        userId: claimed.userId,
        currency: claimed.currency,
        amount: toMoneyString(claimed.amount),
        reason: claimed.reason,
        clientRequestId: `four-eyes:${claimed.id}`,
      });
      adjustmentId = done.id;
    } else if (claimed.withdrawalId !== null) {
      await approveWithdrawal(ctx, staffId, claimed.withdrawalId);
    }
    const [row] = await db
      .update(moneyApprovals)
      .set({ status: "approved", adjustmentId })
      .where(eq(moneyApprovals.id, id))
      .returning();
    return toRecord(db, row ?? claimed);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await db.update(moneyApprovals).set({ status: "failed", failure: err.key }).where(eq(moneyApprovals.id, id));
    throw err;
  }
}

/** A second person (or the requester, withdrawing it) rejects a pending request; nothing moves. */
export async function rejectMoneyRequest(db: Db, staffId: number, id: number, note: string): Promise<MoneyApproval> {
  const [row] = await db
    .update(moneyApprovals)
    .set({ status: "rejected", decidedBy: staffId, decidedAt: new Date(), decisionNote: note })
    .where(and(eq(moneyApprovals.id, id), eq(moneyApprovals.status, "pending")))
    .returning();
  if (!row) return refusal(db, id, staffId, false);
  return toRecord(db, row);
}
