// Sessions: a random 256-bit token goes to the client once; only its SHA-256 hash is
// stored. Expiry slides (every use pushes it 30 days ahead) but never past the absolute
// lifetime: 30 days after the login, whatever the use, the customer logs in again.
// Shared infrastructure (the auth plugin resolves every request's session with it; the auth
// module logs in and out with it), so it sits below both and imports neither.
import { createHash, randomBytes } from "node:crypto";
import type { SessionInfo } from "@candor/contract";
import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { type Db, preparedRows } from "../db";
import { sessions } from "../db/schema";

/** Sliding (idle) lifetime: unused this long, a session ends. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime from the login (OWASP ASVS 3.3.2): a session kept in use ends too. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const ABSOLUTE = sql.raw(`interval '${SESSION_ABSOLUTE_TTL_MS} milliseconds'`);
/** The sliding expiry from now, capped at the absolute end (for UPDATE sessions). */
const slidExpiry = () =>
  sql`LEAST(${new Date(Date.now() + SESSION_TTL_MS).toISOString()}::timestamptz, ${sessions.createdAt} + ${ABSOLUTE})`;
/** Sessions still inside their absolute lifetime. */
const withinLifetime = () => gt(sessions.createdAt, new Date(Date.now() - SESSION_ABSOLUTE_TTL_MS));
/** Don't write last-seen more often than this (each request would otherwise write). */
const TOUCH_INTERVAL_MS = 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface SessionUser {
  id: number;
  username: string;
  role: string;
  sessionId: number;
}

export async function createSession(db: Db, userId: number, device = ""): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    device: device.slice(0, 200),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

// The session lookup runs on every authenticated request: one prepared statement, its
// text built once (no query builder per request).
const RESOLVE_SQL = `SELECT u.id, u.username, u.role, s.id AS session_id, s.last_seen_at < $3 AS stale
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.created_at > $4
  LIMIT 1`;

interface ResolveRow {
  id: number | string;
  username: string;
  role: string;
  session_id: number | string;
  stale: boolean;
}

export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const now = Date.now();
  const params = [
    hashToken(token),
    new Date(now).toISOString(),
    new Date(now - TOUCH_INTERVAL_MS).toISOString(),
    new Date(now - SESSION_ABSOLUTE_TTL_MS).toISOString(),
  ];
  const [row] = await preparedRows<ResolveRow>(db, "auth_resolve_session", RESOLVE_SQL, params);
  if (!row) return null;
  const sessionId = Number(row.session_id);
  if (row.stale) await touchSession(db, sessionId);
  return { id: Number(row.id), username: row.username, role: row.role, sessionId };
}

/** Heartbeat: update last-seen and slide the expiry. */
export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()`, expiresAt: slidExpiry() }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Every session of a customer (password reset by code). */
export async function revokeAllSessions(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Revoke one of the caller's own sessions; someone else's (or a dead one) is not found. */
export async function revokeUserSession(db: Db, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** The caller's live sessions, most recently used first. */
export async function listSessions(db: Db, userId: number, currentSessionId: number): Promise<SessionInfo[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        withinLifetime(),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Activity heartbeat: last-seen (and the sliding expiry) only. */
export async function reportActivity(db: Db, sessionId: number): Promise<Date> {
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt: slidExpiry() })
    .where(eq(sessions.id, sessionId))
    .returning({ lastSeenAt: sessions.lastSeenAt });
  return row?.lastSeenAt ?? new Date();
}

/**
 * Users (of `userIds`) with a live session used since `since` (any request or the
 * activity heartbeat moves last-seen): "online" for support chat. Nothing else is kept.
 */
export async function activeUsersSince(db: Db, userIds: number[], since: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        inArray(sessions.userId, userIds),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, since),
        gt(sessions.expiresAt, new Date()),
        withinLifetime(),
      ),
    );
  return new Set(rows.map((r) => Number(r.userId)));
}
