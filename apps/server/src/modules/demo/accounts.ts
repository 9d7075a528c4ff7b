// Demo (virtual) money for every trading module: which ledger accounts a mode uses, and
// the customer's demo account, granted DEMO_DEFAULT_BALANCE VUSDT from the platform's
// treasury on first use. Trading modules call ensureDemoAccount before a demo order and
// lockDemoAccountShared inside the order's transaction (a reset takes the row exclusively,
// so no demo order slips in while a reset restores the balance).
import { dec, toMoneyString } from "@candor/domain";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { DEMO_CURRENCY } from "../../lib/trade-mode";
import { ledgerTransaction, platformAccount, transfer, userAccount } from "../ledger/service";
import { demoAccounts } from "./schema";

// The mode → money mapping lives in lib/trade-mode (shared with contests, no import loop).
export { DEMO_CURRENCY, modeMoney, type TradeMode } from "../../lib/trade-mode";

export const DEMO_DEFAULT_BALANCE = "10000";

export interface DemoAccountRow {
  userId: number;
  resets: number;
  lastResetRequestId: string | null;
  createdAt: Date;
  resetAt: Date | null;
}

/**
 * The customer's demo account; on first use it is created and granted the default
 * virtual balance (treasury VUSDT → user demo, key `demo:grant:<userId>`), atomically.
 */
export async function ensureDemoAccount(db: Db, userId: number): Promise<DemoAccountRow> {
  const [found] = await db.select().from(demoAccounts).where(eq(demoAccounts.userId, userId));
  if (found) return found;
  return ledgerTransaction(db, async (tx) => {
    const [created] = await tx.insert(demoAccounts).values({ userId }).onConflictDoNothing().returning();
    if (created) {
      await transfer(tx, {
        currency: DEMO_CURRENCY,
        debit: platformAccount("treasury"),
        credit: userAccount(userId, "demo"),
        amount: toMoneyString(dec(DEMO_DEFAULT_BALANCE)),
        key: `demo:grant:${userId}`,
        kind: "demo_grant",
        reference: { type: "demo_account", id: userId },
        memo: "Demo trading: virtual starting balance",
      });
      return created;
    }
    const [existing] = await tx.select().from(demoAccounts).where(eq(demoAccounts.userId, userId));
    if (!existing) throw new Error(`demo account of ${userId} vanished`);
    return existing;
  });
}

/**
 * Inside a demo order's transaction: wait for a running reset of this customer and keep
 * new resets out until the order commits (orders of one customer do not block each other).
 */
export async function lockDemoAccountShared(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM demo_accounts WHERE user_id = ${userId} FOR SHARE`);
}
