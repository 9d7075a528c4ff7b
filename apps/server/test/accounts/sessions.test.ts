// Sessions: hashed random tokens, sliding expiry, list and revoke, logout, heartbeat,
// and a login password change ending the other sessions.
import { describe, expect, it } from "vitest";
import { hashToken, SESSION_ABSOLUTE_TTL_MS, SESSION_TTL_MS } from "../../src/lib/sessions";
import { auth, newIp, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

const login = async (account: string, password = PASSWORD, ua = "test-agent") => {
  const res = await app.inject({
    method: "POST",
    url: "/api/app/login",
    payload: { account, password },
    remoteAddress: newIp(),
    headers: { "user-agent": ua },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.token as string;
};
const me = (token: string) =>
  app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(token) });
const sessions = async (token: string) =>
  (await app.inject({ method: "GET", url: "/api/user/appUser/sessions", headers: auth(token) })).json()
    .result as Array<{
    id: number;
    device: string;
    current: boolean;
    lastSeenAt: string;
  }>;

describe("sessions", () => {
  it("issue 256-bit random tokens and store only their hash", async () => {
    const c = await registerCustomer(app);
    expect(Buffer.from(c.token, "base64url").length).toBeGreaterThanOrEqual(16);
    const rows = await database.query<{ token_hash: string }>("SELECT token_hash FROM sessions WHERE user_id = $1", [
      c.id,
    ]);
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(c.token));
    expect(rows.map((r) => r.token_hash)).not.toContain(c.token);
  });

  it("list my sessions with device and last seen, marking the current one", async () => {
    const c = await registerCustomer(app);
    const phone = await login(c.email, PASSWORD, "Phone Browser");
    const list = await sessions(phone);
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.device).toBe("Phone Browser");
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(Date.parse(list[0]?.lastSeenAt ?? "")).not.toBeNaN();
  });

  it("revoke one of mine; someone else's session is not found", async () => {
    const c = await registerCustomer(app);
    const other = await registerCustomer(app);
    const second = await login(c.email);
    const secondId = (await sessions(second)).find((s) => s.current)?.id;
    const otherId = (await sessions(other.token)).find((s) => s.current)?.id;

    const foreign = await app.inject({
      method: "POST",
      url: "/api/user/appUser/revokeSession",
      headers: auth(c.token),
      payload: { id: otherId },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(other.token)).statusCode).toBe(200);

    const res = await app.inject({
      method: "POST",
      url: "/api/user/appUser/revokeSession",
      headers: auth(c.token),
      payload: { id: secondId },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
  });

  it("revoke all others", async () => {
    const c = await registerCustomer(app);
    const a = await login(c.email);
    const b = await login(c.email);
    const res = await app.inject({ method: "POST", url: "/api/user/appUser/revokeOtherSessions", headers: auth(a) });
    expect(res.json().result).toEqual({ revoked: 2 });
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(401);
  });

  it("logout ends the current session only", async () => {
    const c = await registerCustomer(app);
    const other = await login(c.email);
    const res = await app.inject({ method: "POST", url: "/api/user/appUser/logout", headers: auth(c.token) });
    expect(res.statusCode).toBe(200);
    expect((await me(c.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("a login password change ends the other sessions and keeps this one", async () => {
    const c = await registerCustomer(app);
    const other = await login(c.email);
    const res = await app.inject({
      method: "POST",
      url: "/api/user/appUser/changePassword",
      headers: auth(c.token),
      payload: { kind: "login", oldPassword: PASSWORD, newPassword: "Changed789" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ revokedSessions: 1 });
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
  });

  it("heartbeat updates last seen and slides the expiry", async () => {
    const c = await registerCustomer(app);
    await database.query(
      "UPDATE sessions SET last_seen_at = now() - interval '2 days', expires_at = now() + interval '1 day' WHERE user_id = $1",
      [c.id],
    );
    const res = await app.inject({ method: "POST", url: "/api/user/appUser/activeReport", headers: auth(c.token) });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - Date.parse(res.json().result.lastSeenAt)).toBeLessThan(60_000);
    const [row] = await database.query<{ expires_at: Date }>("SELECT expires_at FROM sessions WHERE user_id = $1", [
      c.id,
    ]);
    expect(new Date(row?.expires_at ?? 0).getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it("a stolen session kept in use ends 30 days after login (absolute lifetime)", async () => {
    const c = await registerCustomer(app);
    // Used every day: the sliding expiry is far ahead, but the login was 30 days ago.
    await database.query(
      "UPDATE sessions SET created_at = now() - interval '30 days 1 minute', last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '29 days' WHERE user_id = $1",
      [c.id],
    );
    expect((await me(c.token)).statusCode).toBe(401);
    const listed = await database.query<{ n: string }>(
      "SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND expires_at > now() AND created_at > now() - interval '30 days'",
      [c.id],
    );
    expect(Number(listed[0]?.n)).toBe(0);
  });

  it("the heartbeat never slides a session past 30 days from its login", async () => {
    const c = await registerCustomer(app);
    await database.query(
      "UPDATE sessions SET created_at = now() - interval '29 days', last_seen_at = now() - interval '2 days' WHERE user_id = $1",
      [c.id],
    );
    const res = await app.inject({ method: "POST", url: "/api/user/appUser/activeReport", headers: auth(c.token) });
    expect(res.statusCode).toBe(200);
    const [row] = await database.query<{ expires_at: Date; created_at: Date }>(
      "SELECT expires_at, created_at FROM sessions WHERE user_id = $1",
      [c.id],
    );
    const absoluteEnd = new Date(row?.created_at ?? 0).getTime() + SESSION_ABSOLUTE_TTL_MS;
    expect(new Date(row?.expires_at ?? 0).getTime()).toBeLessThanOrEqual(absoluteEnd + 1000);
  });

  it("an expired session is refused", async () => {
    const c = await registerCustomer(app);
    await database.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [c.id]);
    expect((await me(c.token)).statusCode).toBe(401);
  });
});
