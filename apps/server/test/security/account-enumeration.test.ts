// Attack: account enumeration. checkAccount and checkGoogleAuth (seed paths, kept: the
// original client's login screen asks them) said for any typed account whether it exists,
// as fast as a script could ask; they are now rate limited per client address and per
// account. Login, forgot password and code requests answer a known and an unknown account
// the same.
import { describe, expect, it } from "vitest";
import { solvedCaptcha } from "../accounts/captcha";
import { newIp, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";

const ctx = await setupApp();
const { app } = ctx;

const lookup = (path: "checkAccount" | "checkGoogleAuth", account: string, ip: string) =>
  app.inject({ method: "GET", url: `/api/app/${path}?account=${encodeURIComponent(account)}`, remoteAddress: ip });

describe("account lookups are rate limited", () => {
  it("one address walking a list of e-mails gets 429 after 30 lookups (both paths count)", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await lookup(i % 2 ? "checkAccount" : "checkGoogleAuth", `walk${uniq()}@example.com`, ip);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const res = await lookup("checkAccount", "x@example.com", ip);
    expect(res.json()).toMatchObject({ success: false, code: 429 });
    // Another address is not affected.
    expect((await lookup("checkAccount", "x@example.com", newIp())).statusCode).toBe(200);
  });

  it("one account looked up from many addresses gets 429 after 10 lookups", async () => {
    const c = await registerCustomer(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await lookup("checkAccount", c.email, newIp())).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await lookup("checkGoogleAuth", c.email, newIp())).statusCode).toBe(429);
  });
});

describe("known and unknown accounts get the same answers", () => {
  it("login: 401 with the same message", async () => {
    const c = await registerCustomer(app);
    const known = await app.inject({
      method: "POST",
      url: "/api/app/login",
      remoteAddress: newIp(),
      payload: { account: c.email, password: "Wrong1234" },
    });
    const unknown = await app.inject({
      method: "POST",
      url: "/api/app/login",
      remoteAddress: newIp(),
      payload: { account: `ghost${uniq()}@example.com`, password: "Wrong1234" },
    });
    expect([known.statusCode, known.json().message]).toEqual([unknown.statusCode, unknown.json().message]);
  });

  it("forgot password: the same 400 for a wrong code", async () => {
    const c = await registerCustomer(app);
    const forgot = async (account: string) => {
      const ip = newIp();
      return app.inject({
        method: "POST",
        url: "/api/app/forgotPassword",
        remoteAddress: ip,
        payload: {
          type: "email",
          account,
          code: "123456",
          newPassword: "NewSecret456",
          ...(await solvedCaptcha(app, { account, ip })),
        },
      });
    };
    const known = await forgot(c.email);
    const unknown = await forgot(`ghost${uniq()}@example.com`);
    expect(known.statusCode).toBe(400);
    expect([known.statusCode, known.json().message]).toEqual([unknown.statusCode, unknown.json().message]);
  });

  it("reset codes: the same answer whether or not the account exists", async () => {
    const c = await registerCustomer(app);
    const ask = (email: string) =>
      app.inject({
        method: "GET",
        url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=reset`,
        remoteAddress: newIp(),
      });
    const known = (await ask(c.email)).json();
    const unknown = (await ask(`ghost${uniq()}@example.com`)).json();
    expect({ ...known, timestamp: 0 }).toEqual({ ...unknown, timestamp: 0 });
  });
});
