// The staff audit log: every staff change is written with who, what, before and after;
// rows are chained by hash; the database refuses UPDATE, DELETE and TRUNCATE; the verify
// endpoint finds a row changed behind the database's back; parallel appends never fork.
import { describe, expect, it } from "vitest";
import { appendAudit, verifyAuditChain } from "../../src/modules/staff/service";
import { auth, createStaffMember } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const admin = await createStaffMember(app, database, "admin");

async function post(url: string, payload: object) {
  return app.inject({ method: "POST", url, headers: auth(admin.token), payload });
}

async function verify() {
  const res = await app.inject({ method: "GET", url: "/api/operator/audit/verify", headers: auth(admin.token) });
  expect(res.statusCode).toBe(200);
  return res.json().result as { valid: boolean; checked: number; brokenAtId: number | null; reason: string | null };
}

describe("staff audit log", () => {
  it("records each staff change with who, what, before and after (never a password)", async () => {
    const created = await post("/api/operator/staff/create", {
      username: "agent.audit",
      role: "support",
      password: "Agent-pass-123",
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().result.id as number;
    expect((await post("/api/operator/staff/update", { id, role: "compliance" })).statusCode).toBe(200);
    // A refused change (unknown id) writes nothing.
    expect((await post("/api/operator/staff/update", { id: 999_999, role: "finance" })).statusCode).toBe(404);

    const list = await app.inject({
      method: "GET",
      url: "/api/operator/audit/list?targetType=staff&pageSize=10",
      headers: auth(admin.token),
    });
    const records = list.json().result.records as Array<Record<string, unknown>>;
    const update = records.find((r) => r.action === "staff.update");
    const create = records.find((r) => r.action === "staff.create");
    expect(update).toMatchObject({
      staffId: admin.id,
      username: admin.username,
      role: "admin",
      targetId: String(id),
      before: expect.objectContaining({ role: "support" }),
      after: expect.objectContaining({ result: expect.objectContaining({ role: "compliance" }) }),
    });
    expect(JSON.stringify(create)).not.toContain("Agent-pass-123");
    expect(JSON.stringify(create)).toContain("[redacted]");
    expect(records.some((r) => JSON.stringify(r).includes("999999"))).toBe(false);
    // Logins are audited too.
    expect(records.some((r) => r.action === "login" && r.staffId === admin.id)).toBe(true);
    const v = await verify();
    expect(v).toMatchObject({ valid: true, brokenAtId: null });
    expect(v.checked).toBeGreaterThanOrEqual(3);
  });

  it("chains every row to the previous one", async () => {
    const rows = await database.query<{ id: number | string; prev_hash: string; hash: string }>(
      "SELECT id, prev_hash, hash FROM staff_audit_log ORDER BY id",
    );
    expect(rows[0]?.prev_hash).toBe("0".repeat(64));
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prev_hash).toBe(rows[i - 1]?.hash);
  });

  it("cannot be changed or deleted through the database", async () => {
    await expect(database.query("UPDATE staff_audit_log SET action = 'nothing' WHERE id = 1")).rejects.toThrow(
      /append-only/,
    );
    await expect(database.query("DELETE FROM staff_audit_log WHERE id = 1")).rejects.toThrow(/append-only/);
    await expect(database.query("TRUNCATE staff_audit_log CASCADE")).rejects.toThrow(/append-only/);
    expect((await verify()).valid).toBe(true);
  });

  it("stays one chain under parallel appends", async () => {
    const before = (await verify()).checked;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        appendAudit(database.db, { staffId: admin.id, username: admin.username, role: "admin", action: `test.${i}` }),
      ),
    );
    const v = await verifyAuditChain(database.db);
    expect(v).toMatchObject({ valid: true, checked: before + 20 });
  });

  it("verification finds a row changed behind the database's back", async () => {
    // Only a superuser can switch the guard off: what an attacker with the database would do.
    await database.exec(`ALTER TABLE staff_audit_log DISABLE TRIGGER staff_audit_log_no_update_delete;
      UPDATE staff_audit_log SET after = '{"result":{"role":"admin"}}' WHERE id = 2;
      ALTER TABLE staff_audit_log ENABLE TRIGGER staff_audit_log_no_update_delete;`);
    expect(await verify()).toMatchObject({ valid: false, brokenAtId: 2, reason: "content does not match its hash" });
  });
});
