// Staff sessions: a random token (prefixed "stf_" so the customer lookup skips it) goes
// to the console once; only its SHA-256 hash is stored. A session ends 12 hours after the
// login or after 30 minutes without a request, whichever comes first, or when an admin
// revokes it. Login tickets bridge the password step and the TOTP step (5 minutes).
import { createHash, randomBytes } from "node:crypto";
import type { StaffRole, StaffSessionRecord } from "@candor/contract";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { type Db, preparedRows } from "../../db";
import { staff, staffLoginTickets, staffSessions } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { isStaffRole } from "./roles";

export const STAFF_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
export const LOGIN_TICKET_TTL_MS = 5 * 60 * 1000;
export const LOGIN_TICKET_MAX_ATTEMPTS = 5;
export const STAFF_TOKEN_PREFIX = "stf_";
/** Don't write last-seen more often than this. */
const TOUCH_INTERVAL_MS = 30 * 1000;

export const hashSecret = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => `${STAFF_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

export interface StaffPrincipal {
  id: number;
  username: string;
  displayName: string;
  role: StaffRole;
  sessionId: number;
}

export async function createLoginTicket(db: Db, staffId: number): Promise<string> {
  const ticket = randomBytes(24).toString("base64url");
  await db.insert(staffLoginTickets).values({
    staffId,
    ticketHash: hashSecret(ticket),
    expiresAt: new Date(Date.now() + LOGIN_TICKET_TTL_MS),
  });
  return ticket;
}

/** Claim one try of a live ticket; null when unknown, expired, used or out of tries. */
export async function claimLoginTicket(db: Db, ticket: string): Promise<{ id: number; staffId: number } | null> {
  const [row] = await db
    .update(staffLoginTickets)
    .set({ attempts: sql`${staffLoginTickets.attempts} + 1` })
    .where(
      and(
        eq(staffLoginTickets.ticketHash, hashSecret(ticket)),
        isNull(staffLoginTickets.usedAt),
        gt(staffLoginTickets.expiresAt, new Date()),
        sql`${staffLoginTickets.attempts} < ${LOGIN_TICKET_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ id: staffLoginTickets.id, staffId: staffLoginTickets.staffId });
  return row ?? null;
}

/** Use a ticket up; false when another request used it first. */
export async function consumeLoginTicket(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(staffLoginTickets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffLoginTickets.id, id), isNull(staffLoginTickets.usedAt)))
    .returning({ id: staffLoginTickets.id });
  return rows.length === 1;
}

export async function createStaffSession(
  db: Db,
  staffId: number,
  client: { device: string; ip: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + STAFF_SESSION_MAX_MS);
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: hashSecret(token),
    device: client.device.slice(0, 200),
    ip: client.ip.slice(0, 64),
    expiresAt,
  });
  return { token, expiresAt };
}

const RESOLVE_SQL = `SELECT st.id, st.username, st.display_name, st.role, s.id AS session_id,
    s.last_seen_at < $3 AS stale
  FROM staff_sessions s JOIN staff st ON st.id = s.staff_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $4
    AND st.disabled_at IS NULL AND st.totp_secret IS NOT NULL
  LIMIT 1`;

interface ResolveRow {
  id: number | string;
  username: string;
  display_name: string;
  role: string;
  session_id: number | string;
  stale: boolean;
}

/** The staff member behind a token, or null (unknown, revoked, over 12 h, idle over 30 min, disabled). */
export async function resolveStaffSession(db: Db, token: string): Promise<StaffPrincipal | null> {
  if (!token.startsWith(STAFF_TOKEN_PREFIX) || token.length > 200) return null;
  const now = Date.now();
  const params = [
    hashSecret(token),
    new Date(now).toISOString(),
    new Date(now - TOUCH_INTERVAL_MS).toISOString(),
    new Date(now - STAFF_SESSION_IDLE_MS).toISOString(),
  ];
  const [row] = await preparedRows<ResolveRow>(db, "staff_resolve_session", RESOLVE_SQL, params);
  if (!row || !isStaffRole(row.role)) return null;
  const sessionId = Number(row.session_id);
  if (row.stale) await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, sessionId));
  return { id: Number(row.id), username: row.username, displayName: row.display_name, role: row.role, sessionId };
}

export async function revokeStaffSession(db: Db, sessionId: number, byStaffId: number | null): Promise<void> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()`, revokedBy: byStaffId })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  if (rows.length === 0) throw notFound();
}

export async function revokeAllStaffSessions(db: Db, staffId: number, byStaffId: number | null): Promise<number> {
  const rows = await db
    .update(staffSessions)
    .set({ revokedAt: sql`now()`, revokedBy: byStaffId })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return rows.length;
}

/** Live sessions of every staff member (or one), most recently used first. */
export async function listStaffSessions(
  db: Db,
  query: { staffId?: number | undefined; pageNo: number; pageSize: number },
  currentSessionId: number,
): Promise<{ records: StaffSessionRecord[]; total: number; pageNo: number; pageSize: number }> {
  const now = Date.now();
  const where = and(
    isNull(staffSessions.revokedAt),
    gt(staffSessions.expiresAt, new Date(now)),
    gt(staffSessions.lastSeenAt, new Date(now - STAFF_SESSION_IDLE_MS)),
    query.staffId ? eq(staffSessions.staffId, query.staffId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(staffSessions).where(where);
  const rows = await db
    .select({ s: staffSessions, username: staff.username, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(where)
    .orderBy(desc(staffSessions.lastSeenAt), desc(staffSessions.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return {
    records: rows.map(({ s, username, role }) => {
      const idleEnd = new Date(s.lastSeenAt.getTime() + STAFF_SESSION_IDLE_MS);
      return {
        id: s.id,
        staffId: s.staffId,
        username,
        role: isStaffRole(role) ? role : "support",
        device: s.device,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        idleExpiresAt: (idleEnd < s.expiresAt ? idleEnd : s.expiresAt).toISOString(),
        current: s.id === currentSessionId,
      };
    }),
    total: Number(total?.n ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Last request of each staff member (for the staff list). */
export async function lastSeenByStaff(db: Db, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ staffId: staffSessions.staffId, at: sql<string>`max(${staffSessions.lastSeenAt})` })
    .from(staffSessions)
    .where(sql`${staffSessions.staffId} IN (${sql.join(ids, sql`, `)})`)
    .groupBy(staffSessions.staffId);
  return new Map(rows.map((r) => [Number(r.staffId), new Date(r.at)]));
}
