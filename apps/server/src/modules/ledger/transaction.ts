// The transaction wrapper of every ledger call: one database transaction, re-run (bounded,
// jittered backoff) after deadlocks, serialization failures and lost races for a key.
import { is } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres";
import { PgTransaction, type PgTransactionConfig } from "drizzle-orm/pg-core";
import type { Db } from "../../db";
import { LedgerBusyError } from "./errors";

const ATTEMPTS_MAX = 8;
const BACKOFF_BASE_MS = 2;

/** PostgreSQL error code / constraint, unwrapped from drizzle's DrizzleQueryError. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === "string" ? { constraint: candidate.constraint } : {}),
      };
    }
    e = candidate.cause;
  }
  return {};
}

// A concurrent twin won the race for the same key / hold / new account: on retry the
// pre-checks see its committed row and answer properly (replay, conflict, resolved).
const RACE_CONSTRAINTS = new Set([
  "ledger_transfers_idempotency_key_key",
  "ledger_transfers_pending_id_key",
  "ledger_accounts_owner_key",
]);

export function isRetryable(err: unknown): boolean {
  const { code, constraint } = pgError(err);
  if (code === "40001" || code === "40P01") return true; // serialization failure, deadlock
  return code === "23505" && constraint !== undefined && RACE_CONSTRAINTS.has(constraint);
}

/** Transactions re-run after a deadlock / serialization failure / lost race, and given up on (→ 503). */
export const retryStats = { retried: 0, gaveUp: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one transaction. Inside a transaction already (`db` is a transaction), it
 * just runs there and the outermost call retries. Deadlocks and serialization failures
 * are retried a bounded number of times with jittered backoff, so `fn` must only do
 * database work; after the last attempt the caller gets LedgerBusyError (503).
 */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Db, opened: boolean, genericPlans: boolean) => Promise<T>,
  options: { genericPlans?: boolean } = {},
): Promise<T> {
  if (is(db, PgTransaction)) return fn(db, false, false);
  // A transaction that runs only ledger statements switches to cached generic plans, by key
  // (see lockAccounts). On PostgreSQL that rides on the BEGIN itself: drizzle sends BEGIN as a
  // simple query, which may hold several statements, and appends the access mode verbatim;
  // one round trip of the five a single transfer makes. PGlite sets it in applyBatch.
  const config = options.genericPlans && is(db._.session, NodePgSession) ? BEGIN_GENERIC_PLANS : undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db, true, config !== undefined), config);
    } catch (err) {
      if (!isRetryable(err)) throw err;
      if (attempt >= ATTEMPTS_MAX) {
        retryStats.gaveUp++;
        throw new LedgerBusyError(err);
      }
      retryStats.retried++;
      await sleep(BACKOFF_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random()));
    }
  }
}

const BEGIN_GENERIC_PLANS = {
  accessMode: "read write; SET LOCAL plan_cache_mode = force_generic_plan; SET LOCAL enable_seqscan = off",
} as unknown as PgTransactionConfig;
