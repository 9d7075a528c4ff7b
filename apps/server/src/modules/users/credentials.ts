// A customer's secrets: login and withdrawal passwords (checked with brute-force
// accounting) and the Google authenticator's state. Reached through service.ts.
import type { ChangePasswordBody } from "@candor/contract";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { revokeOtherSessions } from "../auth/sessions";
import { guardedCheck } from "../auth/throttle";
import { assertPasswordRule, hashPassword, verifyPassword } from "./passwords";
import { getUserById } from "./rows";

// ---------------------------------------------------------------- passwords

/** Check the login password of a known account (no brute-force accounting: callers do it). */
export async function checkLoginPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const u = await getUserById(db, userId);
  return verifyPassword(u?.passwordHash, password);
}

/**
 * Check a password inside a session (change password, bind authenticator): a wrong
 * one is 400 (the session stays valid) and too many wrong ones lock the check for a while.
 */
export async function assertLoginPassword(db: Db, userId: number, password: string): Promise<void> {
  const ok = await guardedCheck(db, "password", `user:${userId}`, () => checkLoginPassword(db, userId, password));
  if (!ok) throw badRequest("oldPasswordWrong");
}

/**
 * For withdrawals: true when the withdrawal password is right. 409 when none is set
 * yet, 429 after too many wrong ones (15 minutes), so it cannot be guessed.
 */
export async function verifyWithdrawalPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const u = await getUserById(db, userId);
  if (!u) throw notFound();
  const hash = u.withdrawalPasswordHash;
  if (!hash) throw conflict("withdrawalPasswordNotSet");
  return guardedCheck(db, "withdrawal", `user:${userId}`, () => verifyPassword(hash, password));
}

/**
 * Change the login or withdrawal password. The first withdrawal password is set with
 * the login password as `oldPassword`. A login password change ends every other session.
 */
export async function changePassword(
  db: Db,
  userId: number,
  currentSessionId: number,
  input: ChangePasswordBody,
): Promise<{ revokedSessions: number }> {
  assertPasswordRule(input.newPassword, "newPassword");
  const u = await getUserById(db, userId);
  if (!u) throw notFound();
  if (input.kind === "login") {
    await assertLoginPassword(db, userId, input.oldPassword);
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return { revokedSessions: await revokeOtherSessions(db, userId, currentSessionId) };
  }
  // Withdrawal password: the old one, or the login password while none is set.
  const oldOk = await guardedCheck(db, "withdrawal", `user:${userId}`, () =>
    verifyPassword(u.withdrawalPasswordHash ?? u.passwordHash, input.oldPassword),
  );
  if (!oldOk) throw badRequest("oldPasswordWrong");
  if (await verifyPassword(u.passwordHash, input.newPassword)) throw badRequest("withdrawalSameAsLogin");
  await db
    .update(users)
    .set({ withdrawalPasswordHash: await hashPassword(input.newPassword), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return { revokedSessions: 0 };
}

/** Forgot password: set a new login password (the caller proved the code and ends the sessions). */
export async function resetLoginPassword(db: Db, userId: number, newPassword: string): Promise<void> {
  assertPasswordRule(newPassword, "newPassword");
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

// ---------------------------------------------------------------- Google authenticator state

export interface GoogleState {
  secret: string | null;
  pendingSecret: string | null;
  lastStep: number | null;
}

export async function getGoogleState(db: Db, userId: number): Promise<GoogleState> {
  const u = await getUserById(db, userId);
  if (!u) throw notFound();
  return { secret: u.googleSecret, pendingSecret: u.googlePendingSecret, lastStep: u.googleLastStep };
}

export async function setGooglePendingSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db
    .update(users)
    .set({ googlePendingSecret: secret, updatedAt: sql`now()` })
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
