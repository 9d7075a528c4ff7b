// Failed-attempt counters with lockout, kept in the database so every API node sees
// the same numbers. Scopes: a login account, a client address, and a customer's
// login / withdrawal password checks inside a session.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { authFailures } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** After this many failed logins for an account or an address the security code is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** After this many failures the account / address is locked… */
export const LOCK_AFTER_FAILURES = 10;
/** …for this long. */
export const LOCK_DURATION_MS = 15 * 60 * 1000;
/** Failures older than this (with no newer one) are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type FailureScope = "account" | "address" | "withdrawal" | "password";

export interface FailureState {
  failures: number;
  lockedUntil: Date | null;
}

const windowStart = sql.raw(`now() - interval '${FAILURE_WINDOW_MS} milliseconds'`);
const lockEnd = sql.raw(`now() + interval '${LOCK_DURATION_MS} milliseconds'`);

export async function getFailureState(db: Db, scope: FailureScope, subject: string): Promise<FailureState> {
  const [row] = await db
    .select({
      failures: sql<number>`CASE
        WHEN ${authFailures.lockedUntil} > now() THEN ${authFailures.failures}
        WHEN ${authFailures.lockedUntil} IS NOT NULL OR ${authFailures.lastFailedAt} < ${windowStart} THEN 0
        ELSE ${authFailures.failures} END`,
      lockedUntil: sql<Date | null>`CASE WHEN ${authFailures.lockedUntil} > now() THEN ${authFailures.lockedUntil} END`,
    })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
  if (!row) return { failures: 0, lockedUntil: null };
  return { failures: Number(row.failures), lockedUntil: row.lockedUntil ? new Date(row.lockedUntil) : null };
}

/** Count one failure (atomically) and lock when the limit is reached. */
export async function recordFailure(db: Db, scope: FailureScope, subject: string): Promise<FailureState> {
  // A lapsed lock or a stale window starts a fresh count.
  const next = sql`CASE
    WHEN ${authFailures.lockedUntil} IS NOT NULL AND ${authFailures.lockedUntil} <= now() THEN 1
    WHEN ${authFailures.lastFailedAt} < ${windowStart} THEN 1
    ELSE ${authFailures.failures} + 1 END`;
  const [row] = await db
    .insert(authFailures)
    .values({ scope, subject, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [authFailures.scope, authFailures.subject],
      set: {
        failures: next,
        lastFailedAt: sql`now()`,
        lockedUntil: sql`CASE
          WHEN ${authFailures.lockedUntil} > now() THEN ${authFailures.lockedUntil}
          WHEN (${next}) >= ${LOCK_AFTER_FAILURES} THEN ${lockEnd}
          END`,
      },
    })
    .returning({ failures: authFailures.failures, lockedUntil: authFailures.lockedUntil });
  return { failures: row?.failures ?? 1, lockedUntil: row?.lockedUntil ?? null };
}

export async function clearFailures(db: Db, scope: FailureScope, subject: string): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
}

export function lockedError(lockedUntil: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
  return new AppError(429, "attemptsLocked", { minutes });
}

/** For password checks inside a session (login / withdrawal password): lock after too many misses. */
export async function assertNotLocked(db: Db, scope: FailureScope, subject: string): Promise<void> {
  const state = await getFailureState(db, scope, subject);
  if (state.lockedUntil) throw lockedError(state.lockedUntil);
}
