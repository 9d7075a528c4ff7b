// Registration by e-mail or phone, password logins, and the real profile fields.
import { describe, expect, it } from "vitest";
import { getInviterId, getUserCountry } from "../../src/modules/users/service";
import { auth, newIp, PASSWORD, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/app/register", payload, headers, remoteAddress: newIp() });
const login = (payload: Record<string, unknown>, ip = newIp()) =>
  app.inject({ method: "POST", url: "/api/app/login", payload, remoteAddress: ip });

describe("registration", () => {
  it("registers by e-mail and logs in at once", async () => {
    const email = `Reg${uniq()}@Example.com`;
    const res = await register({ type: "email", account: email, password: PASSWORD, agree: true });
    expect(res.statusCode).toBe(200);
    const { token, userInfo } = res.json().result;
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(userInfo.username).toBe(email.toLowerCase());
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(token) });
    expect(me.json().result).toMatchObject({
      id: userInfo.id,
      email: email.toLowerCase(),
      phone: null,
      kycStatus: "none",
      hasWithdrawalPassword: false,
      vipLevel: 0,
      role: "customer",
      guest: false,
      googleAuthBound: false,
    });
    expect(me.json().result.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  });

  it("registers by phone with a country (ISO or calling code) and stores E.164", async () => {
    const national = `555${String(Date.now()).slice(-7)}`;
    const res = await register({
      type: "phone",
      account: national,
      countryCode: "US",
      password: PASSWORD,
      agree: true,
    });
    expect(res.statusCode).toBe(200);
    const { token, userInfo } = res.json().result;
    expect(userInfo.username).toBe(`+1${national}`);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(token) });
    expect(me.json().result).toMatchObject({ phone: `+1${national}`, email: null, countryCode: "US" });
    expect(await getUserCountry(database.db, userInfo.id)).toBe("US");

    const uk = await register({
      type: "phone",
      account: "07700 900123",
      countryCode: "+44",
      password: PASSWORD,
      agree: true,
    });
    expect(uk.json().result.userInfo.username).toBe("+447700900123");
  });

  it("requires the country for phone registration", async () => {
    const res = await register({ type: "phone", account: "5550001111", password: PASSWORD, agree: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("countryCode");
    const bad = await register({
      type: "phone",
      account: "5550001111",
      countryCode: "ZZ",
      password: PASSWORD,
      agree: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("ZZ");
  });

  it.each([
    ["too short", "abc123"],
    ["no digit", "abcdefghij"],
    ["no letter", "1234567890"],
    ["too long", `a1${"x".repeat(63)}`],
  ])("refuses a password that is %s, naming the field", async (_case, password) => {
    const res = await register({ type: "email", account: `p${uniq()}@example.com`, password, agree: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("password");
  });

  it("requires consent to the user agreement, in the caller's language", async () => {
    const payload = { type: "email", account: `a${uniq()}@example.com`, password: PASSWORD, agree: false };
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please agree to the user agreement");
    const ko = await register(payload, { "x-lang": "ko" });
    expect(ko.json().message).toBe("이용 약관에 동의해 주세요");
    const missing = await register({ type: "email", account: `a${uniq()}@example.com`, password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("agree");
  });

  it("refuses an invalid e-mail", async () => {
    const res = await register({ type: "email", account: "not-an-email", password: PASSWORD, agree: true });
    expect(res.statusCode).toBe(400);
  });

  it("refuses a second account with the same e-mail (409)", async () => {
    const c = await registerCustomer(app);
    const res = await register({ type: "email", account: c.email.toUpperCase(), password: PASSWORD, agree: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already registered/);
  });

  it("records the inviter of an invite code and refuses an unknown code", async () => {
    const inviter = await registerCustomer(app);
    const me = await app.inject({
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      headers: auth(inviter.token),
    });
    const code = me.json().result.inviteCode as string;
    const invited = await registerCustomer(app, { inviteCode: code.toLowerCase() });
    expect(await getInviterId(database.db, invited.id)).toBe(inviter.id);
    const res = await register({
      type: "email",
      account: `i${uniq()}@example.com`,
      password: PASSWORD,
      agree: true,
      inviteCode: "NOSUCH99",
    });
    expect(res.statusCode).toBe(400);
  });

  it("gives every customer a different invite code", async () => {
    const rows = await database.query<{ n: number | string; d: number | string }>(
      "SELECT count(*) AS n, count(DISTINCT invite_code) AS d FROM users",
    );
    expect(Number(rows[0]?.n)).toBe(Number(rows[0]?.d));
  });
});

describe("password login", () => {
  it("logs in by e-mail, username or phone", async () => {
    const c = await registerCustomer(app);
    expect((await login({ account: c.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ account: c.email.toUpperCase(), password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ account: c.username, password: PASSWORD })).statusCode).toBe(200);

    const national = `202${String(Date.now()).slice(-7)}`;
    await register({ type: "phone", account: national, countryCode: "US", password: PASSWORD, agree: true });
    expect((await login({ account: `+1${national}`, password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ account: national, countryCode: "US", password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ account: national, password: PASSWORD })).statusCode).toBe(200);
  });

  it("answers an unknown account and a wrong password the same way (401)", async () => {
    const c = await registerCustomer(app);
    const wrong = await login({ account: c.email, password: "Wrong1234" });
    const unknown = await login({ account: `nobody${uniq()}@example.com`, password: "Wrong1234" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
    expect(unknown.json().result).toBeNull();
  });

  it("returns the pinned shape", async () => {
    const c = await registerCustomer(app);
    const res = await login({ account: c.email, password: PASSWORD });
    expect(res.json()).toMatchObject({
      success: true,
      code: 200,
      result: { userInfo: { id: c.id, username: c.username } },
    });
    expect(typeof res.json().result.token).toBe("string");
  });

  it("rejects getMyUserInfo without a session (401)", async () => {
    const res = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo" });
    expect(res.statusCode).toBe(401);
  });
});
