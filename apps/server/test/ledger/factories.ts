// Factories for ledger tests: customers (rows in users) and shorthand for ledger operations.
import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db";
import {
  type AccountSide,
  type LedgerOp,
  platformAccount,
  type TransferMeta,
  userAccount,
} from "../../src/modules/ledger/service";

/** Creates `count` customers and returns their ids. */
export async function newUsers(database: Database, count: number): Promise<number[]> {
  const prefix = `ledger_${randomUUID().slice(0, 8)}`;
  const created = await database.query<{ id: number | string }>(
    "INSERT INTO users (username) SELECT $1 || '_' || i FROM generate_series(1, $2::int) AS i RETURNING id",
    [prefix, count],
  );
  return created.map((r) => Number(r.id)).sort((a, b) => a - b);
}

const meta = (key: string, kind: string): TransferMeta => ({ key, kind, reference: { type: "test", id: key } });

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
