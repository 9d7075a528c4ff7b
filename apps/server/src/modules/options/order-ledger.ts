// The ledger side of option orders outside the service class: the batch of a settlement
// and the demo-reset step that cancels open demo options.
import { dec, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { batch, type LedgerOp, platformAccount, userAccount } from "../ledger/service";
import { availableKind, type TradeMode } from "./mode";
import { optionOrders } from "./schema";

export type OptionOrderRow = typeof optionOrders.$inferSelect;

/**
 * Demo reset step: open demo options are cancelled and their stakes refunded to the demo
 * account (key `cancel:option:<id>`), inside the reset's transaction, so the reset leaves
 * exactly the default balance and nothing settles into it afterwards.
 */
export async function cancelOpenDemoOptions(tx: Db, userId: number): Promise<number> {
  const cancelled = await tx
    .update(optionOrders)
    .set({ status: "cancelled", payout: sql`${optionOrders.amount}`, settledAt: new Date() })
    .where(and(eq(optionOrders.userId, userId), eq(optionOrders.mode, "demo"), eq(optionOrders.status, "open")))
    .returning();
  for (let i = 0; i < cancelled.length; i += 500) {
    await batch(
      tx,
      cancelled.slice(i, i + 500).map(
        (o): LedgerOp => ({
          type: "transfer",
          currency: o.currency,
          debit: userAccount(userId, "options"),
          credit: userAccount(userId, "demo"),
          amount: toMoneyString(o.amount),
          key: `cancel:option:${o.id}`,
          kind: "option_refund",
          reference: { type: "option", id: o.id },
          memo: "Demo trading reset: open option refunded",
        }),
      ),
    );
  }
  return cancelled.length;
}

/**
 * The ledger batch of a settlement. Win: the stake comes back and the house pays the
 * profit; draw: the stake comes back; loss: the stake goes to the house.
 */
export function settlementOps(order: OptionOrderRow, result: "win" | "lose" | "draw", payout: string): LedgerOp[] {
  const mode = order.mode as TradeMode;
  const base = { currency: order.currency, reference: { type: "option", id: order.id } } as const;
  const options = userAccount(order.userId, "options");
  const available = userAccount(order.userId, availableKind(mode));
  const stake = toMoneyString(order.amount);
  if (result === "lose") {
    return [
      {
        ...base,
        type: "transfer",
        debit: options,
        credit: platformAccount("house"),
        amount: stake,
        key: `settle:option:${order.id}`,
        kind: "option_loss",
      },
    ];
  }
  const ops: LedgerOp[] = [
    {
      ...base,
      type: "transfer",
      debit: options,
      credit: available,
      amount: stake,
      key: `settle:option:${order.id}`,
      kind: result === "win" ? "option_payout" : "option_refund",
    },
  ];
  const profit = dec(payout).minus(stake);
  if (result === "win" && profit.gt(0)) {
    ops.push({
      ...base,
      type: "transfer",
      debit: platformAccount("house"),
      credit: available,
      amount: toMoneyString(profit),
      key: `settle:option:${order.id}:profit`,
      kind: "option_payout",
    });
  }
  return ops;
}
