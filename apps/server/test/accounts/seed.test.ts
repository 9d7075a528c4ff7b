// Seeded accounts: the console's admin (staff) and a sandbox demo customer, with random
// passwords, stored hashed, printed once when created; the printed credentials work.
import { describe, expect, it } from "vitest";
import { SEEDED_ADMIN_USERNAME, seedAdmin } from "../../src/modules/staff/service";
import { DEMO_USERNAME, seedAccounts } from "../../src/modules/users/seed";
import { newIp, staffPasswordStep } from "../factory";
import { createTestDatabase, setupApp } from "../helper";

describe("seeded accounts", () => {
  it("are created once with random passwords that are printed once and log in", async () => {
    const { app, database } = await setupApp();
    // The template already ran the seed: delete and re-seed to see the first-start output.
    await database.query("DELETE FROM users WHERE username = $1", [DEMO_USERNAME]);
    await database.query("DELETE FROM staff WHERE username = $1", [SEEDED_ADMIN_USERNAME]);
    const printed: string[] = [];
    await seedAdmin(database.db, (t) => printed.push(t));
    const created = await seedAccounts(database.db, { sandbox: true, print: (t) => printed.push(t) });
    expect(created.map((a) => a.username)).toEqual([DEMO_USERNAME]);
    expect(printed).toHaveLength(2);
    const adminPassword = /login: operator {2}password: (\S+)/.exec(printed[0] ?? "")?.[1];
    expect(adminPassword).toBeDefined();
    expect(printed[1]).toContain(created[0]?.password);

    const again: string[] = [];
    await seedAdmin(database.db, (t) => again.push(t));
    expect(await seedAccounts(database.db, { sandbox: true, print: (t) => again.push(t) })).toEqual([]);
    expect(again).toEqual([]);

    const rows = await database.query<{ password_hash: string; role: string }>(
      "SELECT password_hash, role FROM staff WHERE username = $1",
      [SEEDED_ADMIN_USERNAME],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.role).toBe("admin");
    // The printed password opens the console's first step; the authenticator is enrolled next.
    const step = await staffPasswordStep(app, SEEDED_ADMIN_USERNAME, adminPassword);
    expect(step.totpEnrolled).toBe(false);
    expect(step.totpSecret).toMatch(/^[A-Z2-7]+$/);
    // Staff are not customers: the customer login does not know the admin.
    const asCustomer = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: SEEDED_ADMIN_USERNAME, password: adminPassword },
      remoteAddress: newIp(),
    });
    expect(asCustomer.statusCode).toBe(401);
    const demo = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: DEMO_USERNAME, password: created[0]?.password },
      remoteAddress: newIp(),
    });
    expect(demo.statusCode).toBe(200);
  });

  it("differ per installation and skip the demo customer outside the sandbox", async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      const printed: string[][] = [[], []];
      for (const [i, db] of [a, b].entries()) {
        await db.query("DELETE FROM users WHERE username = $1", [DEMO_USERNAME]);
        await db.query("DELETE FROM staff WHERE username = $1", [SEEDED_ADMIN_USERNAME]);
        await seedAdmin(db.db, (t) => printed[i]?.push(t));
        expect(await seedAccounts(db.db, { sandbox: false, print: () => {} })).toEqual([]);
      }
      expect(printed[0]?.[0]).toBeDefined();
      expect(printed[0]?.[0]).not.toBe(printed[1]?.[0]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
