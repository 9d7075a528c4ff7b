// Debt claims: investors lend to a named borrower through Candor. Money model: an investor's
// amount stays in their `earn` account as their claim at face value while the loan runs;
// income arrives only when the borrower pays (an operator records it, `clearing` → the
// investors pro rata by amount); at maturity an unpaid loan freezes the orders (overdue);
// principal repaid returns each claim to available; on default each investor receives their
// share of what was recovered and the rest of the claim is written off (`earn` → `clearing`:
// the money that left with the borrower). Each step is one transaction, guarded by the
// product's state and keyed by the operator's clientRequestId.

import type { DebtDefaultBody, DebtRepaymentBody } from "@candor/contract";
import { dec, proRata, toMoneyString } from "@candor/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../../db";
import { badRequest, conflict } from "../../../lib/errors";
import { enqueueJob } from "../../../lib/jobs";
import type { BusinessClock } from "../../clock/service";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, userAccount } from "../../ledger/service";
import { findCurrency } from "../../wallet/service";
import type { ProductRow } from "../model";
import { getProductRow } from "../products";
import { earnIncomes, earnOrders, earnProducts } from "../schema";
import { maturityOf } from "./schedule";

export const JOB_DEBT_START = "earn.debt.start";
export const JOB_DEBT_DUE = "earn.debt.due";

type DebtState = NonNullable<ProductRow["debtState"]>;

/** Schedules the loan start of a debt product at its raise end (at creation; idempotent). */
export async function scheduleDebtStart(db: Db, product: ProductRow): Promise<void> {
  if (product.type !== "debt" || !product.loanStartAt) return;
  await enqueueJob(db, {
    name: JOB_DEBT_START,
    key: `earn-debt-start:${product.id}`,
    payload: { id: product.id },
    runAt: new Date(product.loanStartAt),
  });
}

/** The raise ended: the loan starts, orders run until maturity. */
export async function startDebt(db: Db, productId: number): Promise<void> {
  await ledgerTransaction(db, async (tx) => {
    const [product] = await tx
      .update(earnProducts)
      .set({ debtState: "running", updatedAt: new Date() })
      .where(and(eq(earnProducts.id, productId), eq(earnProducts.debtState, "raising")))
      .returning();
    if (!product) return;
    await tx
      .update(earnOrders)
      .set({ status: "running", updatedAt: new Date() })
      .where(and(eq(earnOrders.productId, productId), eq(earnOrders.status, "not_started")));
    await enqueueJob(tx, {
      name: JOB_DEBT_DUE,
      key: `earn-debt-due:${productId}`,
      payload: { id: productId },
      runAt: maturityOf(product),
    });
  });
}

/** Maturity without the principal repaid: the loan is overdue and its orders frozen. */
export async function debtDue(db: Db, productId: number): Promise<void> {
  await ledgerTransaction(db, async (tx) => {
    const [product] = await tx
      .update(earnProducts)
      .set({ debtState: "overdue", updatedAt: new Date() })
      .where(and(eq(earnProducts.id, productId), eq(earnProducts.debtState, "running")))
      .returning();
    if (!product) return;
    await tx
      .update(earnOrders)
      .set({ status: "frozen", updatedAt: new Date() })
      .where(and(eq(earnOrders.productId, productId), eq(earnOrders.status, "running")));
  });
}

async function lockDebt(tx: Db, productId: number, allowed: DebtState[]): Promise<ProductRow> {
  const product = await getProductRow(tx, productId);
  if (product.type !== "debt") throw conflict("earnDebtState", { state: product.type });
  const result = (await tx.execute(
    sql`SELECT debt_state FROM earn_products WHERE id = ${productId} FOR UPDATE`,
  )) as unknown as { rows: { debt_state: DebtState }[] };
  const state = result.rows[0]?.debt_state ?? "raising";
  if (!allowed.includes(state)) throw conflict("earnDebtState", { state });
  return { ...product, debtState: state };
}

async function holders(tx: Db, productId: number, statuses: ("running" | "frozen" | "not_started")[]) {
  return tx
    .select()
    .from(earnOrders)
    .where(and(eq(earnOrders.productId, productId), inArray(earnOrders.status, statuses)))
    .orderBy(earnOrders.id);
}

/** The borrower paid: interest shared pro rata as income, or the whole principal back to every investor. */
export async function recordRepayment(
  db: Db,
  clock: BusinessClock,
  productId: number,
  body: z.infer<typeof DebtRepaymentBody>,
): Promise<{ orders: number; distributed: string; rest: string }> {
  return ledgerTransaction(db, async (tx) => {
    const product = await lockDebt(tx, productId, ["running", "overdue"]);
    const orders = await holders(tx, productId, ["running", "frozen"]);
    const outstanding = orders.reduce((s, o) => s.plus(o.amount), dec(0));
    const places = (await findCurrency(tx, product.currency))?.precision ?? 8;
    const today = clock.today();
    const ops: LedgerOp[] = [];
    const key = `debt:${productId}:${body.clientRequestId}`;
    if (body.kind === "principal") {
      if (!dec(body.amount).eq(outstanding)) {
        throw badRequest("earnInvalidProduct", {
          field: "amount",
          problem: `the principal outstanding is ${toMoneyString(outstanding)}; record a partial recovery as a default`,
        });
      }
      for (const o of orders) {
        ops.push({
          type: "transfer",
          currency: product.currency,
          debit: userAccount(o.userId, "earn"),
          credit: userAccount(o.userId),
          amount: toMoneyString(dec(o.amount)),
          key: `${key}:${o.id}`,
          kind: "earn",
          reference: { type: "earn_order", id: o.id },
        });
      }
      if (ops.length > 0) await batch(tx, ops);
      await tx
        .update(earnOrders)
        .set({
          status: "ended",
          endReason: "repaid",
          endedAt: clock.now(),
          returnedAmount: sql`${earnOrders.amount}`,
          updatedAt: new Date(),
        })
        .where(and(eq(earnOrders.productId, productId), inArray(earnOrders.status, ["running", "frozen"])));
      await tx
        .update(earnProducts)
        .set({ debtState: "repaid", updatedAt: new Date() })
        .where(eq(earnProducts.id, productId));
      return { orders: orders.length, distributed: toMoneyString(outstanding), rest: "0" };
    }
    const split = proRata(
      body.amount,
      orders.map((o) => ({ id: o.id, amount: o.amount })),
      places,
    );
    for (const s of split.shares) {
      const o = orders.find((x) => x.id === s.id);
      if (!o || !dec(s.share).gt(0)) continue;
      ops.push({
        type: "transfer",
        currency: product.currency,
        debit: platformAccount("clearing"),
        credit: userAccount(o.userId),
        amount: s.share,
        key: `${key}:${o.id}`,
        kind: "debt_repayment",
        reference: { type: "earn_order", id: o.id },
        memo: body.note ?? "",
      });
      await tx.insert(earnIncomes).values({
        orderId: o.id,
        userId: o.userId,
        incomeKey: `${key}:${o.id}`,
        incomeDate: today,
        kind: "repayment",
        amount: s.share,
        inputs: {
          repaid: toMoneyString(dec(body.amount)),
          yourAmount: toMoneyString(dec(o.amount)),
          outstanding: toMoneyString(outstanding),
          note: body.note ?? null,
        },
      });
      await tx
        .update(earnOrders)
        .set({ totalIncome: sql`${earnOrders.totalIncome} + ${s.share}`, updatedAt: new Date() })
        .where(eq(earnOrders.id, o.id));
    }
    if (ops.length > 0) await batch(tx, ops);
    return { orders: orders.length, distributed: toMoneyString(dec(body.amount).minus(split.rest)), rest: split.rest };
  });
}

/** The borrower defaulted: each investor gets their share of what was recovered; the rest is written off. */
export async function recordDefault(
  db: Db,
  clock: BusinessClock,
  productId: number,
  body: z.infer<typeof DebtDefaultBody>,
): Promise<{ orders: number; recovered: string; writtenOff: string }> {
  return ledgerTransaction(db, async (tx) => {
    const product = await lockDebt(tx, productId, ["running", "overdue"]);
    const orders = await holders(tx, productId, ["running", "frozen"]);
    const outstanding = orders.reduce((s, o) => s.plus(o.amount), dec(0));
    if (dec(body.recoveredAmount).gt(outstanding)) {
      throw badRequest("earnInvalidProduct", {
        field: "recoveredAmount",
        problem: `above the outstanding ${toMoneyString(outstanding)}`,
      });
    }
    const places = (await findCurrency(tx, product.currency))?.precision ?? 8;
    const split = proRata(
      body.recoveredAmount,
      orders.map((o) => ({ id: o.id, amount: o.amount })),
      places,
    );
    const key = `debt:${productId}:${body.clientRequestId}`;
    const ops: LedgerOp[] = [];
    let writtenOff = dec(0);
    for (const o of orders) {
      const share = split.shares.find((s) => s.id === o.id)?.share ?? "0";
      const loss = dec(o.amount).minus(share);
      const reference = { type: "earn_order", id: o.id };
      if (dec(share).gt(0)) {
        ops.push({
          type: "transfer",
          currency: product.currency,
          debit: userAccount(o.userId, "earn"),
          credit: userAccount(o.userId),
          amount: share,
          key: `${key}:${o.id}:recovery`,
          kind: "debt_recovery",
          reference,
          memo: body.note,
        });
      }
      if (loss.gt(0)) {
        writtenOff = writtenOff.plus(loss);
        ops.push({
          type: "transfer",
          currency: product.currency,
          debit: userAccount(o.userId, "earn"),
          credit: platformAccount("clearing"),
          amount: toMoneyString(loss),
          key: `${key}:${o.id}:writeoff`,
          kind: "debt_writeoff",
          reference,
          memo: body.note,
        });
      }
      await tx.insert(earnIncomes).values({
        orderId: o.id,
        userId: o.userId,
        incomeKey: `${key}:${o.id}:recovery`,
        incomeDate: clock.today(),
        kind: "recovery",
        amount: share,
        inputs: {
          recovered: toMoneyString(dec(body.recoveredAmount)),
          outstanding: toMoneyString(outstanding),
          yourAmount: toMoneyString(dec(o.amount)),
          writtenOff: toMoneyString(loss),
          note: body.note,
        },
      });
      await tx
        .update(earnOrders)
        .set({
          status: "ended",
          endReason: "defaulted",
          endedAt: clock.now(),
          returnedAmount: share,
          updatedAt: new Date(),
        })
        .where(eq(earnOrders.id, o.id));
    }
    if (ops.length > 0) await batch(tx, ops);
    await tx
      .update(earnProducts)
      .set({ debtState: "defaulted", updatedAt: new Date() })
      .where(eq(earnProducts.id, productId));
    return {
      orders: orders.length,
      recovered: toMoneyString(dec(body.recoveredAmount)),
      writtenOff: toMoneyString(writtenOff),
    };
  });
}

/** The raise is called off before the loan starts: every investor's amount goes back. */
export async function cancelRaise(db: Db, clock: BusinessClock, productId: number): Promise<{ orders: number }> {
  return ledgerTransaction(db, async (tx) => {
    const product = await lockDebt(tx, productId, ["raising"]);
    const orders = await holders(tx, productId, ["not_started", "running"]);
    const ops: LedgerOp[] = orders.map((o) => ({
      type: "transfer" as const,
      currency: product.currency,
      debit: userAccount(o.userId, "earn"),
      credit: userAccount(o.userId),
      amount: toMoneyString(dec(o.amount)),
      key: `debt:${productId}:cancel:${o.id}`,
      kind: "earn",
      reference: { type: "earn_order", id: o.id },
    }));
    if (ops.length > 0) await batch(tx, ops);
    await tx
      .update(earnOrders)
      .set({
        status: "cancelled",
        endReason: "cancelled",
        endedAt: clock.now(),
        returnedAmount: sql`${earnOrders.amount}`,
        updatedAt: new Date(),
      })
      .where(and(eq(earnOrders.productId, productId), inArray(earnOrders.status, ["not_started", "running"])));
    await tx
      .update(earnProducts)
      .set({ debtState: "cancelled", status: "ended", updatedAt: new Date() })
      .where(eq(earnProducts.id, productId));
    return { orders: orders.length };
  });
}
