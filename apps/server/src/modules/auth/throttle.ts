// Failed-attempt counters, kept in the database so every API node sees the same numbers.
// Scopes: a login account, a client address, and a customer's login / withdrawal password
// checks inside a session. Every scope but "account" locks after LOCK_AFTER_FAILURES: a
// login account is named by anyone, so its failures only raise the security check and its
// difficulty (login-guard.ts) — a stranger's wrong guesses never lock its owner out.
//
// Logins and code checks *claim* an attempt (one conditional upsert) before any
// credential is looked at: the claim is refused while locked or once failures plus
// attempts still in flight reach the cap, so parallel guesses cannot all pass a
// "read the count, then check" gap. A claim ends as a failure or is released.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { authFailures } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** After this many failed logins for an account or an address the security code is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** After this many failures an address (or an in-session password check) is locked… */
export const LOCK_AFTER_FAILURES = 10;
/** …for this long. */
export const LOCK_DURATION_MS = 15 * 60 * 1000;
/** Failures older than this (with no newer one) are forgotten. */
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Wrong authenticator codes lock a customer's second step sooner: 5 in 15 minutes. */
export const TOTP_LOCK_AFTER_FAILURES = 5;

export type FailureScope =
  | "account"
  | "address"
  | "withdrawal"
  | "password"
  | "totp"
  | "lookup-account"
  | "lookup-address"
  | "signup-address"
  | "guest-chat-address"
  | "wallet-nonce-address";

/** Scopes whose failures lock; a login account's never do (anyone can fail for it). */
const locks = (scope: FailureScope) => scope !== "account";

const lockLimitOf = (scope: FailureScope) =>
  sql.raw(String(scope === "totp" ? TOTP_LOCK_AFTER_FAILURES : LOCK_AFTER_FAILURES));

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

/** A lapsed lock or a stale window starts a fresh count. */
const stale = sql`((${authFailures.lockedUntil} IS NOT NULL AND ${authFailures.lockedUntil} <= now())
  OR ${authFailures.lastFailedAt} < ${windowStart})`;

export async function clearFailures(db: Db, scope: FailureScope, subject: string): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
}

export function lockedError(lockedUntil: Date): AppError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 60_000));
  return new AppError(429, "attemptsLocked", { minutes });
}

/** Refused: `locked` (too many failures), or the cap is taken by attempts still in flight. */
export type Claim = { admitted: true; failures: number } | { admitted: false; locked: boolean; lockedUntil: Date };

/**
 * Claim one attempt before checking a credential. Admitted while not locked and
 * failures + attempts in flight stay under the lock limit; `failures` is then that
 * sum before this claim (what the security-code rule looks at). Every admitted claim
 * must end in `failClaim`, `releaseClaim` or `clearFailures`.
 */
export async function claimAttempt(db: Db, scope: FailureScope, subject: string): Promise<Claim> {
  const lockLimit = lockLimitOf(scope);
  const [row] = await db
    .insert(authFailures)
    .values({ scope, subject, failures: 0, pending: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [authFailures.scope, authFailures.subject],
      set: {
        failures: sql`CASE WHEN ${stale} THEN 0 ELSE ${authFailures.failures} END`,
        pending: sql`CASE WHEN ${stale} THEN 1 ELSE ${authFailures.pending} + 1 END`,
        lockedUntil: null,
        // A stale row starts a new window once (a burst of claims resets it only once);
        // otherwise the window still runs from the last failure.
        lastFailedAt: sql`CASE WHEN ${stale} THEN now() ELSE ${authFailures.lastFailedAt} END`,
      },
      // A login account is always admitted (its count still rises with attempts in flight,
      // so parallel guesses all meet the security check); other scopes stop at the cap.
      setWhere: locks(scope)
        ? sql`${stale} OR (${authFailures.lockedUntil} IS NULL
        AND ${authFailures.failures} + ${authFailures.pending} < ${lockLimit})`
        : sql`true`,
    })
    .returning({ failures: authFailures.failures, pending: authFailures.pending });
  if (row) return { admitted: true, failures: row.failures + row.pending - 1 };
  // Refused: locked, or the cap is taken by attempts still in flight (then the count
  // is forgotten at the latest one window after the last attempt).
  const [state] = await db
    .select({
      until: sql<Date>`COALESCE(${authFailures.lockedUntil},
        ${authFailures.lastFailedAt} + ${sql.raw(`interval '${FAILURE_WINDOW_MS} milliseconds'`)})`,
      locked: sql<boolean>`COALESCE(${authFailures.lockedUntil} > now(), false)`,
    })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
  return {
    admitted: false,
    locked: state ? Boolean(state.locked) : false,
    lockedUntil: state ? new Date(state.until) : new Date(Date.now() + LOCK_DURATION_MS),
  };
}

/** An admitted attempt failed: it becomes a failure, and the limit locks. */
export async function failClaim(db: Db, scope: FailureScope, subject: string): Promise<FailureState> {
  const lockLimit = lockLimitOf(scope);
  const [row] = await db
    .insert(authFailures)
    .values({ scope, subject, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [authFailures.scope, authFailures.subject],
      set: {
        failures: sql`${authFailures.failures} + 1`,
        pending: sql`GREATEST(${authFailures.pending} - 1, 0)`,
        lastFailedAt: sql`now()`,
        lockedUntil: locks(scope)
          ? sql`CASE
          WHEN ${authFailures.lockedUntil} > now() THEN ${authFailures.lockedUntil}
          WHEN ${authFailures.failures} + 1 >= ${lockLimit} THEN ${lockEnd}
          END`
          : null,
      },
    })
    .returning({ failures: authFailures.failures, lockedUntil: authFailures.lockedUntil });
  return { failures: row?.failures ?? 1, lockedUntil: row?.lockedUntil ?? null };
}

/** An admitted attempt ended without counting (success, or refused before any check). */
export async function releaseClaim(db: Db, scope: FailureScope, subject: string): Promise<void> {
  await db
    .update(authFailures)
    .set({ pending: sql`GREATEST(${authFailures.pending} - 1, 0)` })
    .where(and(eq(authFailures.scope, scope), eq(authFailures.subject, subject)));
}

const IN_FLIGHT_RETRY_MS = 25;
const IN_FLIGHT_WAIT_MS = 10_000;

/**
 * A password check inside a session (login / withdrawal password) under the same
 * claim rule as logins: refused (429) while locked or while the cap is taken by checks
 * in flight, so parallel wrong guesses cannot all be evaluated. True when `check` passed.
 */
export async function guardedCheck(
  db: Db,
  scope: FailureScope,
  subject: string,
  check: () => Promise<boolean>,
): Promise<boolean> {
  // A customer's own parallel requests (e.g. several withdrawals at once, each with the right
  // password) wait for a place rather than being refused; once locked, everyone is refused.
  for (let waitedMs = 0; ; waitedMs += IN_FLIGHT_RETRY_MS) {
    const claim = await claimAttempt(db, scope, subject);
    if (claim.admitted) break;
    if (claim.locked || waitedMs >= IN_FLIGHT_WAIT_MS) throw lockedError(claim.lockedUntil);
    await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_RETRY_MS));
  }
  let ok: boolean;
  try {
    ok = await check();
  } catch (err) {
    await releaseClaim(db, scope, subject);
    throw err;
  }
  if (ok) await clearFailures(db, scope, subject);
  else await failClaim(db, scope, subject);
  return ok;
}

/**
 * Count one use of a rate-limited public action (account lookups, registrations) for
 * `subject`; the count runs for FAILURE_WINDOW_MS from the first use. The count after this
 * use is returned; past `max` the use is refused (429) and not counted further.
 */
export async function countUse(db: Db, scope: FailureScope, subject: string, max: number): Promise<number> {
  const [row] = await db
    .insert(authFailures)
    .values({ scope, subject, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [authFailures.scope, authFailures.subject],
      set: {
        failures: sql`CASE WHEN ${stale} THEN 1 ELSE LEAST(${authFailures.failures} + 1, ${sql.raw(String(max + 1))}) END`,
        lastFailedAt: sql`CASE WHEN ${stale} THEN now() ELSE ${authFailures.lastFailedAt} END`,
        lockedUntil: null,
      },
    })
    .returning({ failures: authFailures.failures });
  const count = row?.failures ?? 1;
  if (count > max) throw new AppError(429, "tooManyRequests");
  return count;
}

/** Uses counted so far by countUse in the current window (0 when none). */
export async function usesSoFar(db: Db, scope: FailureScope, subject: string): Promise<number> {
  return (await getFailureState(db, scope, subject)).failures;
}
