// Shorthand for ledger operations in ledger tests (customers as rows: test/factory.ts, bareCustomers).
import type { LedgerKind } from "@candor/contract";
import {
  type AccountSide,
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
