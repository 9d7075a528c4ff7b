// What happens to a withdrawal after it was asked for. Exactly one of:
//   customer cancels while under review   → hold voided, status -1 (cancelled)
//   operator rejects while under review   → hold voided, status -1
//   operator approves                     → status 1 ("paying"), payout job → provider pays →
//                                           hold posted, fee to platform fees, status 2
//   the provider reports the payout failed → hold voided, status -2
//   operator fails an approved one        → "failing" (status 1, hold kept), cancel job asks the
//                                           provider: cancelled → hold voided, -2; paid after
//                                           all → hold posted, 2
// Each transition is one transaction: a row lock + status guard, the ledger operation
// (idempotency key), the status change and a tracker event. Timeouts: README.md.
import { RecordStatuses } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { AppError, conflict, notFound } from "../../lib/errors";
import { enqueueJob, type Job, type JobOutcome } from "../../lib/jobs";
import { batch, type LedgerOp, ledgerTransaction, platformAccount } from "../ledger/service";
import { JOB_WITHDRAWAL_CANCEL, JOB_WITHDRAWAL_PAYOUT, type WalletContext } from "./context";
import { announceWithdrawal } from "./events";
import { withdrawals } from "./schema";
import {
  type Actor,
  addEvent,
  getOperatorWithdrawal,
  toOperatorRecord,
  toWithdrawalRecord,
  type WithdrawalRow,
} from "./withdrawals";

type Log = { error: (o: unknown, m?: string) => void };

/**
 * How long a payout ("paying") or its cancellation ("failing") may wait for the provider's
 * answer before the withdrawal is flagged for an operator. It is never voided blindly: the
 * money may have left.
 */
export const PROVIDER_ANSWER_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/** Locks one withdrawal row in `tx` (optionally only the customer's own). */
async function lockWithdrawal(tx: Db, id: number, userId?: number): Promise<WithdrawalRow> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), ...(userId === undefined ? [] : [eq(withdrawals.userId, userId)])))
    .for("update");
  if (!row) throw notFound();
  return row;
}

async function setState(
  tx: Db,
  row: WithdrawalRow,
  patch: Partial<
    Pick<
      WithdrawalRow,
      "status" | "cancelled" | "reason" | "reviewedBy" | "providerRef" | "payoutStartedAt" | "failingSince"
    >
  >,
): Promise<WithdrawalRow> {
  // The status guard repeats the one the caller checked under the row lock.
  const [updated] = await tx
    .update(withdrawals)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, row.status)))
    .returning();
  if (!updated) throw new Error(`withdrawal ${row.id} changed under its row lock`);
  return updated;
}

function voidOp(row: WithdrawalRow, memo: string): LedgerOp {
  if (row.holdTransferId === null) throw new Error(`withdrawal ${row.id} has no hold`);
  return { type: "void", pendingId: row.holdTransferId, key: `withdrawal:${row.id}:void`, memo };
}

/** The customer cancels a withdrawal under review: the held amount is available again. */
export async function cancelWithdrawal(db: Db, userId: number, id: number) {
  return ledgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, id, userId);
    if (row.status === RecordStatuses.rejected && row.cancelled) return toWithdrawalRecord(row);
    if (row.status !== RecordStatuses.pending) throw conflict("walletNotCancellable");
    await batch(tx, [voidOp(row, "cancelled by the customer")]);
    const updated = await setState(tx, row, { status: RecordStatuses.rejected, cancelled: true });
    await addEvent(tx, row.id, "cancelled", -1, "customer");
    return toWithdrawalRecord(updated);
  });
}

/**
 * Operator approves: status 1 and a payout job, committed together; then the job runs
 * here at once (a sandbox payout completes before this returns).
 */
export async function approveWithdrawal(ctx: WalletContext, operatorId: number, id: number) {
  const approved = await ledgerTransaction(ctx.db, async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row.status === RecordStatuses.completed || row.status === RecordStatuses.paidOut) return false;
    if (row.status !== RecordStatuses.pending) throw conflict("walletWrongState");
    await setState(tx, row, { status: RecordStatuses.completed, reviewedBy: operatorId, payoutStartedAt: new Date() });
    await addEvent(tx, row.id, "approved", 1, "operator");
    await enqueueJob(tx, { name: JOB_WITHDRAWAL_PAYOUT, key: `withdrawal-payout:${row.id}`, payload: { id: row.id } });
    return true;
  });
  // The poller may have picked the job up first: then its run is waited for.
  if (approved) await ctx.jobs.runKeyOrWait(`withdrawal-payout:${id}`);
  return getOperatorWithdrawal(ctx.db, id);
}

/** Operator rejects a withdrawal under review, with a reason the customer sees. */
export async function rejectWithdrawal(db: Db, operatorId: number, id: number, reason: string) {
  return ledgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row.status === RecordStatuses.rejected && !row.cancelled) return toOperatorRecord(row);
    if (row.status !== RecordStatuses.pending) throw conflict("walletWrongState");
    await batch(tx, [voidOp(row, `rejected: ${reason}`)]);
    const updated = await setState(tx, row, { status: RecordStatuses.rejected, reason, reviewedBy: operatorId });
    await addEvent(tx, row.id, "rejected", -1, "operator", reason);
    return toOperatorRecord(updated);
  });
}

/**
 * Operator fails a withdrawal. Under review (nothing sent yet): the hold is voided at once
 * (-2). Approved: its payout may be in flight, so it becomes "failing" (status 1, hold kept)
 * and a job asks the provider to cancel; only its answer voids (or posts) the hold.
 */
export async function failWithdrawal(ctx: WalletContext, operatorId: number, id: number, reason: string) {
  const failing = await ledgerTransaction(ctx.db, async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row.status === RecordStatuses.failed || (row.status === RecordStatuses.completed && row.failingSince))
      return false;
    if (row.status === RecordStatuses.pending) {
      await batch(tx, [voidOp(row, `failed: ${reason}`)]);
      await setState(tx, row, { status: RecordStatuses.failed, reason, reviewedBy: operatorId });
      await addEvent(tx, row.id, "failed", -2, "operator", reason);
      return false;
    }
    if (row.status !== RecordStatuses.completed) throw conflict("walletWrongState");
    await setState(tx, row, { failingSince: new Date(), reason, reviewedBy: operatorId });
    await addEvent(tx, row.id, "failing", 1, "operator", reason);
    await enqueueJob(tx, { name: JOB_WITHDRAWAL_CANCEL, key: `withdrawal-cancel:${row.id}`, payload: { id: row.id } });
    return true;
  });
  // The manual provider confirms at once (the operator pays by hand); others may take a while.
  // The poller may have picked the job up first: then its run is waited for, as on approval.
  if (failing) await ctx.jobs.runKeyOrWait(`withdrawal-cancel:${id}`);
  return getOperatorWithdrawal(ctx.db, id);
}

/**
 * The provider confirmed that the money did not leave: a payout that failed on its side
 * ("paying"), or a cancellation that succeeded ("failing"). Voids the hold once (-2).
 */
export async function voidInFlightWithdrawal(db: Db, id: number, reason: string) {
  return ledgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row.status === RecordStatuses.failed) return toOperatorRecord(row);
    if (row.status !== RecordStatuses.completed) throw conflict("walletWrongState");
    await batch(tx, [voidOp(row, `failed: ${reason}`)]);
    const updated = await setState(tx, row, { status: RecordStatuses.failed, reason });
    await addEvent(tx, row.id, "failed", -2, "system", reason);
    return toOperatorRecord(updated);
  });
}

/**
 * The money left: post the hold (customer spot → clearing, the whole amount) and move
 * the fee from clearing to the platform's fees, so clearing keeps what was paid out. A
 * "failing" withdrawal the provider paid anyway ends here too.
 */
export async function markWithdrawalPaid(db: Db, actor: Actor, id: number, reference: string) {
  return ledgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, id);
    if (row.status === RecordStatuses.paidOut) return toOperatorRecord(row);
    if (row.status !== RecordStatuses.completed) throw conflict("walletWrongState");
    if (row.holdTransferId === null) throw new Error(`withdrawal ${row.id} has no hold`);
    const ops: LedgerOp[] = [{ type: "post", pendingId: row.holdTransferId, key: `withdrawal:${row.id}:post` }];
    if (dec(row.fee).gt(0)) {
      ops.push({
        type: "transfer",
        currency: row.currency,
        debit: platformAccount("clearing"),
        credit: platformAccount("fees"),
        amount: toMoneyString(row.fee),
        key: `withdrawal:${row.id}:fee`,
        kind: "withdrawal_fee",
        reference: { type: "withdrawal", id: row.id },
      });
    }
    await batch(tx, ops);
    const updated = await setState(tx, row, { status: RecordStatuses.paidOut, providerRef: reference });
    await addEvent(tx, row.id, "paid", 2, actor, row.failingSince ? "paid before the cancellation reached it" : null);
    return toOperatorRecord(updated);
  });
}

/**
 * Flags an in-flight withdrawal whose provider has not answered within the timeout, once.
 * The money stays frozen; an operator decides with the provider. Returns true if flagged.
 */
export async function flagIfUnanswered(db: Db, id: number, now: Date = new Date()): Promise<boolean> {
  return ledgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, id);
    const since = row.failingSince ?? row.payoutStartedAt;
    if (row.status !== RecordStatuses.completed || row.flaggedAt || !since) return false;
    if (now.getTime() - since.getTime() < PROVIDER_ANSWER_TIMEOUT_MS) return false;
    const note = row.failingSince
      ? "provider has not confirmed the cancellation"
      : "provider has not confirmed the payout";
    const [flagged] = await tx
      .update(withdrawals)
      .set({ flaggedAt: now, flag: note, updatedAt: sql`now()` })
      .where(
        and(eq(withdrawals.id, id), eq(withdrawals.status, RecordStatuses.completed), isNull(withdrawals.flaggedAt)),
      )
      .returning();
    if (!flagged) return false;
    await addEvent(tx, id, "flagged", 1, "system", note);
    return true;
  });
}

/** After a "pending" answer: flag when overdue, else ask again (at the latest when the timeout ends). */
async function stillPending(
  ctx: WalletContext,
  row: WithdrawalRow,
  since: Date | null,
  retryInMs: number | null,
): Promise<JobOutcome> {
  if (await flagIfUnanswered(ctx.db, row.id)) return retryInMs === null ? undefined : { retryInMs };
  if (row.flaggedAt || !since) return retryInMs === null ? undefined : { retryInMs };
  const untilTimeoutMs = Math.max(1000, since.getTime() + PROVIDER_ANSWER_TIMEOUT_MS - Date.now());
  return { retryInMs: retryInMs === null ? untilTimeoutMs : Math.min(retryInMs, untilTimeoutMs) };
}

async function readWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
  return row;
}

/** A provider answer that no longer matches the record (e.g. paid after the hold was voided): needs a person. */
async function settle(row: WithdrawalRow, log: Log | undefined, action: () => Promise<unknown>, answer: unknown) {
  try {
    await action();
  } catch (err) {
    if (err instanceof AppError && err.status === 409) {
      log?.error({ withdrawalId: row.id, provider: answer }, "provider answer does not match the withdrawal's state");
      return;
    }
    throw err;
  }
}

/** Job: pay an approved withdrawal through the provider (idempotent by key on its side). */
export async function runPayoutJob(ctx: WalletContext, job: Job<{ id: number }>, log?: Log): Promise<JobOutcome> {
  const row = await readWithdrawal(ctx.db, job.payload.id);
  // Failing: no new payout attempt; the cancel job asks the provider instead.
  if (row?.status !== RecordStatuses.completed || row.failingSince) return undefined;
  // On the chain's network: signed by the signer, broadcast and tracked (chain/payouts.ts).
  if (ctx.chainPayouts?.pays(row)) return ctx.chainPayouts.start(row);
  const result = await ctx.provider.payout({
    key: `withdrawal:${row.id}`,
    withdrawalId: row.id,
    currency: row.currency,
    amount: toMoneyString(row.receive),
    destination: row.destination,
  });
  if (result.status === "pending") return stillPending(ctx, row, row.payoutStartedAt, result.retryInMs);
  if (result.status === "paid") {
    await settle(row, log, () => markWithdrawalPaid(ctx.db, "system", row.id, result.reference), result);
  } else {
    await settle(row, log, () => voidInFlightWithdrawal(ctx.db, row.id, result.reason), result);
  }
  await announceWithdrawal(ctx, row.id).catch(() => undefined);
  return undefined;
}

/** Job: ask the provider to cancel the payout of a "failing" withdrawal; its answer decides. */
export async function runCancelPayoutJob(ctx: WalletContext, job: Job<{ id: number }>, log?: Log): Promise<JobOutcome> {
  const row = await readWithdrawal(ctx.db, job.payload.id);
  if (row?.status !== RecordStatuses.completed || !row.failingSince) return undefined;
  // A signed chain transaction cannot be called back: the chain decides (paid or reverted).
  if (ctx.chainPayouts?.pays(row) && (await ctx.chainPayouts.inFlight(row.id))) {
    return stillPending(ctx, row, row.failingSince, null);
  }
  const answer = await ctx.provider.cancelPayout({ key: `withdrawal:${row.id}`, withdrawalId: row.id });
  if (answer.status === "pending") return stillPending(ctx, row, row.failingSince, answer.retryInMs);
  if (answer.status === "paid") {
    await settle(row, log, () => markWithdrawalPaid(ctx.db, "system", row.id, answer.reference), answer);
  } else {
    await settle(row, log, () => voidInFlightWithdrawal(ctx.db, row.id, row.reason ?? "cancelled"), answer);
  }
  await announceWithdrawal(ctx, row.id).catch(() => undefined);
  return undefined;
}
