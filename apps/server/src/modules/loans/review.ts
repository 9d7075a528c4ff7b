// The operator's side: loan settings (create, edit, disable), credit applications (approve:
// the amount is paid into available through the ledger; reject with a reason the customer
// reads), and the loan identity check (the customer starts and submits it; the operator
// passes it or asks to retry with a reason).
//
//   approve:  treasury → spot   key loan:<id>:disburse
import type {
  Lang,
  LoanIdentityCheck,
  LoanIdentityDecideBody,
  LoanIdentitySubmitBody,
  LoanSetInput,
  LoanStatusEvent,
  OperatorLoanIdentity,
  OperatorLoanSet,
  Page,
} from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { DAY_MS } from "../clock/service";
import { approvedIdentity, getKycLevel } from "../kyc/service";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";
import { assertRiskHeadroom } from "../risk/service";
import { markPrivate, resolveOwnImage } from "../uploads/service";
import { JOB_LOAN_DUE } from "./accrual";
import { creditStanding } from "./apply";
import {
  collateralSymbol,
  getSetRow,
  type LoansDeps,
  ownOrderRow,
  publishEvents,
  recordEvent,
  toOperatorLoanSet,
  touched,
} from "./orders";
import { type LoanOrderRow, loanIdentityChecks, loanOrders, loanSets } from "./schema";

// ── Settings ─────────────────────────────────────────────────────────────────────────

function setValues(market: MarketService, input: LoanSetInput) {
  if (input.type === "credit" && input.currency !== "USDT") throw badRequest("loanCreditCurrency");
  if (input.type === "pledge") {
    for (const c of input.collateralCurrencies ?? []) {
      const symbol = collateralSymbol(c, input.currency);
      if (!market.findSymbol(symbol)) throw badRequest("loanNoMarket", { symbol, currency: c });
    }
  }
  const pledge = input.type === "pledge";
  return {
    type: input.type,
    name: input.name,
    riskNotice: input.riskNotice ?? {},
    currency: input.currency,
    minAmount: input.minAmount,
    maxAmount: input.maxAmount,
    days: [...new Set(input.days)].sort((a, b) => a - b),
    dailyRate: input.dailyRate,
    interestFreeDays: input.interestFreeDays,
    overdueRate: input.overdueRate,
    collateralCurrencies: pledge ? [...new Set(input.collateralCurrencies ?? [])] : null,
    initialLtv: pledge ? (input.initialLtv ?? null) : null,
    marginCallLtv: pledge ? (input.marginCallLtv ?? null) : null,
    liquidationLtv: pledge ? (input.liquidationLtv ?? null) : null,
    enabled: input.enabled,
  };
}

export async function listSets(db: Db, onlyEnabled: boolean, type?: "credit" | "pledge") {
  const rows = await db.select().from(loanSets).orderBy(loanSets.sort, loanSets.id);
  return rows.filter((r) => (!onlyEnabled || r.enabled) && (!type || r.type === type));
}

export async function createSet(deps: LoansDeps, input: LoanSetInput, lang: Lang): Promise<OperatorLoanSet> {
  const [row] = await deps.db.insert(loanSets).values(setValues(deps.market, input)).returning();
  if (!row) throw new Error("loan set insert returned nothing");
  return toOperatorLoanSet(row, lang);
}

/** Running loans keep the terms they were granted on; only new applications see the change. */
export async function updateSet(
  deps: LoansDeps,
  id: number,
  input: LoanSetInput,
  lang: Lang,
): Promise<OperatorLoanSet> {
  await getSetRow(deps.db, id);
  const [row] = await deps.db
    .update(loanSets)
    .set({ ...setValues(deps.market, input), updatedAt: sql`now()` })
    .where(eq(loanSets.id, id))
    .returning();
  if (!row) throw new Error("loan set update returned nothing");
  return toOperatorLoanSet(row, lang);
}

export async function disableSet(deps: LoansDeps, id: number, lang: Lang): Promise<OperatorLoanSet> {
  await getSetRow(deps.db, id);
  const [row] = await deps.db
    .update(loanSets)
    .set({ enabled: false, updatedAt: sql`now()` })
    .where(eq(loanSets.id, id))
    .returning();
  if (!row) throw new Error("loan set update returned nothing");
  return toOperatorLoanSet(row, lang);
}

// ── Credit applications ──────────────────────────────────────────────────────────────

export async function approve(deps: LoansDeps, id: number): Promise<LoanOrderRow> {
  const { row, events } = await ledgerTransaction(deps.db, async (tx) => {
    const locked = await ownOrderRow(tx, null, id, true);
    if (locked.status !== "under_review") throw conflict("loanNotUnderReview", { status: locked.status });
    // The limit is checked again now: the VIP level (net equity at the daily run) may have
    // fallen since the application. What this application itself uses of it does not count.
    if (locked.type === "credit") {
      const standing = await creditStanding(deps, tx, locked.userId);
      const available = dec(standing.creditLimit).minus(standing.creditUsed).plus(locked.principalOutstanding);
      if (dec(locked.amount).gt(available)) {
        throw conflict("loanCreditLimitAtApproval", {
          available: toMoneyString(available.isNegative() ? 0 : available),
        });
      }
    }
    const now = deps.clock.nowMs();
    const endAt = new Date(now + locked.days * DAY_MS);
    await batch(tx, [
      {
        type: "transfer",
        currency: locked.currency,
        debit: platformAccount("treasury"),
        credit: userAccount(locked.userId, "spot"),
        amount: locked.amount,
        key: `loan:${locked.id}:disburse`,
        kind: "loan_disburse",
        reference: { type: "loan", id: locked.id },
      },
    ]);
    // Paid out of the treasury: refused (rolled back) past its exposure limit.
    await assertRiskHeadroom(tx, deps.market, { account: "treasury", currency: locked.currency });
    const [written] = await tx
      .update(loanOrders)
      .set({ status: "passed", startAt: new Date(now), endAt, reason: null, ...touched })
      .where(and(eq(loanOrders.id, id), eq(loanOrders.status, "under_review")))
      .returning();
    if (!written) throw new Error(`loan ${id} left review while locked`);
    await enqueueJob(tx, { name: JOB_LOAN_DUE, key: `loan-due:${id}`, payload: { id }, runAt: endAt });
    const event = await recordEvent(tx, written, "passed", "approved", {
      amount: toMoneyString(written.amount),
      currency: written.currency,
    });
    return { row: written, events: [event] };
  });
  publishEvents(deps, events);
  return row;
}

export async function reject(deps: LoansDeps, id: number, reason: string): Promise<LoanOrderRow> {
  const { row, events } = await ledgerTransaction(deps.db, async (tx) => {
    const locked = await ownOrderRow(tx, null, id, true);
    if (locked.status !== "under_review") throw conflict("loanNotUnderReview", { status: locked.status });
    const [written] = await tx
      .update(loanOrders)
      .set({ status: "rejected", principalOutstanding: "0", reason, closedAt: deps.clock.now(), ...touched })
      .where(and(eq(loanOrders.id, id), eq(loanOrders.status, "under_review")))
      .returning();
    if (!written) throw new Error(`loan ${id} left review while locked`);
    const event: LoanStatusEvent = await recordEvent(tx, written, "rejected", "rejected", {}, reason);
    return { row: written, events: [event] };
  });
  publishEvents(deps, events);
  return row;
}

// ── Loan identity check ──────────────────────────────────────────────────────────────

type CheckRow = typeof loanIdentityChecks.$inferSelect;

async function checkRow(db: Db, userId: number): Promise<CheckRow | null> {
  const [row] = await db.select().from(loanIdentityChecks).where(eq(loanIdentityChecks.userId, userId));
  return row ?? null;
}

export async function identityCheck(db: Db, userId: number): Promise<LoanIdentityCheck> {
  const row = await checkRow(db, userId);
  const kycLevel = await getKycLevel(db, userId);
  const state = row?.state ?? "start";
  return {
    state,
    reason: state === "retry" ? (row?.reason ?? null) : null,
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    decidedAt: row?.decidedAt?.toISOString() ?? null,
    kycLevel,
    canSubmit: kycLevel > 0 && (state === "start" || state === "retry"),
    prefill: await approvedIdentity(db, userId),
  };
}

/** Begins the check (state start); idempotent, and harmless once it is further along. */
export async function startIdentityCheck(db: Db, userId: number): Promise<LoanIdentityCheck> {
  await db.insert(loanIdentityChecks).values({ userId, state: "start" }).onConflictDoNothing();
  return identityCheck(db, userId);
}

export async function submitIdentityCheck(
  db: Db,
  userId: number,
  body: LoanIdentitySubmitBody,
): Promise<LoanIdentityCheck> {
  const kycLevel = await getKycLevel(db, userId);
  if (kycLevel === 0) throw conflict("loanKycRequired");
  // Stored as the upload's own URL: the console fetches it with the staff session.
  const { id: photoId, url: photo } = await resolveOwnImage(db, userId, body.photo, "photo");
  await ledgerTransaction(db, async (tx) => {
    await tx.insert(loanIdentityChecks).values({ userId, state: "start" }).onConflictDoNothing();
    const [row] = await tx.select().from(loanIdentityChecks).where(eq(loanIdentityChecks.userId, userId)).for("update");
    if (row && row.state !== "start" && row.state !== "retry")
      throw conflict("loanIdentityState", { state: row.state });
    await tx
      .update(loanIdentityChecks)
      .set({
        state: "pending",
        realName: body.realName,
        idNumber: body.idNumber,
        photoUploadId: photoId,
        photo,
        reason: null,
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(loanIdentityChecks.userId, userId));
    await markPrivate(tx, [photoId]);
  });
  return identityCheck(db, userId);
}

async function toOperatorIdentity(db: Db, row: CheckRow): Promise<OperatorLoanIdentity> {
  return {
    userId: row.userId,
    state: row.state,
    realName: row.realName,
    idNumber: row.idNumber,
    photo: row.photo,
    reason: row.reason,
    kycLevel: await getKycLevel(db, row.userId),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export async function listIdentityChecks(
  db: Db,
  query: { pageNo: number; pageSize: number; state?: CheckRow["state"] },
): Promise<Page<OperatorLoanIdentity>> {
  const where = query.state ? eq(loanIdentityChecks.state, query.state) : undefined;
  const [total] = await db.select({ n: count() }).from(loanIdentityChecks).where(where);
  const rows = await db
    .select()
    .from(loanIdentityChecks)
    .where(where)
    .orderBy(desc(loanIdentityChecks.updatedAt))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const records = [];
  for (const r of rows) records.push(await toOperatorIdentity(db, r));
  return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function decideIdentityCheck(
  db: Db,
  userId: number,
  body: LoanIdentityDecideBody,
  staffId: number | null,
): Promise<OperatorLoanIdentity> {
  const row = await ledgerTransaction(db, async (tx) => {
    const [locked] = await tx
      .select()
      .from(loanIdentityChecks)
      .where(eq(loanIdentityChecks.userId, userId))
      .for("update");
    if (locked?.state !== "pending") throw conflict("loanIdentityNotPending", { state: locked?.state ?? "start" });
    const [written] = await tx
      .update(loanIdentityChecks)
      .set({
        state: body.decision,
        reason: body.decision === "retry" ? (body.reason ?? null) : null,
        decidedAt: sql`now()`,
        decidedBy: staffId,
        updatedAt: sql`now()`,
      })
      .where(eq(loanIdentityChecks.userId, userId))
      .returning();
    if (!written) throw new Error("identity check vanished while locked");
    return written;
  });
  return toOperatorIdentity(db, row);
}
