// A customer's secrets as stored: login and withdrawal password hashes and the Google
// authenticator's state. The checks with brute-force accounting, and who may change a
// password, are the auth module's (auth/password-checks.ts). Reached through service.ts.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { openSecret, sealSecret } from "../../lib/secrets";
import { assertPasswordRule, hashPassword, verifyPassword } from "./passwords";
import { getUserById } from "./rows";

// ---------------------------------------------------------------- passwords

/** Check the login password of a known account (no brute-force accounting: callers do it). */
export async function checkLoginPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const u = await getUserById(db, userId);
  return verifyPassword(u?.passwordHash, password);
}

/** Store a new login or withdrawal password (hashed). Who may is decided by the caller (auth). */
export async function setPassword(
  db: Db,
  userId: number,
  kind: "login" | "withdrawal",
  newPassword: string,
): Promise<void> {
  const hash = await hashPassword(newPassword);
  await db
    .update(users)
    .set(
      kind === "login"
        ? { passwordHash: hash, updatedAt: sql`now()` }
        : { withdrawalPasswordHash: hash, updatedAt: sql`now()` },
    )
    .where(eq(users.id, userId));
}

/** Forgot password: set a new login password (the caller proved the code and ends the sessions). */
export async function resetLoginPassword(db: Db, userId: number, newPassword: string): Promise<void> {
  assertPasswordRule(newPassword, "newPassword");
  await setPassword(db, userId, "login", newPassword);
}

// ---------------------------------------------------------------- Google authenticator state

export interface GoogleState {
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
}

/** The secrets in clear. They are stored encrypted; a plain one from before is encrypted now. */
export async function getGoogleState(db: Db, userId: number): Promise<GoogleState> {
  const u = await getUserById(db, userId);
  if (!u) throw notFound();
  const secret = u.googleSecret ? openSecret(u.googleSecret) : null;
  const pending = u.googlePendingSecret ? openSecret(u.googlePendingSecret) : null;
  if (secret?.legacy || pending?.legacy) {
    await db
      .update(users)
      .set({
        ...(secret?.legacy ? { googleSecret: sealSecret(secret.plain) } : {}),
        ...(pending?.legacy ? { googlePendingSecret: sealSecret(pending.plain) } : {}),
      })
      .where(eq(users.id, userId));
  }
  return { secret: secret?.plain ?? null, pendingSecret: pending?.plain ?? null, lastStep: u.googleLastStep };
}

export async function setGooglePendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db
    .update(users)
    .set({ googlePendingSecret: sealSecret(secret), updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.googleSecret)));
}

/**
 * Record that a TOTP time step was used. Atomic: of two requests with the same code
 * only one gets true, so a code is never accepted twice.
 */
export async function claimGoogleStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.googleLastStep), sql`${users.googleLastStep} < ${step}`)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function activateGoogleSecret(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ googleSecret: sql`${users.googlePendingSecret}`, googlePendingSecret: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.googleSecret)));
}

export async function clearGoogleSecret(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ googleSecret: null, googlePendingSecret: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
