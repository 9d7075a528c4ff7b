// A batch of transfers/holds on the root database as ONE statement outside any explicit
// transaction (issue 38): lock the accounts in id order, insert the transfers, add to the
// balances, assert — one round trip instead of four (BEGIN, lock, write, COMMIT), and no
// Node work between the lock and the commit. TigerBeetle's shape: the ledger is handed the
// transfer and answers with the outcome.
//
// Nothing is decided here that the database does not check itself in the same statement:
// The statement is the function ledger_apply_moves (migration 0042); in it:
//   - accounts are locked by SELECT … ORDER BY id FOR UPDATE before anything is written
//     (the same global order as every other ledger transaction, so no deadlocks);
//   - a key used before fails the insert (unique index, 23505): the statement writes
//     nothing and the call goes the ordinary way, which replays or reports the conflict;
//   - a customer's available balance below zero fails the check constraint (23514): the
//     ordinary way then throws InsufficientBalanceError, exactly as without this path;
//   - the accounts' identities (owner, currency, kind, shard) must match what the caller
//     named, every planned transfer must be inserted and every touched account must hold
//     exactly its locked balances plus the planned change — ledger_assert (migration 0042)
//     aborts the statement otherwise, so nothing commits;
//   - the guard trigger still requires candor.ledger_writer, set for this statement only.
// Account ids come from a per-database cache of accounts seen before (an account's
// identity never changes and accounts are never deleted); a call naming an account not in
// it goes the ordinary way, which creates it.
import { dec, toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { assert } from "./errors";
import { type NewTransfer, refKey, sideKey } from "./plan";
import { arrayParam, rows, type TransferRow, toTransfer } from "./rows";
import { pgError } from "./transaction";
import type { AccountSide, BatchResult, LedgerOp, Transfer } from "./types";

/** On by default; off sends every call the ordinary way (bench comparisons, tests). */
export const oneStatementConfig = { enabled: true };
export const oneStatementStats = { committed: 0, fellBack: 0, groups: 0, groupsOrderMatters: 0, groupsFailed: 0 };

const CACHE_MAX = 100_000;
const accountIds = new WeakMap<Db, Map<string, number>>();

/** Remembers which accounts the (sharded) ops of a committed, not replayed, result used. */
export function rememberAccounts(db: Db, ops: readonly LedgerOp[], transfers: readonly Transfer[]): void {
  let ids = accountIds.get(db);
  if (!ids) {
    ids = new Map();
    accountIds.set(db, ids);
  }
  if (ids.size > CACHE_MAX) ids.clear();
  for (const [i, op] of ops.entries()) {
    const t = transfers[i];
    if (!t || (op.type !== "transfer" && op.type !== "hold")) continue;
    ids.set(sideKey(op.debit, op.currency), t.debitAccountId);
    ids.set(sideKey(op.credit, op.currency), t.creditAccountId);
  }
}

function forget(db: Db, ops: readonly LedgerOp[]): void {
  const ids = accountIds.get(db);
  for (const op of ops) {
    if (op.type !== "transfer" && op.type !== "hold") continue;
    ids?.delete(sideKey(op.debit, op.currency));
    ids?.delete(sideKey(op.credit, op.currency));
  }
}

interface Account {
  id: number;
  owner: number;
  currency: string;
  kind: string;
  shard: number;
  dp: ReturnType<typeof dec>;
  cp: ReturnType<typeof dec>;
  dpe: ReturnType<typeof dec>;
  cpe: ReturnType<typeof dec>;
}

/** The rows and per-account changes of `ops` (sharded, validated), or null if an account is unknown. */
function prepare(db: Db, ops: readonly LedgerOp[]): { rows: NewTransfer[]; accounts: Account[] } | null {
  const ids = accountIds.get(db);
  if (!ids) return null;
  const accounts = new Map<number, Account>();
  const account = (side: AccountSide, currency: string): Account | null => {
    const id = ids.get(sideKey(side, currency));
    if (id === undefined) return null;
    let a = accounts.get(id);
    if (!a) {
      const owner = "userId" in side ? side.userId : 0;
      const kind = "userId" in side ? side.kind : side.platform;
      const shard = "userId" in side ? 0 : (side.shard ?? 0);
      const zero = dec(0);
      a = { id, owner, currency, kind, shard, dp: zero, cp: zero, dpe: zero, cpe: zero };
      accounts.set(id, a);
    }
    // Two refs on one id would be a corrupt cache: let the ordinary way handle the call.
    return refKey(a.owner, a.currency, a.kind, a.shard) === sideKey(side, currency) ? a : null;
  };
  const out: NewTransfer[] = [];
  for (const op of ops) {
    if (op.type !== "transfer" && op.type !== "hold") return null;
    const debit = account(op.debit, op.currency);
    const credit = account(op.credit, op.currency);
    if (!debit || !credit || debit === credit) return null;
    const amount = dec(op.amount);
    if (op.type === "transfer") {
      debit.dp = debit.dp.plus(amount);
      credit.cp = credit.cp.plus(amount);
    } else {
      debit.dpe = debit.dpe.plus(amount);
      credit.cpe = credit.cpe.plus(amount);
    }
    out.push({
      key: op.key,
      phase: op.type === "transfer" ? "posted" : "pending",
      pendingId: null,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      currency: op.currency,
      amount: toMoneyString(amount),
      kind: op.kind,
      referenceType: op.reference.type,
      referenceId: String(op.reference.id),
      memo: op.memo ?? "",
    });
  }
  return { rows: out, accounts: [...accounts.values()].sort((a, b) => a.id - b.id) };
}

/**
 * The statement: ledger_apply_moves (migration 0042) — a function, so that its plan is
 * cached per connection and generic (prepared from here it was planned again on every call:
 * half of its database CPU). Every table access in it is by primary key or the unique key
 * index, whatever the size or statistics of the tables when a connection first plans it (no
 * idempotency lookup: the insert's unique index answers that).
 */
async function write(db: Db, p: { rows: NewTransfer[]; accounts: Account[] }): Promise<Transfer[]> {
  const acc = <K extends keyof Account>(k: K) => arrayParam(p.accounts.map((a) => String(a[k])));
  const col = <K extends keyof NewTransfer>(k: K) => arrayParam(p.rows.map((r) => r[k]));
  const found = await rows<TransferRow>(
    db,
    sql`SELECT * FROM ledger_apply_moves(${acc("id")}::bigint[], ${acc("owner")}::bigint[],
          ${acc("currency")}::text[], ${acc("kind")}::text[], ${acc("shard")}::smallint[], ${acc("dp")}::numeric[],
          ${acc("cp")}::numeric[], ${acc("dpe")}::numeric[], ${acc("cpe")}::numeric[],
          ${col("key")}::text[], ${col("phase")}::text[], ${col("debitAccountId")}::bigint[],
          ${col("creditAccountId")}::bigint[], ${col("currency")}::text[], ${col("amount")}::numeric[],
          ${col("kind")}::text[], ${col("referenceType")}::text[], ${col("referenceId")}::text[],
          ${col("memo")}::text[])`,
    "candor_ledger_apply_moves",
  );
  return found.map(toTransfer);
}

/**
 * Database answers after which the call goes the ordinary way, which gives the right
 * outcome: a key used before (replay or conflict), insufficient balance or another check,
 * an account that is not what the cache said, a deadlock or serialization failure.
 */
const FALL_BACK = new Set(["23505", "23514", "23503", "LA001", "40P01", "40001"]);

/**
 * Applies `ops` (validated, sharded, transfer/hold only) in one statement and returns the
 * result, or null when the call must go the ordinary way (nothing was written then).
 */
export async function applyInOneStatement(db: Db, ops: readonly LedgerOp[]): Promise<BatchResult | null> {
  if (!oneStatementConfig.enabled) return null;
  const prepared = prepare(db, ops);
  if (!prepared) return null;
  let inserted: Transfer[];
  try {
    inserted = await write(db, prepared);
  } catch (err) {
    const { code } = pgError(err);
    if (code === undefined || !FALL_BACK.has(code)) throw err;
    if (code === "LA001" || code === "23503") forget(db, ops);
    oneStatementStats.fellBack++;
    return null;
  }
  const byKey = new Map(inserted.map((t) => [t.key, t]));
  assert(byKey.size === ops.length, "every planned transfer was inserted");
  oneStatementStats.committed++;
  return {
    transfers: ops.map((op) => {
      const t = byKey.get(op.key);
      assert(t, `transfer ${op.key} was inserted`);
      return t;
    }),
    replayed: false,
  };
}

/**
 * A customer account whose available balance one call of the group lowers and another
 * raises. One statement checks only the state the whole group leaves, which would accept
 * calls that no order of them allows: two customers paying each other money that neither
 * has, each relying on the other's credit. Such a group takes the group transaction,
 * which plans the calls one after another. (Within one call, the check on the state at
 * the end of the call is `batch()`'s rule anyway.) Posted credits raise the available
 * balance; posted debits and held debits lower it; held credits do not count in it.
 */
export function orderMatters(calls: readonly (readonly LedgerOp[])[]): boolean {
  const lowering = new Map<string, Set<number>>();
  const raising = new Map<string, Set<number>>();
  const note = (into: Map<string, Set<number>>, key: string, call: number) => {
    const seen = into.get(key);
    if (seen) seen.add(call);
    else into.set(key, new Set([call]));
  };
  for (const [i, ops] of calls.entries()) {
    for (const op of ops) {
      if (op.type !== "transfer" && op.type !== "hold") return true;
      if ("userId" in op.debit) note(lowering, sideKey(op.debit, op.currency), i);
      if (op.type === "transfer" && "userId" in op.credit) note(raising, sideKey(op.credit, op.currency), i);
    }
  }
  for (const [key, lowers] of lowering) {
    const raises = raising.get(key);
    if (raises && new Set([...lowers, ...raises]).size > 1) return true;
  }
  return false;
}

/**
 * Several calls (validated, sharded, transfer/hold only) in ONE statement, each answered
 * with its own transfers, or null when they must take the group transaction (an unknown
 * account, an order that matters, or the database refused: nothing was written then). Any
 * refusal — one call's key used before, one call's customer below zero — refuses them all,
 * and the group transaction then gives each call exactly its own outcome.
 */
export async function applyCallsInOneStatement(
  db: Db,
  calls: readonly (readonly LedgerOp[])[],
): Promise<Transfer[][] | null> {
  if (!oneStatementConfig.enabled) return null;
  if (orderMatters(calls)) {
    oneStatementStats.groupsOrderMatters++;
    return null;
  }
  let result: BatchResult | null;
  try {
    result = await applyInOneStatement(db, calls.flat());
  } catch {
    // An answer no plan foresees (numeric overflow, a lost connection): the group
    // transaction runs the calls again and re-runs each alone if it fails too. A statement
    // that did commit before the connection failed is found there by its keys (replayed).
    oneStatementStats.groupsFailed++;
    return null;
  }
  if (!result) return null;
  oneStatementStats.groups++;
  const { transfers } = result;
  let at = 0;
  return calls.map((ops) => {
    const mine = transfers.slice(at, at + ops.length);
    at += ops.length;
    return mine;
  });
}
