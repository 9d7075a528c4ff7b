// Crediting a deposit: the provider's receipt (what arrived) is checked against the
// deposit, then credited in the ledger exactly once (transfer clearing → customer spot,
// key `deposit:<id>`), or the deposit is flagged for an operator and not credited.
import { dec, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { AMOUNT_MAX } from "./currencies";
import type { DepositReceipt } from "./provider";
import { deposits } from "./schema";

type DepositRow = typeof deposits.$inferSelect;

/** Why a provider's receipt cannot be credited to this deposit, or null when it can. */
export function receiptProblem(row: DepositRow, receipt: DepositReceipt): string | null {
  let received: ReturnType<typeof dec>;
  try {
    received = dec(receipt.receivedAmount);
  } catch {
    return `received amount ${JSON.stringify(receipt.receivedAmount)} is not a number`;
  }
  if (!received.isFinite() || !received.gt(0)) return `received amount ${receipt.receivedAmount} is not positive`;
  if (received.decimalPlaces() > 18 || received.gte(AMOUNT_MAX)) {
    return `received amount ${receipt.receivedAmount} is out of range`;
  }
  if (receipt.currency !== row.currency) return `received ${receipt.currency}, the deposit is in ${row.currency}`;
  if (row.network !== null && receipt.network !== row.network) {
    return `received on ${receipt.network ?? "no network"}, the deposit is on ${row.network}`;
  }
  return null;
}

export type CompleteResult =
  | { outcome: "credited"; row: DepositRow }
  | { outcome: "flagged"; row: DepositRow; problem: string }
  | { outcome: "not_pending" };

/**
 * Credits a deposit under review with what the provider received, once: the row lock and
 * status guard (status = 0), the status change and the ledger transfer commit together;
 * the transfer's key `deposit:<id>` makes a replay a no-op. A receipt that cannot be
 * credited (no positive amount, another currency or network) is not credited: the deposit
 * stays under review with a flag for an operator.
 */
export async function completeDeposit(
  db: Db,
  id: number,
  reference: string,
  receipt: DepositReceipt,
): Promise<CompleteResult> {
  return ledgerTransaction(db, async (tx) => {
    const [pending] = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.id, id), eq(deposits.status, 0)))
      .for("update");
    if (!pending) return { outcome: "not_pending" };
    const problem = receiptProblem(pending, receipt);
    if (problem) {
      const [flagged] = await tx
        .update(deposits)
        .set({ flag: `${reference}: ${problem}`, updatedAt: sql`now()` })
        .where(and(eq(deposits.id, id), eq(deposits.status, 0)))
        .returning();
      return { outcome: "flagged", row: flagged ?? pending, problem };
    }
    const received = toMoneyString(receipt.receivedAmount);
    const [row] = await tx
      .update(deposits)
      .set({
        status: 1,
        providerRef: reference,
        receivedAmount: received,
        receivedCurrency: receipt.currency,
        receivedNetwork: receipt.network,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(deposits.id, id), eq(deposits.status, 0)))
      .returning();
    if (!row) throw new Error(`deposit ${id} changed under its row lock`);
    await batch(tx, [
      {
        type: "transfer",
        currency: row.currency,
        debit: platformAccount("clearing"),
        credit: userAccount(row.userId, "spot"),
        amount: received,
        key: `deposit:${row.id}`,
        kind: "deposit",
        reference: { type: "deposit", id: row.id },
        memo: `${row.network ? `${row.network} deposit` : "bank transfer deposit"}, asked ${toMoneyString(row.amount)}`,
      },
    ]);
    return { outcome: "credited", row };
  });
}
