import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { createSession } from "../src/modules/auth/sessions";
import { setupApp } from "./helper";

const { app, database } = await setupApp();

describe("system endpoints", () => {
  it("reports health once migrations and seed are done", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 200, result: { status: "ok" }, status: "ok" });
  });

  it("says Success in the caller's language", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sys/time", headers: { "x-lang": "zh-cn" } });
    expect(res.json().message).toBe("成功");
    expect(Math.abs(res.json().result.ts - Date.now())).toBeLessThan(5000);
  });

  it("publishes the seeded sys_set and the run mode", async () => {
    const res = await app.inject({ method: "GET", url: "/api/sys/settings/public" });
    expect(res.json().result).toEqual({ sysSet: { isPcLimite: true }, sandbox: true, marketFeed: "sim" });
  });

  it("sends security headers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
  });
});

describe("sessions", () => {
  it("resolves a token to its user, and rejects unknown tokens", async () => {
    const [u] = await database.db.insert(users).values({ username: "alice" }).returning();
    if (!u) throw new Error("no user");
    const token = await createSession(database.db, u.id, "vitest");
    const me = await app.inject({
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      headers: { "x-access-token": token },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({ id: u.id, username: "alice", kycStatus: "none" });
    const bad = await app.inject({
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      headers: { "x-access-token": `${token}x` },
    });
    expect(bad.statusCode).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const rows = await database.query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("OpenAPI document", () => {
  it("is generated from the route schemas", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths["/api/health"]).toBeDefined();
    expect(doc.paths["/api/user/appUser/getMyUserInfo"].get.security).toEqual([{ accessToken: [] }]);
  });

  it("matches the committed packages/contract/openapi.json (run `npm run openapi` after changing routes)", async () => {
    const committed = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../../packages/contract/openapi.json"), "utf8"),
    );
    expect(app.swagger()).toEqual(committed);
  });

  it("serves the docs page", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(res.statusCode);
  });
});
