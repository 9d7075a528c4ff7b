// Seeded accounts: an operator (and a sandbox demo customer) with random passwords,
// stored hashed, printed once when created; the printed credentials work.
import { describe, expect, it } from "vitest";
import { DEMO_USERNAME, OPERATOR_USERNAME, seedAccounts } from "../../src/modules/users/seed";
import { createTestDatabase, setupApp } from "../helper";
import { auth, newIp } from "./factory";

describe("seeded accounts", () => {
  it("are created once with random passwords that are printed once and log in", async () => {
    const { app, database } = await setupApp();
    // The template already ran the seed: delete and re-seed to see the first-start output.
    await database.query("DELETE FROM users WHERE username IN ($1, $2)", [OPERATOR_USERNAME, DEMO_USERNAME]);
    const printed: string[] = [];
    const created = await seedAccounts(database.db, { sandbox: true, print: (t) => printed.push(t) });
    expect(created.map((a) => a.username)).toEqual([OPERATOR_USERNAME, DEMO_USERNAME]);
    expect(printed).toHaveLength(1);
    for (const a of created) expect(printed[0]).toContain(a.password);

    const again: string[] = [];
    expect(await seedAccounts(database.db, { sandbox: true, print: (t) => again.push(t) })).toEqual([]);
    expect(again).toEqual([]);

    const rows = await database.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE username = $1",
      [OPERATOR_USERNAME],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    const operator = created.find((a) => a.role === "operator");
    const login = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: OPERATOR_USERNAME, password: operator?.password },
      remoteAddress: newIp(),
    });
    expect(login.statusCode).toBe(200);
    const list = await app.inject({
      method: "GET",
      url: "/api/operator/kyc/list",
      headers: auth(login.json().result.token),
    });
    expect(list.statusCode).toBe(200);
    const demo = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: DEMO_USERNAME, password: created.find((a) => a.role === "customer")?.password },
      remoteAddress: newIp(),
    });
    expect(demo.statusCode).toBe(200);
  });

  it("differ per installation and skip the demo customer outside the sandbox", async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      for (const db of [a, b]) {
        await db.query("DELETE FROM users WHERE username IN ($1, $2)", [OPERATOR_USERNAME, DEMO_USERNAME]);
      }
      const first = await seedAccounts(a.db, { sandbox: false, print: () => {} });
      const second = await seedAccounts(b.db, { sandbox: false, print: () => {} });
      expect(first.map((x) => x.username)).toEqual([OPERATOR_USERNAME]);
      expect(first[0]?.password).not.toBe(second[0]?.password);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
