// Shorthand for ledger operations in ledger tests (customers as rows: test/factory.ts, bareCustomers).
import type { LedgerKind } from "@candor/contract";
import type { Db } from "../../src/db";
import {
  type AccountSide,
  type BatchResult,
  batch,
  type LedgerOp,
  platformAccount,
  type TransferMeta,
  userAccount,
} from "../../src/modules/ledger/service";

// Test kinds such as "transfer" are not real reason codes (LEDGER_KINDS), hence the cast.
const meta = (key: string, kind: string): TransferMeta => ({
  key,
  kind: kind as LedgerKind,
  reference: { type: "test", id: key },
});

export const deposit = (userId: number, currency: string, amount: string, key: string): LedgerOp => ({
  type: "transfer",
  currency,
  debit: platformAccount("clearing"),
  credit: userAccount(userId),
  amount,
  ...meta(key, "deposit"),
});

export const withdrawalHold = (userId: number, currency: string, amount: string, key: string): LedgerOp => ({
  type: "hold",
  currency,
  debit: userAccount(userId),
  credit: platformAccount("clearing"),
  amount,
  ...meta(key, "withdrawal"),
});

export const move = (
  currency: string,
  debit: AccountSide,
  credit: AccountSide,
  amount: string,
  key: string,
): LedgerOp => ({
  type: "transfer",
  currency,
  debit,
  credit,
  amount,
  ...meta(key, "transfer"),
});

/** Flash exchange: the customer pays `paid` to the treasury and receives `received` from it. */
export const swap = (
  userId: number,
  paid: { currency: string; amount: string },
  received: { currency: string; amount: string },
  key: string,
): LedgerOp[] => [
  {
    type: "transfer",
    currency: paid.currency,
    debit: userAccount(userId),
    credit: platformAccount("treasury"),
    amount: paid.amount,
    ...meta(`${key}:pay`, "exchange"),
  },
  {
    type: "transfer",
    currency: received.currency,
    debit: platformAccount("treasury"),
    credit: userAccount(userId),
    amount: received.amount,
    ...meta(`${key}:receive`, "exchange"),
  },
];

/**
 * Sends every call in one turn of the event loop, so they meet in the group committer's
 * groups; their settled answers, in order, and how the `counters` changed meanwhile.
 */
export async function allAtOnce<S extends Record<string, number>>(
  db: Db,
  calls: LedgerOp[][],
  counters: () => S,
): Promise<{ results: PromiseSettledResult<BatchResult>[]; stats: S }> {
  const before = counters();
  const results = await Promise.allSettled(calls.map((ops) => batch(db, ops)));
  const after = counters();
  const stats = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)])) as S;
  return { results, stats };
}

/** A settled call's outcome: "applied", "replayed" or the error's name. */
export const outcome = (r: PromiseSettledResult<BatchResult>): string =>
  r.status === "fulfilled" ? (r.value.replayed ? "replayed" : "applied") : (r.reason as Error).name;
