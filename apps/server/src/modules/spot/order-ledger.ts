// The ledger side of spot orders outside the service class: the batch of a fill, cancelling
// an open limit order (its hold voided), and the demo-reset and contest-end steps that
// cancel a customer's open orders.
import type { SpotOrder } from "@candor/contract";
import { dec, spotFill } from "@candor/domain";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { batch, getBalances, type LedgerOp, platformAccount, userAccount } from "../ledger/service";
import { availableKind, DEMO_PREFIX, modeCurrency, type TradeMode } from "../options/service";
import { spotOrders } from "./schema";

export type SpotOrderRow = typeof spotOrders.$inferSelect;

/** Cancel an open limit order inside `tx` (status guarded, hold voided); null when it was not open any more. */
export async function cancelOpenOrder(
  tx: Db,
  order: Pick<SpotOrderRow, "id">,
  reason: NonNullable<SpotOrder["cancelReason"]>,
): Promise<SpotOrderRow | null> {
  const [row] = await tx
    .update(spotOrders)
    .set({ status: "cancelled", cancelledAt: new Date(), cancelReason: reason })
    .where(and(eq(spotOrders.id, order.id), eq(spotOrders.status, "open")))
    .returning();
  if (!row || row.holdTransferId === null) return null;
  await batch(tx, [{ type: "void", pendingId: row.holdTransferId, key: `spot:${row.id}:cancel` }]);
  return row;
}

/**
 * The ledger batch of a fill at `price`. Market orders move everything at once; limit
 * orders first post their hold (a buy posts the notional to the treasury and releases the
 * rest, a sell posts the base) and then move the other leg and the fee.
 */
export function fillOps(order: SpotOrderRow, price: string, key: string): LedgerOp[] {
  const side = order.side as "buy" | "sell";
  const fill = spotFill(side, order.quantity, price, order.feeRate);
  const available = userAccount(order.userId, availableKind(order.mode as TradeMode));
  const treasury = platformAccount("treasury");
  const reference = { type: "spot_order", id: order.id };
  const kind = "spot_trade";
  const ops: LedgerOp[] = [];
  const quote = order.quoteCurrency;
  const base = order.baseCurrency;
  if (side === "buy") {
    if (order.holdTransferId !== null) {
      ops.push({ type: "post", pendingId: order.holdTransferId, amount: fill.notional, key, kind, reference });
    } else {
      ops.push({
        type: "transfer",
        currency: quote,
        debit: available,
        credit: treasury,
        amount: fill.notional,
        key,
        kind,
        reference,
      });
    }
    ops.push({
      type: "transfer",
      currency: base,
      debit: treasury,
      credit: available,
      amount: fill.baseAmount,
      key: `${key}:receive`,
      kind,
      reference,
    });
  } else {
    if (order.holdTransferId !== null) {
      ops.push({ type: "post", pendingId: order.holdTransferId, key, kind, reference });
    } else {
      ops.push({
        type: "transfer",
        currency: base,
        debit: available,
        credit: treasury,
        amount: fill.baseAmount,
        key,
        kind,
        reference,
      });
    }
    if (dec(fill.notional).gt(0)) {
      ops.push({
        type: "transfer",
        currency: quote,
        debit: treasury,
        credit: available,
        amount: fill.notional,
        key: `${key}:receive`,
        kind,
        reference,
      });
    }
  }
  if (dec(fill.fee).gt(0)) {
    ops.push({
      type: "transfer",
      currency: quote,
      debit: available,
      credit: platformAccount("fees"),
      amount: fill.fee,
      key: `${key}:fee`,
      kind: "spot_fee",
      reference,
    });
  }
  return ops;
}

/**
 * Demo reset step: open demo limit orders are cancelled (holds voided) and virtual base
 * currencies (VBTC, …) go back to the treasury, so the demo account is back to VUSDT only.
 */
export async function resetDemoSpot(tx: Db, userId: number): Promise<void> {
  const open = await tx
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, userId), eq(spotOrders.mode, "demo"), eq(spotOrders.status, "open")));
  for (const order of open) await cancelOpenOrder(tx, order, "demoReset");
  const balances = await getBalances(tx, userId, { kind: "demo" });
  const ops: LedgerOp[] = balances
    .filter((b) => b.currency !== modeCurrency("demo") && b.currency.startsWith(DEMO_PREFIX) && dec(b.available).gt(0))
    .map((b) => ({
      type: "transfer",
      currency: b.currency,
      debit: userAccount(userId, "demo"),
      credit: platformAccount("treasury"),
      amount: b.available,
      key: `demo:reset:spot:${userId}:${b.currency}:${Date.now()}`,
      kind: "demo_reset",
      reference: { type: "demo_account", id: userId },
      memo: "Demo trading reset: virtual holdings returned",
    }));
  if (ops.length > 0) await batch(tx, ops);
}

/** Contest exit/end: how many spot orders of the customer filled with that contest's money (closed trades). */
export async function countFilledContestOrders(db: Db, userId: number, contestId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.userId, userId),
        eq(spotOrders.mode, "contest"),
        eq(spotOrders.contestId, contestId),
        eq(spotOrders.status, "filled"),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Contest exit/end step: the customer's open limit orders of that contest are cancelled (holds voided). */
export async function cancelContestOrders(tx: Db, userId: number, contestId: number): Promise<number> {
  const open = await tx
    .select()
    .from(spotOrders)
    .where(
      and(
        eq(spotOrders.userId, userId),
        eq(spotOrders.mode, "contest"),
        eq(spotOrders.contestId, contestId),
        eq(spotOrders.status, "open"),
      ),
    );
  let cancelled = 0;
  for (const order of open) if (await cancelOpenOrder(tx, order, "contestEnd")) cancelled++;
  return cancelled;
}
