// Sessions: a token resolves to its customer, an unknown token is refused, and only a hash
// of each token is stored.
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { createSession } from "../../src/lib/sessions";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

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
