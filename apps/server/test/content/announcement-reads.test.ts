// The seed's /api/sys/annountCement/listByUser: announcements with the customer's own read
// state; opening one while logged in marks it read for that customer only.
import { describe, expect, it } from "vitest";
import { auth, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app } = await setupApp();

async function listByUser(token: string) {
  const res = await app.inject({ method: "GET", url: "/api/sys/annountCement/listByUser", headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { records: Array<{ id: number; title: string; read: boolean }>; total: number };
}

describe("announcements with read state", () => {
  it("marks what this customer opened, and nobody else's", async () => {
    const a = await registerCustomer(app);
    const b = await registerCustomer(app);
    const before = await listByUser(a.token);
    expect(before.records.length).toBeGreaterThan(0);
    expect(before.records.every((r) => r.read === false)).toBe(true);

    const first = before.records[0];
    if (!first) throw new Error("no seeded announcement");
    const opened = await app.inject({
      method: "GET",
      url: `/api/sys/annountCement/detail?id=${first.id}`,
      headers: auth(a.token),
    });
    expect(opened.statusCode).toBe(200);
    // Opening twice is fine; a guest's opening records nothing.
    await app.inject({ method: "GET", url: `/api/sys/annountCement/detail?id=${first.id}`, headers: auth(a.token) });
    await app.inject({ method: "GET", url: `/api/sys/annountCement/detail?id=${first.id}` });

    const after = await listByUser(a.token);
    expect(after.records.find((r) => r.id === first.id)?.read).toBe(true);
    expect(after.records.filter((r) => r.read)).toHaveLength(1);
    expect((await listByUser(b.token)).records.some((r) => r.read)).toBe(false);
  });

  it("needs a login, and bad paging is a 400", async () => {
    expect((await app.inject({ method: "GET", url: "/api/sys/annountCement/listByUser" })).statusCode).toBe(401);
    const c = await registerCustomer(app);
    const bad = await app.inject({
      method: "GET",
      url: "/api/sys/annountCement/listByUser?pageSize=-3",
      headers: auth(c.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
