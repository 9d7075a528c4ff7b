// The staff audit log: every staff action (who, when, what, before/after), append-only
// (the database refuses UPDATE, DELETE and TRUNCATE) and hash-chained: each row stores
// the previous row's hash and its own, an HMAC (key outside the database, audit-key.ts)
// over the previous hash and its content; rows from before migration 0031 keep their plain
// SHA-256 (the legacy prefix) and the keyed start row binds their head. A signed checkpoint
// outside the database catches a deleted tail. Appends are serialised by a table lock.
import { createHash, randomBytes } from "node:crypto";
import type { AuditRecord, AuditVerification } from "@candor/contract";
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { staffAuditLog } from "../../db/schema";
import { auditKeyring, hmacHex, readCheckpoint, sameHex, writeCheckpoint } from "./audit-key";

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

const rowContent = (row: HashedFields) =>
  canonicalJson({
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

/** Rows written before migration 0031 (the legacy prefix): plain SHA-256, which anyone can recompute. */
export const plainRowHash = (prevHash: string, row: HashedFields): string =>
  createHash("sha256")
    .update(`${prevHash}\n${rowContent(row)}`)
    .digest("hex");

/** Rows from the keyed start row on: HMAC-SHA-256 with the key the database never sees. */
export const keyedRowHash = (key: Buffer, prevHash: string, row: HashedFields): string =>
  hmacHex(key, `${prevHash}\n${rowContent(row)}`);

/** The row that starts the keyed chain: everything before it is the legacy prefix. */
export const KEYED_START_ACTION = "audit.keyedChainStart";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Appends one row under the table lock (SHARE ROW EXCLUSIVE conflicts with itself, not with readers). */
async function insertRow(tx: Tx, key: Buffer, entry: AuditEntry): Promise<{ id: number; hash: string }> {
  await tx.execute(sql`LOCK TABLE staff_audit_log IN SHARE ROW EXCLUSIVE MODE`);
  const [last] = await tx
    .select({ id: staffAuditLog.id, hash: staffAuditLog.hash })
    .from(staffAuditLog)
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  const fields: HashedFields = {
    id: (last?.id ?? 0) + 1,
    staffId: entry.staffId,
    username: entry.username.slice(0, 200),
    role: entry.role.slice(0, 50),
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
  const hash = keyedRowHash(key, prevHash, fields);
  await tx.insert(staffAuditLog).values({ ...fields, prevHash, hash });
  return { id: fields.id, hash };
}

const starting = new WeakMap<Db, Promise<{ logId: string; hmacFromId: number }>>();

/**
 * The keyed chain of this database: its start row, written once (at the first start after
 * migration 0031, or on a new database) with a new log id; the rows before it keep their
 * plain hashes and are bound by its keyed hash of their head.
 */
export function startKeyedChain(db: Db): Promise<{ logId: string; hmacFromId: number }> {
  const keyring = auditKeyring(db);
  if (keyring.chain) return Promise.resolve(keyring.chain);
  let started = starting.get(db);
  if (!started) {
    started = (async () => {
      const chain = await db.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE staff_audit_log IN SHARE ROW EXCLUSIVE MODE`);
        const [found] = await tx
          .select({ id: staffAuditLog.id, after: staffAuditLog.after })
          .from(staffAuditLog)
          .where(eq(staffAuditLog.action, KEYED_START_ACTION))
          .orderBy(asc(staffAuditLog.id))
          .limit(1);
        const foundLogId = (found?.after as { logId?: unknown } | null)?.logId;
        if (found && typeof foundLogId === "string") return { logId: foundLogId, hmacFromId: found.id, hash: null };
        const [head] = await tx
          .select({ id: staffAuditLog.id, hash: staffAuditLog.hash })
          .from(staffAuditLog)
          .orderBy(desc(staffAuditLog.id))
          .limit(1);
        const logId = randomBytes(16).toString("hex");
        const row = await insertRow(tx, keyring.key, {
          staffId: null,
          username: "system",
          role: "system",
          action: KEYED_START_ACTION,
          targetType: "audit",
          after: { logId, legacyRows: head?.id ?? 0, legacyHeadHash: head?.hash ?? GENESIS_HASH },
        });
        return { logId, hmacFromId: row.id, hash: row.hash };
      });
      keyring.chain = { logId: chain.logId, hmacFromId: chain.hmacFromId };
      if (chain.hash) {
        await writeCheckpoint(keyring, { ...keyring.chain, count: chain.hmacFromId, headHash: chain.hash });
      }
      return keyring.chain;
    })();
    starting.set(db, started);
    started.catch(() => starting.delete(db));
  }
  return started;
}

export async function appendAudit(db: Db, entry: AuditEntry): Promise<{ id: number; hash: string }> {
  const keyring = auditKeyring(db);
  const chain = await startKeyedChain(db);
  const row = await db.transaction((tx) => insertRow(tx, keyring.key, entry));
  await writeCheckpoint(keyring, { ...chain, count: row.id, headHash: row.hash });
  return row;
}

/**
 * Signs the database's current head (hourly, and at start): only a head whose keyed hash
 * holds is signed, and a checkpoint never shrinks (writeCheckpoint).
 */
export async function checkpointAudit(db: Db): Promise<boolean> {
  const keyring = auditKeyring(db);
  const chain = await startKeyedChain(db);
  const [head] = await db.select().from(staffAuditLog).orderBy(desc(staffAuditLog.id)).limit(1);
  if (!head || head.id < chain.hmacFromId || keyedRowHash(keyring.key, head.prevHash, head) !== head.hash) return false;
  return writeCheckpoint(keyring, { ...chain, count: head.id, headHash: head.hash });
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

/**
 * Walk the whole chain: ids without gaps, each row linked to the previous hash and hashing
 * to its own — plain SHA-256 up to the keyed start row, HMAC from it on — and the signed
 * checkpoint: the log it names, at least as many rows, the same hash at its head.
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  const keyring = auditKeyring(db);
  const checkpoint = readCheckpoint(keyring);
  let prevHash = GENESIS_HASH;
  let expectedId = 1;
  let checked = 0;
  let keyed: { logId: string; hmacFromId: number } | null = null;
  const result = (brokenAtId: number | null, reason: string | null): AuditVerification => ({
    valid: reason === null,
    checked,
    brokenAtId,
    reason,
    verifiedAt: new Date().toISOString(),
  });
  if (checkpoint === "forged") return result(null, "the checkpoint's signature does not match");
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
      const keyedHash = keyedRowHash(keyring.key, prevHash, row);
      if (!keyed && row.action === KEYED_START_ACTION && sameHex(keyedHash, row.hash)) {
        const logId = (row.after as { logId?: unknown } | null)?.logId;
        keyed = { logId: typeof logId === "string" ? logId : "", hmacFromId: row.id };
      }
      if (!sameHex(keyed ? keyedHash : plainRowHash(prevHash, row), row.hash)) {
        return result(row.id, "content does not match its hash");
      }
      if (checkpoint && row.id === checkpoint.count && row.hash !== checkpoint.headHash) {
        return result(row.id, "the row at the signed checkpoint does not match it");
      }
      prevHash = row.hash;
      expectedId += 1;
      checked += 1;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  if (checkpoint) {
    if (!keyed || keyed.logId !== checkpoint.logId || keyed.hmacFromId !== checkpoint.hmacFromId) {
      return result(null, "the signed checkpoint belongs to another log: this one was replaced or emptied");
    }
    if (checked < checkpoint.count) {
      return result(checked + 1, `rows missing at the end: the signed checkpoint counted ${checkpoint.count}`);
    }
  } else if (checked > 0 && !keyed) {
    return result(null, "no keyed start row and no checkpoint");
  }
  return result(null, null);
}
