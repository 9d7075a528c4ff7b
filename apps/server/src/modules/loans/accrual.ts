// Interest accrual and overdue, on the business clock. Loan day n (1 = the first business
// date after the start date) accrues at 00:00 UTC of start date + n: nothing during the
// interest-free days, principal × dailyRate during the term, principal × overdueRate after
// it. Accrued interest is owed, not moved: money moves only when it is repaid (ledger).
//
// accrueOrder catches a locked row up to a date: the daily job, a repayment, a tick that
// evaluates the loan and the end-of-term job all call it, and the guard on accrued_days
// plus the (order, day) key make every day count exactly once whoever gets there first.

import type { LoanStatusEvent } from "@candor/contract";
import { dec, interestForDay, type LoanTerms, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { DAY_MS, dateStartMs, isoDate } from "../clock/service";
import { ledgerTransaction } from "../ledger/service";
import {
  isOpen,
  type LoansDeps,
  ownOrderRow,
  places,
  publishEvents,
  publishIndex,
  recordEvent,
  touched,
} from "./orders";
import { type LoanOrderRow, loanAccruals, loanOrders } from "./schema";

export const JOB_LOANS_DAILY = "loans.daily";
export const JOB_LOAN_DUE = "loans.due";

const termsOf = (row: LoanOrderRow): LoanTerms => ({
  dailyRate: row.dailyRate,
  days: row.days,
  interestFreeDays: row.interestFreeDays,
  overdueRate: row.overdueRate,
});

/** Loan days fully elapsed by business time `nowMs`. */
export function daysElapsed(row: Pick<LoanOrderRow, "startAt">, nowMs: number): number {
  if (!row.startAt) return 0;
  const start = dateStartMs(isoDate(row.startAt));
  return Math.max(0, Math.floor((dateStartMs(isoDate(nowMs)) - start) / DAY_MS));
}

/**
 * Brings a row (locked by the caller, inside its transaction) up to business time `nowMs`:
 * accrues the days not accrued yet and marks it overdue once past its end. Returns the row
 * as written and the status events to publish after commit.
 */
export async function accrueOrder(
  tx: Db,
  row: LoanOrderRow,
  nowMs: number,
): Promise<{ row: LoanOrderRow; events: LoanStatusEvent[] }> {
  const events: LoanStatusEvent[] = [];
  if (!isOpen(row.status) || !row.startAt) return { row, events };
  let current = row;
  const elapsed = daysElapsed(row, nowMs);
  if (elapsed > row.accruedDays) {
    const p = await places(tx, row.currency);
    const terms = termsOf(row);
    const startDate = isoDate(row.startAt);
    let sum = dec(0);
    let overdue = dec(0);
    const values = [];
    for (let day = row.accruedDays + 1; day <= elapsed; day++) {
      const amount = interestForDay(row.principalOutstanding, day, terms, p);
      const kind = day <= row.interestFreeDays ? "free" : day > row.days ? "overdue" : "interest";
      sum = sum.plus(amount);
      if (kind === "overdue") overdue = overdue.plus(amount);
      values.push({
        orderId: row.id,
        day,
        date: isoDate(dateStartMs(startDate) + day * DAY_MS),
        kind: kind as "free" | "interest" | "overdue",
        principal: row.principalOutstanding,
        amount,
      });
    }
    for (let i = 0; i < values.length; i += 500) {
      await tx
        .insert(loanAccruals)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing();
    }
    const [written] = await tx
      .update(loanOrders)
      .set({
        accruedDays: elapsed,
        interestOutstanding: sql`${loanOrders.interestOutstanding} + ${toMoneyString(sum)}`,
        overdueInterest: sql`${loanOrders.overdueInterest} + ${toMoneyString(overdue)}`,
        ...touched,
      })
      .where(and(eq(loanOrders.id, row.id), eq(loanOrders.accruedDays, row.accruedDays)))
      .returning();
    if (!written) throw new Error(`loan ${row.id} accrued by someone else while locked`);
    current = written;
  }
  if (current.status === "passed" && current.endAt && current.endAt.getTime() <= nowMs) {
    const [written] = await tx
      .update(loanOrders)
      .set({ status: "overdue", ...touched })
      .where(and(eq(loanOrders.id, row.id), eq(loanOrders.status, "passed")))
      .returning();
    if (written) {
      current = written;
      events.push(await recordEvent(tx, current, "overdue", "overdue", { rate: toMoneyString(current.overdueRate) }));
    }
  }
  return { row: current, events };
}

/** Catches one loan up (its own transaction): the end-of-term job and the daily run. */
export async function accrueOne(deps: LoansDeps, id: number): Promise<void> {
  const result = await ledgerTransaction(deps.db, async (tx) => {
    const row = await ownOrderRow(tx, null, id, true);
    return accrueOrder(tx, row, deps.clock.nowMs());
  });
  publishEvents(deps, result.events);
  if (result.events.length > 0 || result.row.type === "pledge") publishIndex(deps, result.row);
}

/**
 * The daily run for business date `date`: every open loan with days to accrue, or past its
 * end and not marked overdue yet, is caught up in its own transaction. Returns loans touched.
 */
export async function accrueDaily(deps: LoansDeps, date: string): Promise<number> {
  const nowMs = Math.max(deps.clock.nowMs(), dateStartMs(date));
  let afterId = 0;
  let touchedLoans = 0;
  for (;;) {
    const due = (
      (await deps.db.execute(
        sql`SELECT id FROM loan_orders
            WHERE status IN ('passed', 'overdue') AND start_at IS NOT NULL AND id > ${afterId}
              AND ((start_at AT TIME ZONE 'UTC')::date + accrued_days < ${isoDate(nowMs)}::date
                   OR (status = 'passed' AND end_at <= ${new Date(nowMs).toISOString()}::timestamptz))
            ORDER BY id LIMIT 500`,
      )) as unknown as { rows: Array<{ id: number | string }> }
    ).rows;
    if (due.length === 0) break;
    afterId = Number(due[due.length - 1]?.id);
    for (const r of due) {
      const result = await ledgerTransaction(deps.db, async (tx) => {
        const row = await ownOrderRow(tx, null, Number(r.id), true);
        return accrueOrder(tx, row, nowMs);
      });
      publishEvents(deps, result.events);
      touchedLoans++;
    }
  }
  return touchedLoans;
}
