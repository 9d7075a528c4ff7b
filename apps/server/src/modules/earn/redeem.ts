// Early redemption of a fixed-term order, where the product offers it (shown before buying):
// the principal comes back minus the interest already paid; no interest for the rest of the
// term. A second request for an order already redeemed returns it unchanged.
import { dec, earlyRedemptionReturn, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { conflict, notFound } from "../../lib/errors";
import type { BusinessClock } from "../clock/service";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { kindOf } from "./kinds";
import type { OrderRow } from "./model";
import { earnIncomes, earnOrders } from "./schema";

export async function ownOrder(db: Db, userId: number, id: number): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(earnOrders)
    .where(and(eq(earnOrders.id, id), eq(earnOrders.userId, userId)))
    .limit(1);
  if (!order) throw notFound("earnOrderNotFound");
  return order;
}

export async function redeem(db: Db, clock: BusinessClock, userId: number, id: number): Promise<OrderRow> {
  const order = await ownOrder(db, userId, id);
  if (order.status === "ended" && order.endReason === "redeemed") return order;
  if (!kindOf(order.type).earlyRedemption || !order.earlyRedemption) {
    throw conflict("earnNotRedeemable");
  }
  if (order.status !== "running") throw conflict("earnOrderNotRunning", { status: order.status });
  return ledgerTransaction(db, async (tx) => {
    // The interest paid so far, read under the order's row lock (the daily job updates it too).
    const [locked] = await tx
      .update(earnOrders)
      .set({ updatedAt: new Date() })
      .where(sql`${earnOrders.id} = ${id} AND ${earnOrders.status} = 'running'`)
      .returning();
    if (!locked) throw conflict("earnOrderNotRunning", { status: "ended" });
    const back = earlyRedemptionReturn(locked.amount, locked.totalIncome);
    const forfeit = toMoneyString(dec(locked.amount).minus(back));
    const now = clock.now();
    const [ended] = await tx
      .update(earnOrders)
      .set({ status: "ended", endReason: "redeemed", endedAt: now, returnedAmount: back, updatedAt: new Date() })
      .where(eq(earnOrders.id, id))
      .returning();
    const reference = { type: "earn_order", id };
    const ops: LedgerOp[] = [];
    if (dec(back).gt(0)) {
      ops.push({
        type: "transfer",
        currency: order.currency,
        debit: userAccount(userId, "earn"),
        credit: userAccount(userId),
        amount: back,
        key: `earn:${id}:redeem`,
        kind: "earn",
        reference,
      });
    }
    if (dec(forfeit).gt(0)) {
      ops.push({
        type: "transfer",
        currency: order.currency,
        debit: userAccount(userId, "earn"),
        credit: platformAccount("interest"),
        amount: forfeit,
        key: `earn:${id}:forfeit`,
        kind: "earn_forfeit",
        reference,
      });
      await tx.insert(earnIncomes).values({
        orderId: id,
        userId,
        incomeKey: `earn:${id}:forfeit`,
        incomeDate: now.toISOString().slice(0, 10),
        kind: "forfeit",
        amount: `-${forfeit}`,
        inputs: { interestPaid: toMoneyString(dec(locked.totalIncome)), principal: toMoneyString(dec(locked.amount)) },
      });
    }
    if (ops.length > 0) await batch(tx, ops);
    return ended as OrderRow;
  });
}
