// Wrong authenticator codes are counted per staff account, across login tickets (a correct
// password gives a new ticket, so a per-ticket limit alone lets a code be guessed without
// end): 5 wrong codes within 15 minutes lock the account's second step for 15 minutes.
// Time is the business clock's (real time outside sandbox; tests move it). A try is
// recorded before its code is checked, under the staff row's lock, so parallel guesses
// cannot get past the limit; a right code takes its try back.
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { staff, staffTotpFailures } from "../../db/schema";

export const TOTP_FAILURE_LIMIT = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const TOTP_LOCK_MS = 15 * 60 * 1000;

export type TotpTry = { tryId: number } | { lockedUntil: Date };

/** Records one try of the second step, or says until when the account's second step is locked. */
export async function claimTotpTry(db: Db, staffId: number, now: Date): Promise<TotpTry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lockedUntil: staff.totpLockedUntil })
      .from(staff)
      .where(eq(staff.id, staffId))
      .for("update");
    if (row?.lockedUntil && row.lockedUntil > now) return { lockedUntil: row.lockedUntil };
    const [recent] = await tx.select({ n: count() }).from(staffTotpFailures).where(recentFailures(staffId, now));
    // Five tries in the window (wrong, or still being checked): locked until the oldest leaves it.
    if (Number(recent?.n ?? 0) >= TOTP_FAILURE_LIMIT) return { lockedUntil: new Date(now.getTime() + TOTP_LOCK_MS) };
    const [inserted] = await tx
      .insert(staffTotpFailures)
      .values({ staffId, at: now })
      .returning({ id: staffTotpFailures.id });
    return { tryId: inserted?.id ?? 0 };
  });
}

/** A right code: its try was no failure. */
export async function releaseTotpTry(db: Db, tryId: number): Promise<void> {
  await db.delete(staffTotpFailures).where(eq(staffTotpFailures.id, tryId));
}

/**
 * A wrong code stays counted. At the limit the second step is locked for 15 minutes;
 * returns the lock's end when this failure set it (the caller tells the admins once).
 */
export async function lockIfTooManyTotpFailures(db: Db, staffId: number, now: Date): Promise<Date | null> {
  const [recent] = await db.select({ n: count() }).from(staffTotpFailures).where(recentFailures(staffId, now));
  if (Number(recent?.n ?? 0) < TOTP_FAILURE_LIMIT) return null;
  const until = new Date(now.getTime() + TOTP_LOCK_MS);
  const rows = await db
    .update(staff)
    .set({ totpLockedUntil: until })
    .where(and(eq(staff.id, staffId), sql`(${staff.totpLockedUntil} IS NULL OR ${staff.totpLockedUntil} <= ${now})`))
    .returning({ id: staff.id });
  return rows.length === 1 ? until : null;
}

/** An admin lifts a lock (with a new authenticator or password, for instance). */
export async function clearTotpLock(db: Db, staffId: number): Promise<void> {
  await db.update(staff).set({ totpLockedUntil: null }).where(eq(staff.id, staffId));
  await db.delete(staffTotpFailures).where(eq(staffTotpFailures.staffId, staffId));
}

const recentFailures = (staffId: number, now: Date) =>
  and(
    eq(staffTotpFailures.staffId, staffId),
    gt(staffTotpFailures.at, new Date(now.getTime() - TOTP_FAILURE_WINDOW_MS)),
  );
