// The staff audit log: every staff action (who, when, what, before/after), append-only
// (the database refuses UPDATE, DELETE and TRUNCATE) and hash-chained: each row stores
// the previous row's hash and its own, SHA-256 over the previous hash and its content.
// Appends are serialised by a table lock, so the chain never forks.
import { createHash } from "node:crypto";
import type { AuditRecord, AuditVerification } from "@candor/contract";
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { staffAuditLog } from "../../db/schema";

export const GENESIS_HASH = "0".repeat(64);
const VERIFY_BATCH = 500;
/** Request fields never written to the log. */
const SECRET_FIELDS =
  /^(password|newPassword|oldPassword|withdrawalPassword|secret|totpSecret|otpauthUrl|token|ticket)$/;

export interface AuditEntry {
  staffId: number | null;
  username: string;
  role: string;
  action: string;
  targetType?: string | undefined;
  targetId?: string | number | undefined;
  before?: unknown;
  after?: unknown;
  ip?: string | undefined;
}

/** JSON with object keys sorted at every level: the same value always hashes the same (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** A plain JSON copy without secrets (passwords, codes, tokens), as stored. */
export function auditValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(
    JSON.stringify(value, (key, v) => (key && SECRET_FIELDS.test(key) && typeof v !== "object" ? "[redacted]" : v)),
  );
}

interface HashedFields {
  id: number;
  staffId: number | null;
  username: string;
  role: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
  createdAt: Date;
}

export function rowHash(prevHash: string, row: HashedFields): string {
  const content = canonicalJson({
    id: row.id,
    staffId: row.staffId,
    username: row.username,
    role: row.role,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  });
  return createHash("sha256").update(`${prevHash}\n${content}`).digest("hex");
}

export async function appendAudit(db: Db, entry: AuditEntry): Promise<{ id: number; hash: string }> {
  return db.transaction(async (tx) => {
    // One appender at a time (SHARE ROW EXCLUSIVE conflicts with itself, not with readers).
    await tx.execute(sql`LOCK TABLE staff_audit_log IN SHARE ROW EXCLUSIVE MODE`);
    const [last] = await tx
      .select({ id: staffAuditLog.id, hash: staffAuditLog.hash })
      .from(staffAuditLog)
      .orderBy(desc(staffAuditLog.id))
      .limit(1);
    const fields: HashedFields = {
      id: (last?.id ?? 0) + 1,
      staffId: entry.staffId,
      username: entry.username,
      role: entry.role,
      action: entry.action.slice(0, 200),
      targetType: (entry.targetType ?? "").slice(0, 50),
      targetId: String(entry.targetId ?? "").slice(0, 50),
      before: auditValue(entry.before),
      after: auditValue(entry.after),
      ip: (entry.ip ?? "").slice(0, 64),
      // Millisecond precision: what is hashed is exactly what reads back.
      createdAt: new Date(Math.floor(Date.now())),
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    const hash = rowHash(prevHash, fields);
    await tx.insert(staffAuditLog).values({ ...fields, prevHash, hash });
    return { id: fields.id, hash };
  });
}

type AuditRow = typeof staffAuditLog.$inferSelect;

const toRecord = (r: AuditRow): AuditRecord => ({
  id: r.id,
  staffId: r.staffId,
  username: r.username,
  role: r.role,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  before: r.before ?? null,
  after: r.after ?? null,
  ip: r.ip,
  createdAt: r.createdAt.toISOString(),
  prevHash: r.prevHash,
  hash: r.hash,
});

export async function listAudit(
  db: Db,
  query: {
    staffId?: number | undefined;
    action?: string | undefined;
    targetType?: string | undefined;
    targetId?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const where = and(
    query.staffId ? eq(staffAuditLog.staffId, query.staffId) : undefined,
    query.action ? sql`${staffAuditLog.action} ILIKE ${`%${query.action}%`}` : undefined,
    query.targetType ? eq(staffAuditLog.targetType, query.targetType) : undefined,
    query.targetId ? eq(staffAuditLog.targetId, query.targetId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(staffAuditLog).where(where);
  const rows = await db
    .select()
    .from(staffAuditLog)
    .where(where)
    .orderBy(desc(staffAuditLog.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { records: rows.map(toRecord), total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Walk the whole chain: ids without gaps, each row linked to the previous hash and hashing to its own. */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  let prevHash = GENESIS_HASH;
  let expectedId = 1;
  let checked = 0;
  const result = (brokenAtId: number | null, reason: string | null): AuditVerification => ({
    valid: brokenAtId === null,
    checked,
    brokenAtId,
    reason,
    verifiedAt: new Date().toISOString(),
  });
  for (;;) {
    const rows = await db
      .select()
      .from(staffAuditLog)
      .where(gt(staffAuditLog.id, expectedId - 1))
      .orderBy(asc(staffAuditLog.id))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      if (row.id !== expectedId) return result(expectedId, "missing row");
      if (row.prevHash !== prevHash) return result(row.id, "previous hash does not match");
      if (rowHash(prevHash, row) !== row.hash) return result(row.id, "content does not match its hash");
      prevHash = row.hash;
      expectedId += 1;
      checked += 1;
    }
    if (rows.length < VERIFY_BATCH) return result(null, null);
  }
}
