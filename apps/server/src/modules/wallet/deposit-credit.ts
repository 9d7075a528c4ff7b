// Crediting a deposit: the receipt (what arrived, under which reference) is checked against
// the deposit, then credited in the ledger exactly once (transfer clearing → customer spot,
// key `deposit:<id>`), or the deposit is held for an operator (flag) and not credited.
//
// Once per receipt: a reference of one provider credits at most one deposit, in any letter
// case (unique index deposits_provider_ref_key, migration 0028, checked first for a message).
// What arrived: a provider's receipt is credited by itself only when it is exactly what the
// deposit asked for; any other amount (more — past the customer's deposit limits — or less)
// is held for review. An operator's confirmation is that review: it names the amount that
// arrived and the receipt's reference, and credits that amount, never the amount typed.
import { RecordStatuses } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { uniqueViolationOf } from "../../db/errors";
import { conflict } from "../../lib/errors";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { AMOUNT_MAX } from "./currencies";
import type { DepositReceipt } from "./provider";
import { deposits } from "./schema";

type DepositRow = typeof deposits.$inferSelect;

/** Who vouches for the receipt: the payment provider (automatic) or an operator (the review). */
export type ReceiptSource = "provider" | "operator";

const PROVIDER_REF_KEY = "deposits_provider_ref_key";

/** Why a receipt cannot be credited to this deposit, or null when it can. */
export function receiptProblem(
  row: DepositRow,
  receipt: DepositReceipt,
  source: ReceiptSource = "provider",
): string | null {
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
  if (source === "provider" && !received.eq(row.amount)) {
    return `received ${toMoneyString(received)}, asked ${toMoneyString(row.amount)}: held for review`;
  }
  return null;
}

export type CompleteResult =
  | { outcome: "credited"; row: DepositRow }
  | { outcome: "flagged"; row: DepositRow; problem: string }
  | { outcome: "not_pending" };

/** The deposit another receipt with this reference (same provider, any case) already credited. */
async function referenceUsedBy(tx: Db, row: DepositRow, reference: string): Promise<number | null> {
  const [used] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.provider, row.provider),
        sql`lower(${deposits.providerRef}) = lower(${reference})`,
        ne(deposits.id, row.id),
      ),
    )
    .limit(1);
  return used?.id ?? null;
}

/**
 * Credits a deposit under review with what arrived, once: the row lock and status guard
 * (status = 0), the status change and the ledger transfer commit together; the transfer's
 * key `deposit:<id>` makes a replay a no-op, the reference's unique index a second deposit
 * on the same receipt impossible. A receipt that cannot be credited is not: from the
 * provider, the deposit stays under review with a flag; from an operator, 409 (a reference
 * already used) with nothing changed.
 */
export async function completeDeposit(
  db: Db,
  id: number,
  reference: string,
  receipt: DepositReceipt,
  source: ReceiptSource = "provider",
): Promise<CompleteResult> {
  const ref = reference.trim();
  try {
    return await creditOnce(db, id, ref, receipt, source);
  } catch (err) {
    // Another deposit took the same reference while this one waited for the index: the
    // second run sees it committed and answers as for a reference used before.
    if (uniqueViolationOf(err) !== PROVIDER_REF_KEY) throw err;
    return creditOnce(db, id, ref, receipt, source);
  }
}

function creditOnce(
  db: Db,
  id: number,
  reference: string,
  receipt: DepositReceipt,
  source: ReceiptSource,
): Promise<CompleteResult> {
  return ledgerTransaction(db, async (tx): Promise<CompleteResult> => {
    const [pending] = await tx
      .select()
      .from(deposits)
      .where(and(eq(deposits.id, id), eq(deposits.status, RecordStatuses.pending)))
      .for("update");
    if (!pending) return { outcome: "not_pending" };
    let problem = receiptProblem(pending, receipt, source);
    if (!problem) {
      const usedBy = await referenceUsedBy(tx, pending, reference);
      if (usedBy !== null) {
        if (source === "operator") throw conflict("walletDepositReferenceUsed", { reference, id: usedBy });
        problem = `reference already credited deposit ${usedBy}`;
      }
    }
    if (problem) {
      const [flagged] = await tx
        .update(deposits)
        .set({ flag: `${reference}: ${problem}`, updatedAt: sql`now()` })
        .where(and(eq(deposits.id, id), eq(deposits.status, RecordStatuses.pending)))
        .returning();
      return { outcome: "flagged", row: flagged ?? pending, problem };
    }
    const received = toMoneyString(receipt.receivedAmount);
    const [row] = await tx
      .update(deposits)
      .set({
        status: RecordStatuses.completed,
        providerRef: reference,
        receivedAmount: received,
        receivedCurrency: receipt.currency,
        receivedNetwork: receipt.network,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(deposits.id, id), eq(deposits.status, RecordStatuses.pending)))
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
