// Attacks on the staff audit log by someone who controls its database (a superuser can
// switch the append-only triggers off): rewrite a row and recompute the plain SHA-256 chain
// after it, delete a row, cut the tail off, empty the table. Rows are chained with an HMAC
// whose key (AUDIT_KEY) the database never sees, and a signed checkpoint (count + head
// hash) outside the database remembers how long the log was. Each attack gets a database
// of its own (a tampered log stays broken).
import { createHash } from "node:crypto";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffAuditLog } from "../../src/db/schema";
import { canonicalJson } from "../../src/modules/staff/audit";
import { auth, createStaffMember } from "../factory";
import { setupApp, type TestContext } from "../helper";

interface Log {
  ctx: TestContext;
  admin: string;
}

async function newLog(): Promise<Log> {
  const ctx = await setupApp();
  const admin = await createStaffMember(ctx.app, ctx.database, "admin");
  // A few audited actions.
  for (let i = 0; i < 4; i++) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/operator/staff/create",
      headers: auth(admin.token),
      payload: { username: `tamper.${Date.now().toString(36)}${i}`, role: "support", password: "Agent-pass-123" },
    });
    expect(res.statusCode).toBe(200);
  }
  return { ctx, admin: admin.token };
}

const [rewrite, middle, tail, emptied] = [await newLog(), await newLog(), await newLog(), await newLog()];

async function verify(log: Log) {
  const res = await log.ctx.app.inject({ method: "GET", url: "/api/operator/audit/verify", headers: auth(log.admin) });
  expect(res.statusCode).toBe(200);
  return res.json().result as { valid: boolean; checked: number; brokenAtId: number | null; reason: string | null };
}

/** What an attacker with the database runs: guards off, `sql`, guards on. */
const behindTheBack = (log: Log, sql: string) =>
  log.ctx.database.exec(
    `ALTER TABLE staff_audit_log DISABLE TRIGGER USER; ${sql}; ALTER TABLE staff_audit_log ENABLE TRIGGER USER;`,
  );

const headId = async (log: Log) =>
  Number((await log.ctx.database.query<{ id: number | string }>("SELECT max(id) AS id FROM staff_audit_log"))[0]?.id);

/** Recomputes every hash from `fromId` on as the plain SHA-256 chain does (no key needed). */
async function recomputePlainChain(log: Log, fromId: number) {
  const rows = await log.ctx.database.db.select().from(staffAuditLog).orderBy(asc(staffAuditLog.id));
  let prev = rows.find((r) => r.id === fromId - 1)?.hash ?? "0".repeat(64);
  for (const row of rows.filter((r) => r.id >= fromId)) {
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
    const hash = createHash("sha256").update(`${prev}\n${content}`).digest("hex");
    await behindTheBack(log, `UPDATE staff_audit_log SET prev_hash = '${prev}', hash = '${hash}' WHERE id = ${row.id}`);
    prev = hash;
  }
}

describe("the audit log against its own database", () => {
  it("a row rewritten with the chain after it recomputed is detected", async () => {
    expect((await verify(rewrite)).valid).toBe(true);
    const target = (await headId(rewrite)) - 1;
    await behindTheBack(rewrite, `UPDATE staff_audit_log SET username = 'somebody-else' WHERE id = ${target}`);
    await recomputePlainChain(rewrite, target);
    expect(await verify(rewrite)).toMatchObject({ valid: false, brokenAtId: target });
  });

  it("a deleted row is detected, even with the later rows renumbered and rechained", async () => {
    expect((await verify(middle)).valid).toBe(true);
    const head = await headId(middle);
    const target = head - 2;
    await behindTheBack(middle, `DELETE FROM staff_audit_log WHERE id = ${target}`);
    for (let id = target + 1; id <= head; id++) {
      await behindTheBack(middle, `UPDATE staff_audit_log SET id = ${id - 1} WHERE id = ${id}`);
    }
    await recomputePlainChain(middle, target);
    expect(await verify(middle)).toMatchObject({ valid: false, brokenAtId: target });
  });

  it("a truncated tail is detected (the signed checkpoint knows the log was longer)", async () => {
    expect((await verify(tail)).valid).toBe(true);
    const head = await headId(tail);
    await behindTheBack(tail, `DELETE FROM staff_audit_log WHERE id > ${head - 2}`);
    const v = await verify(tail);
    expect(v.valid).toBe(false);
    expect(v.reason).toMatch(/checkpoint/);
  });

  it("an emptied log is detected", async () => {
    expect((await verify(emptied)).valid).toBe(true);
    await behindTheBack(emptied, "TRUNCATE staff_audit_log");
    const v = await verify(emptied);
    expect(v.valid).toBe(false);
    expect(v.reason).toMatch(/checkpoint/);
  });
});
