// Operator balance adjustments (docs/product.md §1.1): never a balance edit — each is a ledger
// transfer between the platform treasury and the customer's spot account, kind
// "adjustment", with the reason as its memo, so the customer sees it in the balance log.

import type { AdjustBalanceBody, BalanceAdjusted } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { notFound } from "../../lib/errors";
import {
  batch,
  getAccountBalance,
  getTransfersByReference,
  IdempotencyConflictError,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../ledger/service";
import { getUserById } from "../users/service";
import { iso } from "./context";
import { checkAmount, requireCurrency } from "./currencies";
import { balanceAdjustments } from "./schema";

type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

const keyOf = (id: number) => `adjustment:${id}`;

async function toAdjusted(db: Db, row: AdjustmentRow, transferId: number): Promise<BalanceAdjusted> {
  const spot = await getAccountBalance(db, { userId: row.userId, kind: "spot", currency: row.currency });
  return {
    id: row.id,
    userId: row.userId,
    currency: row.currency,
    amount: toMoneyString(row.amount),
    reason: row.reason,
    transferId,
    available: spot?.available ?? "0",
    createdAt: iso(row.createdAt),
  };
}

async function findByClientRequest(db: Db, operatorId: number, clientRequestId: string) {
  const [row] = await db
    .select()
    .from(balanceAdjustments)
    .where(and(eq(balanceAdjustments.operatorId, operatorId), eq(balanceAdjustments.clientRequestId, clientRequestId)))
    .limit(1);
  return row ?? null;
}

async function replay(db: Db, row: AdjustmentRow, input: { userId: number; currency: string; amount: string }) {
  if (row.userId !== input.userId || row.currency !== input.currency || !dec(row.amount).eq(input.amount)) {
    throw new IdempotencyConflictError(`adjustment:${row.clientRequestId}`);
  }
  // The adjustment and its transfer commit together, so the transfer exists.
  const [transfer] = await getTransfersByReference(db, "adjustment", row.id);
  if (!transfer) throw new Error(`adjustment ${row.id} has no transfer`);
  return toAdjusted(db, row, transfer.id);
}

/** Credits (amount > 0) or debits (amount < 0) a customer's spot balance; 409 if a debit exceeds it. */
export async function adjustBalance(db: Db, operatorId: number, input: AdjustBalanceBody): Promise<BalanceAdjusted> {
  if (!(await getUserById(db, input.userId))) throw notFound();
  const currency = await requireCurrency(db, input.currency);
  const signed = dec(input.amount);
  const magnitude = checkAmount(currency, signed.abs().toFixed());
  const amount = toMoneyString(signed);
  const wanted = { userId: input.userId, currency: currency.code, amount };
  if (input.clientRequestId) {
    const previous = await findByClientRequest(db, operatorId, input.clientRequestId);
    if (previous) return replay(db, previous, wanted);
  }
  try {
    const { row, transferId } = await ledgerTransaction(db, async (tx) => {
      const [inserted] = await tx
        .insert(balanceAdjustments)
        .values({
          userId: input.userId,
          operatorId,
          currency: currency.code,
          amount,
          reason: input.reason,
          clientRequestId: input.clientRequestId ?? null,
        })
        .returning();
      if (!inserted) throw new Error("adjustment insert returned nothing");
      const customer = userAccount(input.userId, "spot");
      const treasury = platformAccount("treasury");
      const { transfers } = await batch(tx, [
        {
          type: "transfer",
          currency: currency.code,
          debit: signed.isPositive() ? treasury : customer,
          credit: signed.isPositive() ? customer : treasury,
          amount: magnitude,
          key: keyOf(inserted.id),
          kind: "adjustment",
          reference: { type: "adjustment", id: inserted.id },
          memo: input.reason,
        },
      ]);
      const transfer = transfers[0];
      if (!transfer) throw new Error("adjustment transfer missing");
      return { row: inserted, transferId: transfer.id };
    });
    return toAdjusted(db, row, transferId);
  } catch (err) {
    if (input.clientRequestId && isUniqueViolation(err)) {
      const previous = await findByClientRequest(db, operatorId, input.clientRequestId);
      if (previous) return replay(db, previous, wanted);
    }
    throw err;
  }
}
