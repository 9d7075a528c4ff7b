// Staff accounts: the two-step login (password, then a TOTP code; the first login enrols
// the authenticator), and the admin's account management.

import type {
  StaffCreateBody,
  StaffInfo,
  StaffLoginBody,
  StaffLoginTicket,
  StaffRecord,
  StaffSessionCreated,
  StaffUpdateBody,
} from "@candor/contract";
import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { staff, staffLoginTickets } from "../../db/schema";
import { AppError, conflict, notFound, unauthorized } from "../../lib/errors";
import { openSecret, sealSecret } from "../../lib/secrets";
import { guardedLogin } from "../auth/service";
import { generatePassword, hashPassword, verifyPassword } from "../users/service";
import { appendAudit } from "./audit";
import { isStaffRole } from "./roles";
import {
  claimLoginTicket,
  consumeLoginTicket,
  createLoginTicket,
  createStaffSession,
  hashSecret,
  lastSeenByStaff,
  revokeAllStaffSessions,
  STAFF_SESSION_IDLE_MS,
} from "./sessions";
import { matchTotpStep, newTotpSecret, totpUri } from "./totp";
import {
  claimTotpTry,
  clearTotpLock,
  lockIfTooManyTotpFailures,
  releaseTotpTry,
  TOTP_FAILURE_LIMIT,
} from "./totp-guard";

type StaffRow = typeof staff.$inferSelect;

export const SEEDED_ADMIN_USERNAME = "operator";

const toInfo = (row: StaffRow): StaffInfo => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  role: isStaffRole(row.role) ? row.role : "support",
});

/** `nowMs`: business time, which the lock runs on (sandbox tests move it). */
const toRecord = (row: StaffRow, lastSeen: Date | undefined, nowMs = Date.now()): StaffRecord => ({
  ...toInfo(row),
  totpEnrolled: row.totpSecret !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: lastSeen?.toISOString() ?? null,
  totpLockedUntil:
    row.totpLockedUntil && row.totpLockedUntil.getTime() > nowMs ? row.totpLockedUntil.toISOString() : null,
});

async function findByUsername(db: Db, username: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.username, username)).limit(1);
  return row ?? null;
}

export async function getStaff(db: Db, id: number): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export interface ClientInfo {
  ip: string;
  device: string;
}

/**
 * Step 1: username + password (under the same brute-force guard as customer logins).
 * Gives a ticket for step 2; while no authenticator is enrolled, a fresh secret to enrol.
 */
export async function staffLogin(db: Db, input: StaffLoginBody, client: ClientInfo): Promise<StaffLoginTicket> {
  return guardedLogin(
    db,
    // The console's address counter is its own: customers' failed logins from a shared
    // address (an office, a carrier NAT) do not lock staff behind the security code.
    {
      subject: `staff:${input.username}`,
      ip: `staff:${client.ip}`,
      captcha: input.captcha,
    },
    async (fail) => {
      const row = await findByUsername(db, input.username);
      const passwordOk = await verifyPassword(row?.passwordHash, input.password);
      if (!row || !passwordOk || row.disabledAt) return fail("staffLoginWrong");
      let totpSecret: string | null = null;
      if (!row.totpSecret) {
        totpSecret = newTotpSecret();
        // Stored encrypted (lib/secrets.ts); shown once, here, to be enrolled.
        await db
          .update(staff)
          .set({ totpPendingSecret: sealSecret(totpSecret) })
          .where(eq(staff.id, row.id));
      }
      return {
        ticket: await createLoginTicket(db, row.id),
        totpEnrolled: row.totpSecret !== null,
        totpSecret,
        otpauthUrl: totpSecret ? totpUri(row.username, totpSecret) : null,
      };
    },
  );
}

/** Record the code's time step; false when this step (or a later one) was already used. */
async function claimStep(db: Db, staffId: number, step: number, activate: boolean): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({
      totpLastStep: step,
      ...(activate ? { totpSecret: sql`${staff.totpPendingSecret}`, totpPendingSecret: null } : {}),
    })
    .where(
      and(
        eq(staff.id, staffId),
        sql`(${staff.totpLastStep} IS NULL OR ${staff.totpLastStep} < ${step})`,
        activate ? isNull(staff.totpSecret) : undefined,
      ),
    )
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** Whose login ticket this is (for the audit row of a failed second step), if any. */
export async function ticketOwner(db: Db, ticket: string): Promise<{ id: number; username: string } | null> {
  const [row] = await db
    .select({ id: staff.id, username: staff.username })
    .from(staffLoginTickets)
    .innerJoin(staff, eq(staff.id, staffLoginTickets.staffId))
    .where(eq(staffLoginTickets.ticketHash, hashSecret(ticket)))
    .limit(1);
  return row ?? null;
}

const lockedFor = (until: Date, now: Date) =>
  new AppError(429, "staffTotpLocked", { minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)) });

/**
 * Step 2: the authenticator code (enrolling it on the first login) opens a session. Wrong
 * codes count per account across tickets (totp-guard.ts); `now` is business time.
 */
export async function staffLoginTotp(
  db: Db,
  input: { ticket: string; code: string },
  client: ClientInfo,
  now: Date,
): Promise<StaffSessionCreated> {
  const ticket = await claimLoginTicket(db, input.ticket);
  if (!ticket) throw unauthorized("staffTicketInvalid");
  const row = await getStaff(db, ticket.staffId);
  if (row.disabledAt) throw unauthorized("staffTicketInvalid");
  const enrolling = row.totpSecret === null;
  const stored = row.totpSecret ?? row.totpPendingSecret;
  if (!stored) throw unauthorized("staffTicketInvalid");
  const claimed = await claimTotpTry(db, row.id, now);
  if ("lockedUntil" in claimed) throw lockedFor(claimed.lockedUntil, now);
  const { plain: secret, legacy } = openSecret(stored);
  // A plain secret from before encryption is encrypted on this use.
  if (legacy && row.totpSecret)
    await db
      .update(staff)
      .set({ totpSecret: sealSecret(secret) })
      .where(eq(staff.id, row.id));
  const step = await matchTotpStep(secret, input.code, row.totpLastStep);
  if (step === null || !(await claimStep(db, row.id, step, enrolling))) {
    const lockedUntil = await lockIfTooManyTotpFailures(db, row.id, now);
    if (lockedUntil) await reportTotpLock(db, row, lockedUntil, client);
    throw unauthorized("staffCodeWrong");
  }
  await releaseTotpTry(db, claimed.tryId);
  if (!(await consumeLoginTicket(db, ticket.id))) throw unauthorized("staffTicketInvalid");
  const session = await createStaffSession(db, row.id, client);
  return {
    token: session.token,
    staff: toInfo(row),
    expiresAt: session.expiresAt.toISOString(),
    idleMinutes: STAFF_SESSION_IDLE_MS / 60_000,
  };
}

/** The admins learn of a lock from the audit log and the staff list (`totpLockedUntil`). */
async function reportTotpLock(db: Db, row: StaffRow, until: Date, client: ClientInfo): Promise<void> {
  await appendAudit(db, {
    staffId: row.id,
    username: row.username,
    role: row.role,
    action: "login.totpLocked",
    targetType: "staff",
    targetId: row.id,
    after: { lockedUntil: until.toISOString(), failures: TOTP_FAILURE_LIMIT, device: client.device.slice(0, 200) },
    ip: client.ip,
  });
}

export async function listStaff(
  db: Db,
  query: { search?: string | undefined; role?: string | undefined; pageNo: number; pageSize: number },
  now: Date = new Date(),
) {
  const where = and(
    query.search
      ? or(ilike(staff.username, `%${query.search}%`), ilike(staff.displayName, `%${query.search}%`))
      : undefined,
    query.role ? eq(staff.role, query.role) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(staff).where(where);
  const rows = await db
    .select()
    .from(staff)
    .where(where)
    .orderBy(desc(staff.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const seen = await lastSeenByStaff(
    db,
    rows.map((r) => r.id),
  );
  return {
    records: rows.map((r) => toRecord(r, seen.get(r.id), now.getTime())),
    total: Number(total?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function getStaffRecord(db: Db, id: number): Promise<StaffRecord> {
  const row = await getStaff(db, id);
  return toRecord(row, (await lastSeenByStaff(db, [id])).get(id));
}

export async function createStaff(db: Db, byStaffId: number | null, input: StaffCreateBody): Promise<StaffRecord> {
  try {
    const [row] = await db
      .insert(staff)
      .values({
        username: input.username,
        displayName: input.displayName,
        role: input.role,
        passwordHash: await hashPassword(input.password),
        createdBy: byStaffId,
      })
      .returning();
    if (!row) throw notFound();
    return toRecord(row, undefined);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("staffUsernameTaken");
    throw err;
  }
}

/** Change a staff account. An admin cannot disable or demote themselves (someone must stay admin). */
export async function updateStaff(db: Db, byStaffId: number, input: StaffUpdateBody): Promise<StaffRecord> {
  const row = await getStaff(db, input.id);
  if (input.id === byStaffId && (input.disabled === true || (input.role && input.role !== "admin"))) {
    throw conflict("staffSelfChange");
  }
  const patch: Partial<typeof staff.$inferInsert> = {};
  if (input.displayName !== undefined) patch.displayName = input.displayName;
  if (input.role !== undefined) patch.role = input.role;
  if (input.disabled !== undefined) patch.disabledAt = input.disabled ? (row.disabledAt ?? new Date()) : null;
  if (input.password !== undefined) patch.passwordHash = await hashPassword(input.password);
  if (input.resetTotp) Object.assign(patch, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
  if (Object.keys(patch).length > 0) await db.update(staff).set(patch).where(eq(staff.id, input.id));
  // A new authenticator starts without the old one's lock.
  if (input.resetTotp) await clearTotpLock(db, input.id);
  // A changed role, password or authenticator, or a disabled account, starts over with a new login.
  if (input.disabled || input.role !== undefined || input.password !== undefined || input.resetTotp) {
    await revokeAllStaffSessions(db, input.id, byStaffId);
  }
  return getStaffRecord(db, input.id);
}

/**
 * The seeded admin: created once (when there is no staff at all), with the configured
 * first password or a random one handed once to `print` (at start: the owner-only
 * credentials file in DATA_DIR, lib/credentials-file.ts).
 */
export async function seedAdmin(db: Db, print: (text: string) => void, givenPassword?: string): Promise<void> {
  const [any] = await db.select({ id: staff.id }).from(staff).limit(1);
  if (any) return;
  const password = givenPassword ?? generatePassword(16);
  try {
    await db.insert(staff).values({
      username: SEEDED_ADMIN_USERNAME,
      displayName: "Administrator",
      role: "admin",
      passwordHash: await hashPassword(password),
    });
  } catch (err) {
    if (isUniqueViolation(err)) return; // another node seeded it first
    throw err;
  }
  print(
    givenPassword
      ? `Console admin created: login ${SEEDED_ADMIN_USERNAME} with CONSOLE_ADMIN_PASSWORD at /console/ (the authenticator is enrolled at the first login)`
      : [
          "Console admin created (password shown only this once; the authenticator is enrolled at the first login):",
          `  admin     login: ${SEEDED_ADMIN_USERNAME}  password: ${password}  at /console/`,
        ].join("\n"),
  );
}
