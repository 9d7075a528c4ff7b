// Repaying (in full or in part, early or overdue) and adding collateral. A repayment first
// catches interest up to today (an early repayment pays interest up to that day only), then
// pays interest first and principal after; repaid in full, the collateral comes back.
//
//   repay:    spot → interest (platform)   key loan:<id>:repay:<repayment>:interest
//             spot → treasury             key loan:<id>:repay:<repayment>:principal
//   release:  collateral → spot           key loan:<id>:release
//   add:      spot → collateral           key loan:<id>:collateral:add:<requestId>
import { randomUUID } from "node:crypto";
import type {
  LoanAddCollateralBody,
  LoanAddCollateralResult,
  LoanRepayBody,
  LoanRepayResult,
  LoanStatusEvent,
} from "@candor/contract";
import { allocateRepayment, dec, decimalPlaces, loanToValue, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict } from "../../lib/errors";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { accrueOrder } from "./accrual";
import {
  isOpen,
  type LoansDeps,
  liveBid,
  owedOf,
  ownOrderRow,
  places,
  publishEvents,
  publishIndex,
  recordEvent,
  touched,
  triggerPrices,
} from "./orders";
import { type LoanOrderRow, loanEvidence, loanOrders, loanRepayments } from "./schema";

/** Clears an open margin call when the LTV at the live bid is below the margin-call LTV again. */
async function clearMarginCallIfBelow(
  deps: LoansDeps,
  tx: Db,
  row: LoanOrderRow,
): Promise<{ row: LoanOrderRow; event: LoanStatusEvent | null }> {
  if (!row.marginCall || row.type !== "pledge" || !row.collateralSymbol || !row.marginCallLtv)
    return { row, event: null };
  const q = liveBid(deps.market, row.collateralSymbol);
  if (!q) return { row, event: null };
  const ltv = loanToValue(owedOf(row), row.collateralAmount ?? 0, q.bid);
  if (ltv === null || dec(ltv).gte(row.marginCallLtv)) return { row, event: null };
  const [written] = await tx
    .update(loanOrders)
    .set({ marginCall: false, lastPrice: q.bid, lastPriceAt: new Date(q.ts), ...touched })
    .where(and(eq(loanOrders.id, row.id), eq(loanOrders.marginCall, true)))
    .returning();
  if (!written) return { row, event: null };
  await tx
    .insert(loanEvidence)
    .values({
      orderId: row.id,
      kind: "margin_call_cleared",
      symbol: row.collateralSymbol,
      price: q.price,
      bid: q.bid,
      ask: q.ask,
      tickAt: new Date(q.ts),
      ltv,
    })
    .onConflictDoNothing();
  const event = await recordEvent(tx, written, written.status, "margin_call_cleared", {
    ltv,
    threshold: toMoneyString(row.marginCallLtv),
  });
  return { row: written, event };
}

export async function repay(deps: LoansDeps, userId: number, body: LoanRepayBody): Promise<LoanRepayResult> {
  const out = await ledgerTransaction(deps.db, async (tx) => {
    let row = await ownOrderRow(tx, userId, body.id, true);
    if (body.requestId) {
      const [done] = await tx
        .select()
        .from(loanRepayments)
        .where(and(eq(loanRepayments.orderId, row.id), eq(loanRepayments.requestId, body.requestId)));
      if (done) {
        if (body.amount !== undefined && !dec(done.amount).eq(body.amount)) throw conflict("loanRequestIdReused");
        const closedByIt = row.status === "repaid" && dec(done.outstandingAfter).lte(0);
        const returned = closedByIt && row.type === "pledge" ? toMoneyString(row.collateralAmount ?? 0) : "0";
        return { result: repayResult(row, done, returned), events: [] as LoanStatusEvent[], row };
      }
    }
    if (!isOpen(row.status)) throw conflict("loanNotOpen", { status: row.status });
    const events: LoanStatusEvent[] = [];
    const caught = await accrueOrder(tx, row, deps.clock.nowMs());
    row = caught.row;
    events.push(...caught.events);
    const p = await places(tx, row.currency);
    const owed = owedOf(row);
    const amount = body.amount ?? toMoneyString(owed);
    if (decimalPlaces(amount) > p) throw badRequest("loanAmountPrecision", { field: "amount", places: p });
    if (dec(amount).gt(owed))
      throw badRequest("loanRepayTooMuch", { owed: toMoneyString(owed), currency: row.currency });
    const split = allocateRepayment(amount, row.interestOutstanding, row.principalOutstanding);
    const after = owed.minus(amount);
    const [repayment] = await tx
      .insert(loanRepayments)
      .values({
        orderId: row.id,
        kind: "repay",
        amount,
        interest: split.interest,
        principal: split.principal,
        outstandingAfter: toMoneyString(after),
        requestId: body.requestId ?? null,
      })
      .returning();
    if (!repayment) throw new Error("repayment insert returned nothing");
    const reference = { type: "loan", id: row.id };
    const ops: LedgerOp[] = [];
    const base = { type: "transfer" as const, currency: row.currency, reference, debit: userAccount(userId, "spot") };
    if (dec(split.interest).gt(0)) {
      ops.push({
        ...base,
        credit: platformAccount("interest"),
        amount: split.interest,
        key: `loan:${row.id}:repay:${repayment.id}:interest`,
        kind: "loan_interest",
      });
    }
    if (dec(split.principal).gt(0)) {
      ops.push({
        ...base,
        credit: platformAccount("treasury"),
        amount: split.principal,
        key: `loan:${row.id}:repay:${repayment.id}:principal`,
        kind: "loan_repay",
      });
    }
    const full = after.lte(0);
    const collateral = dec(row.collateralAmount ?? 0);
    if (full && row.type === "pledge" && collateral.gt(0) && row.collateralCurrency) {
      ops.push({
        type: "transfer",
        currency: row.collateralCurrency,
        debit: userAccount(userId, "collateral"),
        credit: userAccount(userId, "spot"),
        amount: toMoneyString(collateral),
        key: `loan:${row.id}:release`,
        kind: "loan_collateral_release",
        reference,
      });
    }
    if (ops.length > 0) await batch(tx, ops);
    const [written] = await tx
      .update(loanOrders)
      .set({
        principalOutstanding: sql`${loanOrders.principalOutstanding} - ${split.principal}`,
        interestOutstanding: sql`${loanOrders.interestOutstanding} - ${split.interest}`,
        interestPaid: sql`${loanOrders.interestPaid} + ${split.interest}`,
        ...(full ? { status: "repaid" as const, marginCall: false, closedAt: deps.clock.now() } : {}),
        ...touched,
      })
      .where(eq(loanOrders.id, row.id))
      .returning();
    if (!written) throw new Error(`loan ${row.id} vanished while locked`);
    row = written;
    events.push(
      full
        ? await recordEvent(tx, row, "repaid", "repaid", { amount: toMoneyString(amount), currency: row.currency })
        : await recordEvent(tx, row, row.status, "partial_repaid", {
            amount: toMoneyString(amount),
            currency: row.currency,
            outstanding: toMoneyString(after),
          }),
    );
    if (!full) {
      const cleared = await clearMarginCallIfBelow(deps, tx, row);
      row = cleared.row;
      if (cleared.event) events.push(cleared.event);
    }
    return {
      result: repayResult(row, repayment, full ? toMoneyString(collateral) : "0"),
      events,
      row,
    };
  });
  publishEvents(deps, out.events);
  publishIndex(deps, out.row);
  return out.result;
}

function repayResult(
  row: LoanOrderRow,
  repayment: { amount: string; interest: string; principal: string; outstandingAfter: string },
  collateralReturned: string,
): LoanRepayResult {
  return {
    id: row.id,
    status: row.status,
    paid: toMoneyString(repayment.amount),
    interestPaid: toMoneyString(repayment.interest),
    principalPaid: toMoneyString(repayment.principal),
    outstanding: toMoneyString(repayment.outstandingAfter),
    collateralReturned,
  };
}

export async function addCollateral(
  deps: LoansDeps,
  userId: number,
  body: LoanAddCollateralBody,
): Promise<LoanAddCollateralResult> {
  const out = await ledgerTransaction(deps.db, async (tx) => {
    let row = await ownOrderRow(tx, userId, body.id, true);
    if (row.type !== "pledge" || !row.collateralCurrency) throw badRequest("loanNotPledge");
    if (!isOpen(row.status)) throw conflict("loanNotOpen", { status: row.status });
    const cp = await places(tx, row.collateralCurrency);
    if (decimalPlaces(body.amount) > cp) throw badRequest("loanAmountPrecision", { field: "amount", places: cp });
    const events: LoanStatusEvent[] = [];
    const { replayed } = await batch(tx, [
      {
        type: "transfer",
        currency: row.collateralCurrency,
        debit: userAccount(userId, "spot"),
        credit: userAccount(userId, "collateral"),
        amount: body.amount,
        key: `loan:${row.id}:collateral:add:${body.requestId ?? randomUUID()}`,
        kind: "loan_collateral",
        reference: { type: "loan", id: row.id },
      },
    ]);
    if (!replayed) {
      const [written] = await tx
        .update(loanOrders)
        .set({ collateralAmount: sql`${loanOrders.collateralAmount} + ${body.amount}`, ...touched })
        .where(eq(loanOrders.id, row.id))
        .returning();
      if (!written) throw new Error(`loan ${row.id} vanished while locked`);
      row = written;
      events.push(
        await recordEvent(tx, row, row.status, "collateral_added", {
          amount: toMoneyString(body.amount),
          collateralCurrency: row.collateralCurrency ?? "",
        }),
      );
      const cleared = await clearMarginCallIfBelow(deps, tx, row);
      row = cleared.row;
      if (cleared.event) events.push(cleared.event);
    }
    return { row, events };
  });
  publishEvents(deps, out.events);
  publishIndex(deps, out.row);
  const row = out.row;
  const q = liveBid(deps.market, row.collateralSymbol ?? "");
  const bid = q?.bid ?? (row.lastPrice ? toMoneyString(row.lastPrice) : null);
  return {
    id: row.id,
    collateralAmount: toMoneyString(row.collateralAmount ?? 0),
    ltv: bid ? loanToValue(owedOf(row), row.collateralAmount ?? 0, bid) : null,
    marginCall: row.marginCall,
    liquidationPrice: triggerPrices(deps.market, row).liquidationPrice ?? "0",
  };
}
