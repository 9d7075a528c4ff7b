// Rows written before migration 0031 were chained with plain SHA-256. After the upgrade they
// are verified as before (the legacy prefix) and the keyed chain starts at a recorded row
// whose HMAC covers the legacy head: rewriting the legacy rows, even with their plain chain
// recomputed, is detected there.
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/db";
import { GENESIS_HASH, plainRowHash } from "../../src/modules/staff/audit";
import { auth, createStaffMember } from "../factory";
import { upgradedApp } from "./upgraded-database";

async function writeLegacyRows(db: Database, n: number) {
  let prev = GENESIS_HASH;
  for (let id = 1; id <= n; id++) {
    const row = {
      id,
      staffId: null,
      username: "legacy",
      role: "admin",
      action: `legacy.${id}`,
      targetType: "",
      targetId: "",
      before: null,
      after: { n: id },
      ip: "",
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, id)),
    };
    const hash = plainRowHash(prev, row);
    await db.query(
      `INSERT INTO staff_audit_log (id, username, role, action, after, created_at, prev_hash, hash)
       VALUES ($1, 'legacy', 'admin', $2, $3, $4, $5, $6)`,
      [id, row.action, JSON.stringify(row.after), row.createdAt.toISOString(), prev, hash],
    );
    prev = hash;
  }
}

const { app, database } = await upgradedApp("0031", (db) => writeLegacyRows(db, 3));

describe("an audit log from before the keyed chain", () => {
  it("verifies the legacy prefix as before and the rest with the key", async () => {
    const admin = await createStaffMember(app, database, "admin");
    const [start] = await database.query<{ id: number | string; prev_hash: string }>(
      "SELECT id, prev_hash FROM staff_audit_log WHERE action = 'audit.keyedChainStart'",
    );
    expect(Number(start?.id)).toBe(4);
    const verify = async () =>
      (await app.inject({ method: "GET", url: "/api/operator/audit/verify", headers: auth(admin.token) })).json()
        .result;
    expect(await verify()).toMatchObject({ valid: true });

    // The attacker rewrites a legacy row and recomputes the plain chain up to the start row.
    await database.exec(`ALTER TABLE staff_audit_log DISABLE TRIGGER USER;
      UPDATE staff_audit_log SET after = '{"n": 99}' WHERE id = 2;
      ALTER TABLE staff_audit_log ENABLE TRIGGER USER;`);
    const rows = await database.query<{ id: number | string; after: unknown; created_at: Date | string }>(
      "SELECT id, after, created_at FROM staff_audit_log WHERE id <= 3 ORDER BY id",
    );
    let prev = GENESIS_HASH;
    for (const r of rows) {
      const hash = plainRowHash(prev, {
        id: Number(r.id),
        staffId: null,
        username: "legacy",
        role: "admin",
        action: `legacy.${Number(r.id)}`,
        targetType: "",
        targetId: "",
        before: null,
        after: r.after,
        ip: "",
        createdAt: new Date(r.created_at),
      });
      await database.exec(`ALTER TABLE staff_audit_log DISABLE TRIGGER USER;
        UPDATE staff_audit_log SET prev_hash = '${prev}', hash = '${hash}' WHERE id = ${Number(r.id)};
        ALTER TABLE staff_audit_log ENABLE TRIGGER USER;`);
      prev = hash;
    }
    await database.exec(`ALTER TABLE staff_audit_log DISABLE TRIGGER USER;
      UPDATE staff_audit_log SET prev_hash = '${prev}' WHERE id = 4;
      ALTER TABLE staff_audit_log ENABLE TRIGGER USER;`);
    expect(await verify()).toMatchObject({ valid: false, brokenAtId: 4 });
  });
});
