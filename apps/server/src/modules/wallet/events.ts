// After a deposit or withdrawal changed state (its transaction committed), the wallet
// announces the outcome on the event bus ("wallet.deposit_credited", "…deposit_rejected",
// "…withdrawal_state"); the inbox follows them. Reads the row as it is now, so calling it
// twice announces the same state twice (subscribers deduplicate by id and status). The
// wallet's events are declared here too.
import { toMoneyString } from "@candor/domain";
import { eq } from "drizzle-orm";
import type { WalletContext } from "./context";
import { deposits, withdrawals } from "./schema";

// Amounts are decimal strings. A subscriber must tolerate fields it does not expect and
// missing optional ones.
export interface DepositCreditedEvent {
  userId: number;
  depositId: number;
  amount: string;
  currency: string;
}
export interface DepositRejectedEvent {
  userId: number;
  depositId: number;
  amount: string;
  currency: string;
  reason: string;
}
export interface WithdrawalStateEvent {
  userId: number;
  withdrawalId: number;
  /** 2 paid, -1 rejected (not by the customer), -2 failed. */
  status: number;
  amount: string;
  currency: string;
  reason?: string | null;
}
/** A withdrawal address was added or re-pointed (the inbox tells the customer). */
export interface PayoutAccountAddedEvent {
  userId: number;
  accountId: number;
  destination: string;
  /** ISO time from when withdrawals may go there. */
  usableAt: string;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    "wallet.deposit_credited": DepositCreditedEvent;
    "wallet.deposit_rejected": DepositRejectedEvent;
    "wallet.withdrawal_state": WithdrawalStateEvent;
    "wallet.payout_account_added": PayoutAccountAddedEvent;
  }
}

export async function announceDeposit(ctx: WalletContext, id: number): Promise<void> {
  if (!ctx.bus) return;
  const [row] = await ctx.db.select().from(deposits).where(eq(deposits.id, id));
  if (!row) return;
  if (row.status === 1) {
    ctx.bus.publish("wallet.deposit_credited", {
      userId: row.userId,
      depositId: row.id,
      amount: toMoneyString(row.receivedAmount ?? row.amount),
      currency: row.receivedCurrency ?? row.currency,
    });
  } else if (row.status === -1 || row.status === -2) {
    ctx.bus.publish("wallet.deposit_rejected", {
      userId: row.userId,
      depositId: row.id,
      amount: toMoneyString(row.amount),
      currency: row.currency,
      reason: row.reason ?? "",
    });
  }
}

export async function announceWithdrawal(ctx: WalletContext, id: number): Promise<void> {
  if (!ctx.bus) return;
  const [row] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  // Still in flight, or cancelled by the customer (who knows): nothing to announce.
  if (!row || row.cancelled || ![2, -1, -2].includes(row.status)) return;
  ctx.bus.publish("wallet.withdrawal_state", {
    userId: row.userId,
    withdrawalId: row.id,
    status: row.status,
    amount: toMoneyString(row.amount),
    currency: row.currency,
    reason: row.reason,
  });
}

/** Runs a transition, then announces the row's state; an announcement never fails the call. */
export async function thenAnnounce<T>(
  ctx: WalletContext,
  what: "deposit" | "withdrawal",
  id: number,
  run: () => Promise<T>,
): Promise<T> {
  const result = await run();
  try {
    await (what === "deposit" ? announceDeposit(ctx, id) : announceWithdrawal(ctx, id));
  } catch {
    // The inbox is a convenience: the records themselves are the truth.
  }
  return result;
}
