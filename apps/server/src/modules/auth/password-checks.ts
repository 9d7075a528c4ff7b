// Passwords checked inside a session, with brute-force accounting (throttle.ts): the
// login password (change password, bind authenticator), the withdrawal password
// (withdrawals), and changing either. The users module stores the hashes.
import type { ChangePasswordBody } from "@candor/contract";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { revokeOtherSessions } from "../../lib/sessions";
import { assertPasswordRule, checkLoginPassword, getUserById, setPassword, verifyPassword } from "../users/service";
import { guardedCheck } from "./throttle";

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
    await setPassword(db, userId, "login", input.newPassword);
    return { revokedSessions: await revokeOtherSessions(db, userId, currentSessionId) };
  }
  // Withdrawal password: the old one, or the login password while none is set.
  const oldOk = await guardedCheck(db, "withdrawal", `user:${userId}`, () =>
    verifyPassword(u.withdrawalPasswordHash ?? u.passwordHash, input.oldPassword),
  );
  if (!oldOk) throw badRequest("oldPasswordWrong");
  if (await verifyPassword(u.passwordHash, input.newPassword)) throw badRequest("withdrawalSameAsLogin");
  await setPassword(db, userId, "withdrawal", input.newPassword);
  return { revokedSessions: 0 };
}
