import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { AppError } from "../../lib/errors";
import { AccountClosedError, assert } from "./errors";
import {
  type AccountState,
  type BalanceChange,
  type NewTransfer,
  type Plan,
  planBatch,
  refKey,
  replayBatch,
  shardOf,
  sideKey,
  validateOps,
} from "./plan";
import {
  type AccountRow,
  arrayParam,
  rows,
  TRANSFER_COLUMNS,
  type TransferRow,
  toAccountState,
  toTransfer,
} from "./rows";
import { shardFor } from "./shards";
import { pgError } from "./transaction";
import type { AccountSide, BatchResult, LedgerOp, Transfer } from "./types";

export interface Ref {
  owner: number;
  currency: string;
  kind: string;
  /** 0 for customer accounts; see ./shards. */
  shard: number;
}
export const refOf = (side: AccountSide, currency: string): Ref =>
  "userId" in side
    ? { owner: side.userId, currency, kind: side.kind, shard: 0 }
    : { owner: 0, currency, kind: side.platform, shard: shardOf(side) };

const refArrays = (refs: Ref[]) => sql`${arrayParam(refs.map((r) => r.owner))}::bigint[],
  ${arrayParam(refs.map((r) => r.currency))}::text[], ${arrayParam(refs.map((r) => r.kind))}::text[],
  ${arrayParam(refs.map((r) => r.shard))}::smallint[]`;

/** Creates the accounts that don't exist yet (concurrent creators are fine). */
export async function createAccounts(db: Db, refs: Ref[]): Promise<void> {
  try {
    await db.execute(sql`
      INSERT INTO ledger_accounts (user_id, currency, kind, shard)
      SELECT nullif(r.owner, 0), r.currency, r.kind, r.shard
      FROM unnest(${refArrays(refs)}) AS r(owner, currency, kind, shard)
      ON CONFLICT ((coalesce(user_id, 0)), currency, kind, shard) DO NOTHING`);
  } catch (err) {
    // A closed owner gets no new account (migrations/0051's trigger).
    if (pgError(err).constraint === CLOSED_CONSTRAINT) {
      throw new AccountClosedError(0, refs.find((r) => r.owner !== 0)?.currency ?? "");
    }
    throw err;
  }
}

const CLOSED_CONSTRAINT = "ledger_accounts_closed_take_nothing";

/** Accounts by (owner, currency, kind) without locking. */
export async function findAccounts(db: Db, refs: Ref[]): Promise<AccountState[]> {
  const found = await rows<AccountRow>(
    db,
    sql`SELECT a.* FROM ledger_accounts a
        JOIN unnest(${refArrays(refs)}) AS r(owner, currency, kind, shard)
          ON coalesce(a.user_id, 0) = r.owner AND a.currency = r.currency AND a.kind = r.kind AND a.shard = r.shard
        WHERE coalesce(a.user_id, 0) = ANY(${arrayParam(refs.map((r) => r.owner))}::bigint[])
        ORDER BY a.id`,
  );
  return found.map(toAccountState);
}

/**
 * Locks the named accounts plus `ids` with SELECT … ORDER BY id FOR UPDATE: every batch
 * takes its locks in the same global order, so batches never deadlock each other. Also
 * returns which of `keys` were applied already (as of the statement's start).
 *
 * The ids are resolved first into one array (an InitPlan, evaluated once) and the locking
 * scan filters on `id = ANY(array)` only: when a row is waited for and re-checked after a
 * concurrent update (READ COMMITTED), a join or IN-subquery in that re-check can drop the
 * row from the result; a plain condition on the locked row's own id cannot.
 *
 * It also switches plan_cache_mode to force_generic_plan for the rest of the transaction,
 * so the prepared write statement that follows runs a plan cached on the connection instead
 * of being planned again for every batch (PostgreSQL keeps re-planning it otherwise: about
 * 40% of a single transfer's database CPU), and enable_seqscan off, so that cached plan is
 * by key even if the connection plans it while the tables are nearly empty (issue 38: such
 * a plan is kept as the tables grow). The write statement sets both back.
 */
async function lockAccounts(
  db: Db,
  refs: Ref[],
  ids: number[],
  keys: string[],
): Promise<{ locked: AccountState[]; seenKeys: string[]; planMode: string }> {
  const locked = await rows<AccountRow & { seen: string[]; plan_mode: string; generic: string }>(
    db,
    sql`SELECT id, user_id, currency, kind, shard, debits_posted, credits_posted, debits_pending, credits_pending, closed_credits,
          (SELECT current_setting('plan_cache_mode') || ',' || current_setting('enable_seqscan')) AS plan_mode,
          set_config('plan_cache_mode', 'force_generic_plan', true) AS generic,
          set_config('enable_seqscan', 'off', true) AS index_only,
          -- One probe of the unique key index per key (LIMIT 1 keeps it a per-key lookup):
          -- "idempotency_key = ANY(keys)" planned generic on a new, still empty table is a
          -- sequential scan, kept by the connection as the table grows (issue 38).
          ARRAY(SELECT t.idempotency_key FROM unnest(${arrayParam(keys)}::text[]) AS k(key)
                CROSS JOIN LATERAL (SELECT idempotency_key FROM ledger_transfers
                                    WHERE idempotency_key = k.key LIMIT 1) t) AS seen
        FROM ledger_accounts
        WHERE id = ANY(ARRAY(
          SELECT a.id FROM ledger_accounts a
          JOIN unnest(${refArrays(refs)}) AS r(owner, currency, kind, shard)
            ON coalesce(a.user_id, 0) = r.owner AND a.currency = r.currency AND a.kind = r.kind AND a.shard = r.shard
          -- Lets the planner walk the owner index instead of hashing the whole table.
          WHERE coalesce(a.user_id, 0) = ANY(${arrayParam(refs.map((r) => r.owner))}::bigint[])
          UNION ALL SELECT unnest(${arrayParam(ids)}::bigint[])))
        ORDER BY id
        FOR UPDATE`,
    "candor_ledger_lock",
  );
  return {
    locked: locked.map(toAccountState),
    seenKeys: locked[0]?.seen ?? [],
    planMode: locked[0]?.plan_mode ?? "auto,on",
  };
}

export async function loadTransfers(db: Db, where: SQL): Promise<Transfer[]> {
  const found = await rows<TransferRow>(db, sql`SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers t WHERE ${where}`);
  return found.map(toTransfer);
}

type WrittenRow = TransferRow & AccountRow & { row_type: "t" | "a" };

/**
 * Inserts the planned transfers and adds the planned changes to the locked accounts, in
 * one statement. The transaction-local setting candor.ledger_writer is what the accounts'
 * guard trigger requires for any balance change.
 */
async function write(db: Db, plan: Plan, planMode: string): Promise<{ inserted: Transfer[]; updated: AccountState[] }> {
  const col = <K extends keyof NewTransfer>(k: K) => arrayParam(plan.rows.map((r) => r[k]));
  const change = (pick: (c: BalanceChange) => { toFixed(): string }) =>
    arrayParam(plan.changes.map((c) => pick(c).toFixed()));
  const written = await rows<WrittenRow>(
    db,
    sql`WITH writer AS MATERIALIZED (
          SELECT set_config('candor.ledger_writer', 'on', true) AS flag,
                 set_config('plan_cache_mode', split_part(${planMode}, ',', 1), true) AS plan_mode,
                 set_config('enable_seqscan', split_part(${planMode}, ',', 2), true) AS seqscan
        ),
        ins AS (
          INSERT INTO ledger_transfers (idempotency_key, phase, pending_id, debit_account_id, credit_account_id,
            currency, amount, kind, reference_type, reference_id, memo)
          SELECT * FROM unnest(${col("key")}::text[], ${col("phase")}::text[], ${col("pendingId")}::bigint[],
            ${col("debitAccountId")}::bigint[], ${col("creditAccountId")}::bigint[], ${col("currency")}::text[],
            ${col("amount")}::numeric[], ${col("kind")}::text[], ${col("referenceType")}::text[],
            ${col("referenceId")}::text[], ${col("memo")}::text[])
          RETURNING id, idempotency_key, phase, pending_id, debit_account_id, credit_account_id, currency, amount, kind,
                    reference_type, reference_id, memo, created_at
        ),
        upd AS (
          UPDATE ledger_accounts a SET
            debits_posted = a.debits_posted + d.dp,
            credits_posted = a.credits_posted + d.cp,
            debits_pending = a.debits_pending + d.dpe,
            credits_pending = a.credits_pending + d.cpe
          FROM unnest(${arrayParam(plan.changes.map((c) => c.accountId))}::bigint[],
                      ${change((c) => c.debitsPosted)}::numeric[], ${change((c) => c.creditsPosted)}::numeric[],
                      ${change((c) => c.debitsPending)}::numeric[], ${change((c) => c.creditsPending)}::numeric[])
                 AS d(id, dp, cp, dpe, cpe),
               writer
          WHERE a.id = d.id AND a.id = ANY(${arrayParam(plan.changes.map((c) => c.accountId))}::bigint[])
            AND writer.flag = 'on'
          RETURNING a.id, a.user_id, a.currency, a.kind, a.debits_posted, a.credits_posted, a.debits_pending,
                    a.credits_pending
        )
        SELECT 't' AS row_type, ${TRANSFER_COLUMNS}, NULL::bigint AS user_id, NULL::numeric AS debits_posted,
               NULL::numeric AS credits_posted, NULL::numeric AS debits_pending, NULL::numeric AS credits_pending
        FROM ins t
        UNION ALL
        SELECT 'a', a.id, NULL, NULL, NULL, NULL, NULL, a.currency, NULL, a.kind, NULL, NULL, NULL, NULL,
               a.user_id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending
        FROM upd a`,
    "candor_ledger_write",
  );
  return {
    inserted: written.filter((r) => r.row_type === "t").map(toTransfer),
    updated: written.filter((r) => r.row_type === "a").map(toAccountState),
  };
}

/** The op with its platform side(s) on the shard ./shards picks for it (one shard per op). */
export function withShards(op: LedgerOp): LedgerOp {
  if (op.type !== "transfer" && op.type !== "hold") return op;
  if ("userId" in op.debit && "userId" in op.credit) return op;
  const shard = shardFor(op.debit, op.credit, op.key);
  const place = (side: AccountSide): AccountSide => ("userId" in side ? side : { platform: side.platform, shard });
  return { ...op, debit: place(op.debit), credit: place(op.credit) };
}

/** The accounts the transfer/hold ops of `ops` name (debit and credit of each). */
export const opRefs = (ops: readonly LedgerOp[]): Ref[] =>
  ops.flatMap((op) =>
    op.type === "transfer" || op.type === "hold" ? [refOf(op.debit, op.currency), refOf(op.credit, op.currency)] : [],
  );

export interface Locked {
  locked: AccountState[];
  /** By refKey (owner, currency, kind, shard) and by id. */
  accounts: Map<string, AccountState>;
  accountsById: Map<number, AccountState>;
  seenKeys: string[];
  planMode: string;
}

/** Each account once (a batch of deposits names the same clearing shard hundreds of times). */
function distinctRefs(refs: Ref[]): Ref[] {
  const byKey = new Map<string, Ref>();
  for (const r of refs) byKey.set(refKey(r.owner, r.currency, r.kind, r.shard), r);
  return [...byKey.values()];
}

/**
 * Locks the accounts of `refs` plus `ids` (see lockAccounts), creating the missing ones
 * first (then locks again; already-held locks are kept), and checks every op's accounts exist.
 * With `createFirst` every account is created if missing before the one lock statement (a
 * batch that opens many new accounts: one statement less). A transaction of our own
 * (`opened`) runs nothing but ledger statements: all of them may run plans cached on the
 * connection (see lockAccounts).
 */
export async function lockAll(
  tx: Db,
  ops: readonly LedgerOp[],
  ids: number[],
  transaction: { opened: boolean; genericPlansSet: boolean; createFirst?: boolean },
): Promise<Locked> {
  if (transaction.opened && !transaction.genericPlansSet) {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
  }
  const refs = distinctRefs(opRefs(ops));
  const keys = ops.map((op) => op.key);
  if (transaction.createFirst && refs.length > 0) await createAccounts(tx, refs);
  let { locked, seenKeys, planMode } = await lockAccounts(tx, refs, ids, keys);
  const accounts = new Map(locked.map((a) => [refKey(a.userId ?? 0, a.currency, a.kind, a.shard), a]));
  const missing = refs.filter((r) => !accounts.has(refKey(r.owner, r.currency, r.kind, r.shard)));
  if (missing.length > 0) {
    await createAccounts(tx, missing);
    ({ locked, seenKeys } = await lockAccounts(tx, refs, ids, keys));
    for (const a of locked) accounts.set(refKey(a.userId ?? 0, a.currency, a.kind, a.shard), a);
  }
  for (const op of ops) {
    if (op.type === "transfer" || op.type === "hold") {
      assert(accounts.has(sideKey(op.debit, op.currency)), `debit account of ${op.key} exists`);
      assert(accounts.has(sideKey(op.credit, op.currency)), `credit account of ${op.key} exists`);
    }
  }
  return { locked, accounts, accountsById: new Map(locked.map((a) => [a.id, a])), seenKeys, planMode };
}

/**
 * Writes the plan (one statement, see write) and checks the database's answer against it:
 * every row inserted, every touched account holds exactly the planned balances. Returns
 * the inserted transfers by key.
 */
export async function writePlan(tx: Db, plan: Plan, planMode: string): Promise<Map<string, Transfer>> {
  const { inserted, updated } = await write(tx, plan, planMode);
  assert(inserted.length === plan.rows.length, "every planned transfer was inserted");
  assert(updated.length === plan.changes.length, "every touched account was updated");
  for (const a of updated) {
    const expected = plan.after.get(a.id);
    assert(
      expected &&
        a.debitsPosted.eq(expected.debitsPosted) &&
        a.creditsPosted.eq(expected.creditsPosted) &&
        a.debitsPending.eq(expected.debitsPending) &&
        a.creditsPending.eq(expected.creditsPending),
      `account ${a.id} holds exactly the planned balances`,
    );
  }
  return new Map(inserted.map((t) => [t.key, t]));
}

/** The inserted transfer of each op, in op order. */
export const transfersOf = (ops: readonly LedgerOp[], byKey: Map<string, Transfer>): Transfer[] =>
  ops.map((op) => {
    const t = byKey.get(op.key);
    assert(t, `transfer ${op.key} was inserted`);
    return t;
  });

/** Applies one batch in the transaction `tx` (see inTransaction). All or nothing. */
export async function applyBatch(
  tx: Db,
  given: readonly LedgerOp[],
  opened = false,
  genericPlansSet = false,
  createFirst = false,
): Promise<BatchResult> {
  validateOps(given);
  const ops = given.map(withShards);
  const keys = ops.map((op) => op.key);

  // Holds are immutable rows, so reading them before taking locks is safe; whether they
  // are still open is checked under the locks.
  const holdIds = ops.flatMap((op) => (op.type === "post" || op.type === "void" ? [op.pendingId] : []));
  const holds = new Map<number, Transfer>();
  if (holdIds.length > 0) {
    for (const t of await loadTransfers(tx, sql`t.id = ANY(${arrayParam(holdIds)}::bigint[])`)) holds.set(t.id, t);
  }
  const holdAccountIds = [...holds.values()].flatMap((t) => [t.debitAccountId, t.creditAccountId]);

  const { accounts, accountsById, seenKeys, planMode } = await lockAll(tx, ops, holdAccountIds, {
    opened,
    genericPlansSet,
    createFirst,
  });

  const replay = async (): Promise<BatchResult | null> => {
    const existing = new Map<string, Transfer>();
    for (const t of await loadTransfers(tx, sql`t.idempotency_key = ANY(${arrayParam(keys)}::text[])`)) {
      existing.set(t.key, t);
    }
    if (existing.size === 0) return null;
    // Platform sides are matched by kind, on whichever shard the key was first applied.
    const byId = new Map(accountsById);
    const unknown = [...existing.values()]
      .flatMap((t) => [t.debitAccountId, t.creditAccountId])
      .filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      const found = await rows<AccountRow>(
        tx,
        sql`SELECT * FROM ledger_accounts WHERE id = ANY(${arrayParam(unknown)}::bigint[])`,
      );
      for (const a of found.map(toAccountState)) byId.set(a.id, a);
    }
    return { transfers: replayBatch(ops, existing, accounts, holds, byId), replayed: true };
  };
  if (seenKeys.length > 0) {
    const replayed = await replay();
    if (replayed) return replayed;
  }

  // Holds resolved by someone else: checked under the locks, which every resolution of
  // these holds also takes.
  const resolvedHoldIds = new Set<number>();
  if (holdIds.length > 0) {
    for (const t of await loadTransfers(tx, sql`t.pending_id = ANY(${arrayParam(holdIds)}::bigint[])`)) {
      if (keys.includes(t.key)) {
        // Resolved by this very request (under its key) while we waited: answer as a replay.
        const replayed = await replay();
        assert(replayed, `transfer ${t.key} is found again`);
        return replayed;
      }
      if (t.pendingId !== null) resolvedHoldIds.add(t.pendingId);
    }
  }

  let plan: Plan;
  try {
    plan = planBatch({ ops, accounts, accountsById, holds, resolvedHoldIds });
  } catch (err) {
    // The keys were read as of the lock statement's start; a twin of this request may have
    // committed while we waited for the locks (and spent the funds). Then the right answer
    // is its result, not this refusal.
    if (err instanceof AppError) {
      const replayed = await replay();
      if (replayed) return replayed;
    }
    throw err;
  }

  return { transfers: transfersOf(ops, await writePlan(tx, plan, planMode)), replayed: false };
}
