// Console login: password, then a mandatory authenticator code (enrolled at the first
// login); sessions end after 12 hours or 30 idle minutes, or when an admin revokes them.
import { describe, expect, it } from "vitest";
import {
  auth,
  createStaffMember,
  newIp,
  registerCustomer,
  STAFF_PASSWORD,
  staffPasswordStep,
  totpCode,
} from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

async function totpStep(ticket: string, code: string) {
  return app.inject({
    method: "POST",
    url: "/api/staff/login/totp",
    remoteAddress: newIp(),
    payload: { ticket, code },
  });
}
const me = (token: string) => app.inject({ method: "GET", url: "/api/staff/me", headers: auth(token) });

describe("console login", () => {
  it("enrols the authenticator at the first login; no code, no session", async () => {
    const admin = await createStaffMember(app, database, "admin");
    const created = await app.inject({
      method: "POST",
      url: "/api/operator/staff/create",
      headers: auth(admin.token),
      payload: { username: "first.login", role: "finance", password: STAFF_PASSWORD },
    });
    expect(created.json().result).toMatchObject({ totpEnrolled: false, role: "finance" });

    const step1 = await staffPasswordStep(app, "first.login");
    expect(step1.totpEnrolled).toBe(false);
    expect(step1.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const secret = step1.totpSecret as string;
    // The ticket alone is no session.
    expect((await me(step1.ticket)).statusCode).toBe(401);
    const wrong = await totpStep(step1.ticket, (Number(await totpCode(secret)) ^ 1).toString().padStart(6, "0"));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe("The authenticator code is wrong or already used");
    const code = await totpCode(secret);
    const ok = await totpStep(step1.ticket, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toMatchObject({ staff: { username: "first.login", role: "finance" }, idleMinutes: 30 });
    const token = ok.json().result.token as string;
    expect((await me(token)).json().result).toMatchObject({ username: "first.login", role: "finance" });
    // The ticket is used up.
    expect((await totpStep(step1.ticket, await totpCode(secret, 1))).statusCode).toBe(401);

    // Second login: enrolled, no secret shown; the code already used is refused (replay).
    const step2 = await staffPasswordStep(app, "first.login");
    expect(step2).toMatchObject({ totpEnrolled: true, totpSecret: null });
    expect((await totpStep(step2.ticket, code)).statusCode).toBe(401);
    expect((await totpStep(step2.ticket, await totpCode(secret, 1))).statusCode).toBe(200);
  });

  it("refuses a wrong password the same way as an unknown username", async () => {
    await createStaffMember(app, database, "support");
    for (const payload of [
      { username: "first.login", password: "Wrong-pass-123" },
      { username: "nobody.here", password: STAFF_PASSWORD },
    ]) {
      const res = await app.inject({ method: "POST", url: "/api/staff/login", remoteAddress: newIp(), payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Wrong username or password");
    }
  });

  it("keeps staff and customers apart", async () => {
    const customer = await registerCustomer(app);
    expect((await me(customer.token)).statusCode).toBe(403);
    const agent = await createStaffMember(app, database, "support");
    const asCustomer = await app.inject({
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      headers: auth(agent.token),
    });
    expect(asCustomer.statusCode).toBe(401);
  });
});

describe("staff sessions", () => {
  it("end after 30 idle minutes", async () => {
    const agent = await createStaffMember(app, database, "support");
    expect((await me(agent.token)).statusCode).toBe(200);
    await database.query("UPDATE staff_sessions SET last_seen_at = now() - interval '29 minutes' WHERE staff_id = $1", [
      agent.id,
    ]);
    expect((await me(agent.token)).statusCode).toBe(200); // used in time: the idle clock restarts
    await database.query("UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes' WHERE staff_id = $1", [
      agent.id,
    ]);
    expect((await me(agent.token)).statusCode).toBe(401);
  });

  it("end 12 hours after the login however busy", async () => {
    const agent = await createStaffMember(app, database, "support");
    const [row] = await database.query<{ hours: string }>(
      "SELECT extract(epoch FROM expires_at - created_at) / 3600 AS hours FROM staff_sessions WHERE staff_id = $1",
      [agent.id],
    );
    expect(Math.round(Number(row?.hours))).toBe(12);
    await database.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE staff_id = $1", [
      agent.id,
    ]);
    expect((await me(agent.token)).statusCode).toBe(401);
  });

  it("are listed for an admin and end at logout, on revocation or when the role changes", async () => {
    const admin = await createStaffMember(app, database, "admin");
    const agent = await createStaffMember(app, database, "compliance");
    const list = await app.inject({
      method: "GET",
      url: `/api/operator/staff/sessions?staffId=${agent.id}`,
      headers: auth(admin.token),
    });
    expect(list.json().result.records).toHaveLength(1);
    expect(list.json().result.records[0]).toMatchObject({ staffId: agent.id, role: "compliance", current: false });

    const promote = await app.inject({
      method: "POST",
      url: "/api/operator/staff/update",
      headers: auth(admin.token),
      payload: { id: agent.id, role: "finance" },
    });
    expect(promote.json().result.role).toBe("finance");
    expect((await me(agent.token)).statusCode).toBe(401);

    const other = await createStaffMember(app, database, "support");
    const logout = await app.inject({ method: "POST", url: "/api/staff/logout", headers: auth(other.token) });
    expect(logout.statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
  });

  it("an admin cannot lock themselves out", async () => {
    const admin = await createStaffMember(app, database, "admin");
    for (const payload of [
      { id: admin.id, disabled: true },
      { id: admin.id, role: "support" },
    ]) {
      const res = await app.inject({
        method: "POST",
        url: "/api/operator/staff/update",
        headers: auth(admin.token),
        payload,
      });
      expect(res.statusCode).toBe(409);
    }
    const dup = await app.inject({
      method: "POST",
      url: "/api/operator/staff/create",
      headers: auth(admin.token),
      payload: { username: admin.username, role: "support", password: STAFF_PASSWORD },
    });
    expect(dup.statusCode).toBe(409);
    const weak = await app.inject({
      method: "POST",
      url: "/api/operator/staff/create",
      headers: auth(admin.token),
      payload: { username: "weak.one", role: "support", password: "short1" },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain("password");
  });
});

describe("console login under attack", () => {
  it("asks for the security code after three wrong passwords", async () => {
    await createStaffMember(app, database, "support");
    const ip = newIp();
    let last = await app.inject({
      method: "POST",
      url: "/api/staff/login",
      remoteAddress: ip,
      payload: { username: "first.login", password: "Wrong-pass-000" },
    });
    for (let i = 1; i < 3; i++) {
      last = await app.inject({
        method: "POST",
        url: "/api/staff/login",
        remoteAddress: ip,
        payload: { username: "first.login", password: `Wrong-pass-00${i}` },
      });
    }
    expect(last.headers["x-captcha-required"]).toBe("true");
    const withoutCode = await app.inject({
      method: "POST",
      url: "/api/staff/login",
      remoteAddress: ip,
      payload: { username: "first.login", password: STAFF_PASSWORD },
    });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().message).toBe("Please complete the security check");
  });
});
