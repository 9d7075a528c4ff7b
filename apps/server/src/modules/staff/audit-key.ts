// What keeps the audit log honest against its own database, kept outside it: the HMAC key
// (AUDIT_KEY; in sandbox without one, a generated key in AUDIT_DIR/audit.key, owner-only)
// and a signed checkpoint (AUDIT_DIR/checkpoint.json: the log's id, its row count and head
// hash), rewritten after every append and at least hourly, never to a shorter log and never
// over another log's checkpoint. Someone who can rewrite the database can neither forge a
// row's HMAC nor make the checkpoint forget rows they deleted.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db";

export interface AuditKeyring {
  key: Buffer;
  dir: string;
  /** The keyed chain of this database: its id and first keyed row (set at start). */
  chain: { logId: string; hmacFromId: number } | null;
}

export interface Checkpoint {
  logId: string;
  hmacFromId: number;
  count: number;
  headHash: string;
  at: string;
}

const keyrings = new WeakMap<Db, AuditKeyring>();

export function useAuditKeyring(db: Db, keyring: AuditKeyring): void {
  keyrings.set(db, keyring);
}

export function auditKeyring(db: Db): AuditKeyring {
  const keyring = keyrings.get(db);
  if (!keyring) throw new Error("the audit log's key is not set up for this database (staff plugin)");
  return keyring;
}

export const hmacHex = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("hex");

export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The configured key, or (sandbox) the one generated into `dir/audit.key` with owner-only
 * permissions at first start. Several nodes must share AUDIT_KEY.
 */
export function resolveAuditKey(configured: string | undefined, dir: string): Buffer {
  if (configured) return Buffer.from(configured, "utf8");
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, "audit.key");
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const key = fs.readFileSync(file, "utf8").trim();
  if (key.length < 32) throw new Error(`${file}: the audit key is too short`);
  return Buffer.from(key, "utf8");
}

const checkpointFile = (dir: string) => path.join(dir, "checkpoint.json");

const checkpointText = (c: Checkpoint) =>
  `candor-audit-checkpoint\n${c.logId}\n${c.hmacFromId}\n${c.count}\n${c.headHash}\n${c.at}`;

/** The checkpoint on this node: null when none was written yet, "forged" when its signature fails. */
export function readCheckpoint(keyring: AuditKeyring): Checkpoint | "forged" | null {
  let raw: string;
  try {
    raw = fs.readFileSync(checkpointFile(keyring.dir), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(raw) as Checkpoint & { mac: string };
    const c: Checkpoint = {
      logId: String(parsed.logId),
      hmacFromId: Number(parsed.hmacFromId),
      count: Number(parsed.count),
      headHash: String(parsed.headHash),
      at: String(parsed.at),
    };
    return sameHex(hmacHex(keyring.key, checkpointText(c)), String(parsed.mac)) ? c : "forged";
  } catch {
    return "forged";
  }
}

let writing: Promise<unknown> = Promise.resolve();

/**
 * Signs and stores a checkpoint, unless the stored one is of the same log and at least as
 * long, or is another log's (or forged): that one stays as evidence for verification.
 */
export function writeCheckpoint(keyring: AuditKeyring, next: Omit<Checkpoint, "at">): Promise<boolean> {
  const run = writing.then(() => {
    const current = readCheckpoint(keyring);
    if (current === "forged") return false;
    if (current && (current.logId !== next.logId || current.count >= next.count)) return false;
    const c: Checkpoint = { ...next, at: new Date().toISOString() };
    fs.mkdirSync(keyring.dir, { recursive: true, mode: 0o700 });
    const tmp = `${checkpointFile(keyring.dir)}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify({ ...c, mac: hmacHex(keyring.key, checkpointText(c)) }), { mode: 0o600 });
    fs.renameSync(tmp, checkpointFile(keyring.dir));
    return true;
  });
  writing = run.catch(() => undefined);
  return run;
}
