// The ledger's public API — the only way any module moves or reads a balance.
//
//   await transfer(db, { currency: "USDT", debit: platformAccount("clearing"), credit: userAccount(7),
//                        amount: "100", key: "deposit:31", kind: "deposit", reference: { type: "deposit", id: 31 } });
//   const { transfer: held } = await hold(db, { …, key: "withdrawal:9:hold" });
//   await post(db, { pendingId: held.id, key: "withdrawal:9:post" });   // or voidHold(…)
//
// Business writes that must be atomic with ledger transfers (settlement, withdrawals):
//
//   await ledgerTransaction(db, async (tx) => {
//     await tx.update(positions).set({ status: "closed" }).where(…);   // the caller's own tables
//     await batch(tx, [ … ]);                                            // same transaction
//   });
//
// Every money-moving call takes an idempotency key: the same key with the same payload
// returns the first result (`replayed: true`) without a second effect.
import { toMoneyString } from "@candor/domain";
import { is, type SQL, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../../db";
import { applyBatch, createAccounts, findAccounts, loadTransfers, refOf, withShards } from "./engine";
import { assert } from "./errors";
import {
  batchAlone,
  batchFast,
  type GroupCommitConfig,
  groupable,
  groupCommit,
  groupCommitConfig,
  groupCommitStats,
} from "./group-commit";
import { oneStatementConfig, oneStatementStats, rememberAccounts } from "./one-statement";
import type { AccountState } from "./plan";
import { rows, toAccountState } from "./rows";
import { inTransaction, retryStats } from "./transaction";
import type {
  AccountBalance,
  AccountRef,
  BatchResult,
  HoldOp,
  LedgerOp,
  PlatformAccountKind,
  PostOp,
  Transfer,
  TransferOp,
  TransferResult,
  UserAccountKind,
  VoidOp,
} from "./types";

export { auditLedger, type LedgerAudit, ledgerCurrencySums } from "./audit";
export { getBalanceLog } from "./balance-log";
export { closedOwners, closeOwner } from "./closed-owners";
export {
  AccountClosedError,
  HoldAlreadyResolvedError,
  HoldNotFoundError,
  IdempotencyConflictError,
  InsufficientBalanceError,
  LedgerAssertionError,
  LedgerBusyError,
} from "./errors";
export {
  ackOutbox,
  type FollowedTransfer,
  lastTransferId,
  latestTransferId,
  listOutbox,
  listTransfersAfter,
  listUserIdsWithBalances,
  OUTBOX_KINDS,
  transfersTouchingUsers,
} from "./feed";
export { getRealMoneyPeriod, type PeriodMove, type RealMoneyPeriod } from "./period";
export { type CurrencyResult, getRealisedResults, RESULT_KINDS } from "./results";
export {
  type AccountTotal,
  type CustomerLiability,
  getAccountTotals,
  getCustomerLiabilities,
  getSpotTotals,
  getUsersKindBalances,
  numericToMoneyString,
  type SpotTotal,
} from "./totals";
export {
  type CustomerProductResult,
  getCustomerTradingResults,
  getMonthlyResults,
  type MonthlyLine,
  type MonthlyResult,
} from "./trading-results";
export * from "./types";

const toBalance = (a: AccountState): AccountBalance => {
  const balance = a.creditsPosted.minus(a.debitsPosted);
  return {
    accountId: a.id,
    userId: a.userId,
    currency: a.currency,
    kind: a.kind as AccountBalance["kind"],
    balance: toMoneyString(balance),
    held: toMoneyString(a.debitsPending),
    incoming: toMoneyString(a.creditsPending),
    available: toMoneyString(balance.minus(a.debitsPending)),
  };
};

// ── Accounts ───────────────────────────────────────────────────────────────────────────

/** The account of `ref`, created (empty) if it does not exist yet. */
export async function ensureAccount(db: Db, ref: AccountRef): Promise<AccountBalance> {
  const r = refOf(ref, ref.currency);
  let [found] = await findAccounts(db, [r]);
  if (!found) {
    await createAccounts(db, [r]);
    [found] = await findAccounts(db, [r]);
  }
  assert(found, `account ${r.owner}/${r.currency}/${r.kind} exists after creation`);
  return toBalance(found);
}

export const ensureUserAccount = (db: Db, userId: number, currency: string, kind: UserAccountKind = "spot") =>
  ensureAccount(db, { userId, kind, currency });

export const ensurePlatformAccount = (db: Db, currency: string, kind: PlatformAccountKind) =>
  ensureAccount(db, { platform: kind, currency });

// ── Moving money ───────────────────────────────────────────────────────────────────────

/**
 * Runs `fn` in one database transaction that ledger calls made with `tx` join, so the
 * caller's own writes commit or roll back together with its transfers. Deadlocks and
 * serialization failures re-run `fn` (bounded), so `fn` must do nothing but database work.
 * Nested calls join the outer transaction.
 */
export function ledgerTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(db, fn);
}

/**
 * Applies the operations atomically (one transaction, accounts locked in id order; joins
 * the caller's transaction when `db` is one). Concurrent calls of transfers/holds on the
 * root database may share one transaction (./group-commit), each with its own outcome.
 * Throws InsufficientBalanceError, IdempotencyConflictError, HoldNotFoundError,
 * HoldAlreadyResolvedError — with nothing written.
 */
export async function batch(db: Db, ops: readonly LedgerOp[]): Promise<BatchResult> {
  if (is(db, PgTransaction)) return batchAlone(db, ops);
  const movesOnly = ops.every((op) => op.type === "transfer" || op.type === "hold");
  const result = await (groupable(db, ops)
    ? groupCommit(db, ops)
    : movesOnly
      ? batchFast(db, ops)
      : batchAlone(db, ops));
  // Committed on the root database: its accounts can take the one-statement path next time.
  if (movesOnly && !result.replayed) rememberAccounts(db, ops.map(withShards), result.transfers);
  return result;
}

/**
 * batch() for many transfers that mostly open new accounts — the chain watcher crediting
 * the first deposits of hundreds of customers at once: every account the operations name
 * is created if missing, in one INSERT … ON CONFLICT DO NOTHING, before the accounts are
 * locked, so they are locked once instead of looked up, created and locked again. Same
 * checks, idempotency, outcome and errors as batch(); always one transaction (the caller's
 * when `db` is one), never grouped with other calls.
 */
export function batchCreatingAccounts(db: Db, ops: readonly LedgerOp[]): Promise<BatchResult> {
  return inTransaction(db, (tx, opened, genericPlans) => applyBatch(tx, ops, opened, genericPlans, true), {
    genericPlans: true,
  });
}

async function single(db: Db, op: LedgerOp): Promise<TransferResult> {
  const result = await batch(db, [op]);
  const [first] = result.transfers;
  assert(first, "a one-operation batch returns one transfer");
  return { transfer: first, replayed: result.replayed };
}

/** Moves funds at once (single-phase). */
export const transfer = (db: Db, op: Omit<TransferOp, "type">) => single(db, { ...op, type: "transfer" });
/** Reserves funds on the debit account: they leave `available` for `held` until posted or voided. */
export const hold = (db: Db, op: Omit<HoldOp, "type">) => single(db, { ...op, type: "hold" });
/** Completes a hold, for its whole amount or less (the rest is released). */
export const post = (db: Db, op: Omit<PostOp, "type">) => single(db, { ...op, type: "post" });
/** Cancels a hold: the reserved funds are available again. */
export const voidHold = (db: Db, op: Omit<VoidOp, "type">) => single(db, { ...op, type: "void" });

/** How often ledger transactions were re-run after deadlocks/serialization failures, and given up on. */
export const getRetryStats = () => ({ ...retryStats });

/** Calls applied in one statement, and calls the database sent the ordinary way (./one-statement). */
export const getOneStatementStats = () => ({ ...oneStatementStats });

/** Turns the one-statement path on or off for this process (bench, tests); returns the previous setting. */
export function setOneStatement(enabled: boolean): boolean {
  const previous = oneStatementConfig.enabled;
  oneStatementConfig.enabled = enabled;
  return previous;
}

/** Group commit counters (groups, calls committed in them, calls re-run alone; ./group-commit). */
export const getGroupCommitStats = () => ({ ...groupCommitStats });

/** Tunes or turns off group commit for this process (bench, tests); returns the previous settings. */
export function setGroupCommit(change: Partial<GroupCommitConfig>): GroupCommitConfig {
  const previous = { ...groupCommitConfig };
  Object.assign(groupCommitConfig, change);
  return previous;
}

// ── Reading ────────────────────────────────────────────────────────────────────────────

/** A customer's accounts (every currency and kind that was ever used), optionally filtered. */
export async function getBalances(
  db: Db,
  userId: number,
  filter: { currency?: string; kind?: UserAccountKind } = {},
): Promise<AccountBalance[]> {
  const found = await rows<Parameters<typeof toAccountState>[0]>(
    db,
    sql`SELECT * FROM ledger_accounts
        WHERE coalesce(user_id, 0) = ${userId} AND user_id IS NOT NULL
          ${filter.currency ? sql`AND currency = ${filter.currency}` : sql``}
          ${filter.kind ? sql`AND kind = ${filter.kind}` : sql``}
        ORDER BY currency, kind`,
  );
  return found.map((r) => toBalance(toAccountState(r)));
}

/**
 * Platform accounts summed over their shards (./shards), one row per currency and kind;
 * `accountId` is the kind's first account (shard 0 when it exists).
 */
async function platformSums(db: Db, where: SQL): Promise<AccountBalance[]> {
  const found = await rows<Parameters<typeof toAccountState>[0]>(
    db,
    sql`SELECT min(id) AS id, NULL::bigint AS user_id, currency, kind, sum(debits_posted) AS debits_posted,
               sum(credits_posted) AS credits_posted, sum(debits_pending) AS debits_pending,
               sum(credits_pending) AS credits_pending
        FROM ledger_accounts WHERE coalesce(user_id, 0) = 0 AND user_id IS NULL ${where}
        GROUP BY currency, kind
        ORDER BY currency, kind`,
  );
  return found.map((r) => toBalance(toAccountState(r)));
}

/**
 * One account's balance, or null when it was never used. A platform account's balance is
 * the sum over its shards.
 */
export async function getAccountBalance(db: Db, ref: AccountRef): Promise<AccountBalance | null> {
  if ("platform" in ref) {
    const [sum] = await platformSums(db, sql`AND currency = ${ref.currency} AND kind = ${ref.platform}`);
    return sum ?? null;
  }
  const [found] = await findAccounts(db, [refOf(ref, ref.currency)]);
  return found ? toBalance(found) : null;
}

/** Platform accounts (treasury, clearing, fees, …) summed over their shards, optionally for one currency. */
export function getPlatformBalances(db: Db, currency?: string): Promise<AccountBalance[]> {
  return platformSums(db, currency ? sql`AND currency = ${currency}` : sql``);
}

/** Every shard of the platform accounts on its own (operators' detail view, tests). */
export async function getPlatformShardBalances(
  db: Db,
  currency?: string,
): Promise<(AccountBalance & { shard: number })[]> {
  const found = await rows<Parameters<typeof toAccountState>[0]>(
    db,
    sql`SELECT * FROM ledger_accounts WHERE coalesce(user_id, 0) = 0 AND user_id IS NULL
          ${currency ? sql`AND currency = ${currency}` : sql``}
        ORDER BY currency, kind, shard`,
  );
  return found.map((r) => {
    const a = toAccountState(r);
    return { ...toBalance(a), shard: a.shard };
  });
}

export { PLATFORM_SHARDS_DEFAULT, platformShards, shardForUser } from "./shards";

export async function getTransfer(db: Db, id: number): Promise<Transfer | null> {
  const [found] = await loadTransfers(db, sql`t.id = ${id}`);
  return found ?? null;
}

/** Every transfer of one business record (e.g. a withdrawal's hold and its post), oldest first. */
/** Transfer ids by idempotency key (keys never applied are absent). */
export async function getTransferIdsByKeys(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const found = await rows<{ id: string | number; idempotency_key: string }>(
    db,
    sql`SELECT id, idempotency_key FROM ledger_transfers WHERE idempotency_key = ANY(${sql.param([...keys])}::text[])`,
  );
  return new Map(found.map((r) => [r.idempotency_key, Number(r.id)]));
}

export async function getTransfersByReference(db: Db, type: string, id: string | number): Promise<Transfer[]> {
  return loadTransfers(db, sql`t.reference_type = ${type} AND t.reference_id = ${String(id)} ORDER BY t.id`);
}

// Data rights (modules/privacy): what this module holds about a customer.
export { ledgerUserData } from "./data-rights";
