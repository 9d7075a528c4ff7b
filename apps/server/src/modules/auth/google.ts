// Google authenticator (TOTP, RFC 6238: 6 digits, 30 s, SHA-1). A secret is pending
// until a first code proves the app holds it; every accepted code's time step is
// recorded so the same code is never accepted twice. Every check of a bound
// authenticator's code (login, unbinding, withdrawals, new addresses) counts per customer
// across requests: 5 wrong codes in 15 minutes lock the second step for 15 minutes (429).
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "../../db";
import { badRequest, conflict } from "../../lib/errors";
import {
  activateGoogleSecret,
  claimGoogleStep,
  clearGoogleSecret,
  getGoogleState,
  getUserById,
  setGooglePendingSecret,
} from "../users/service";
import { assertLoginPassword } from "./password-checks";
import { guardedCheck } from "./throttle";

export const TOTP_ISSUER = "Candor";
/** Accept the previous and the next 30-second step too (clock drift). */
const EPOCH_TOLERANCE_S = 30;

/** The time step a code belongs to, or null when it is not valid now (or already used). */
async function matchStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: EPOCH_TOLERANCE_S,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Check a customer's authenticator code and use it up. False when wrong or replayed (a
 * failure in the `totp` counter); 429 while that counter is locked.
 */
export async function verifyGoogleCode(db: Db, userId: number, code: string): Promise<boolean> {
  return guardedCheck(db, "totp", `user:${userId}`, async () => {
    const state = await getGoogleState(db, userId);
    if (!state.secret) return false;
    const step = await matchStep(state.secret, code, state.lastStep);
    return step !== null && (await claimGoogleStep(db, userId, step));
  });
}

/**
 * Step-up for money movement: with an authenticator bound, a request must carry a valid
 * code (missing or wrong → 400; wrong ones count towards the lock-out). Nothing without one.
 */
export async function assertSecondFactor(db: Db, userId: number, googleCode: string | undefined): Promise<void> {
  if (!(await isGoogleBound(db, userId))) return;
  if (!googleCode) throw badRequest("googleCodeRequired");
  if (!(await verifyGoogleCode(db, userId, googleCode))) throw badRequest("googleCodeWrong");
}

export async function isGoogleBound(db: Db, userId: number): Promise<boolean> {
  return (await getGoogleState(db, userId)).secret !== null;
}

export async function generateGoogleKey(db: Db, userId: number): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await getUserById(db, userId);
  const state = await getGoogleState(db, userId);
  if (state.secret) throw conflict("googleAlreadyBound");
  const secret = generateSecret();
  await setGooglePendingSecret(db, userId, secret);
  const label = user?.email ?? user?.phone ?? user?.username ?? String(userId);
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label, secret }) };
}

export async function bindGoogleAuth(db: Db, userId: number, googleCode: string, password: string): Promise<void> {
  const state = await getGoogleState(db, userId);
  if (state.secret) throw conflict("googleAlreadyBound");
  if (!state.pendingSecret) throw conflict("googleKeyMissing");
  await assertLoginPassword(db, userId, password);
  const step = await matchStep(state.pendingSecret, googleCode, state.lastStep);
  if (step === null || !(await claimGoogleStep(db, userId, step))) throw badRequest("googleCodeWrong");
  await activateGoogleSecret(db, userId);
}

export async function unbindGoogleAuth(db: Db, userId: number, googleCode: string, password: string): Promise<void> {
  if (!(await isGoogleBound(db, userId))) throw conflict("googleNotBound");
  await assertLoginPassword(db, userId, password);
  if (!(await verifyGoogleCode(db, userId, googleCode))) throw badRequest("googleCodeWrong");
  await clearGoogleSecret(db, userId);
}
