// Attack: anyone could lock a chosen customer out. Ten wrong reset codes (forgot password
// had no security code) or ten wrong passwords for the victim's account locked it hard
// for 15 minutes — before the password and the security code were even looked at — so
// the victim could not log in with the right password. Failures per account now raise
// the security check (and then its difficulty), never a lock the right password plus a
// solved check cannot pass; forgot password needs the check too.
import { describe, expect, it } from "vitest";
import { solvedCaptcha } from "../accounts/captcha";
import { newIp, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const ctx = await setupApp();
const { app } = ctx;

const forgot = (account: string, ip: string, extra: Record<string, unknown> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/app/forgotPassword",
    remoteAddress: ip,
    payload: { type: "email", account, code: "000000", newPassword: "Attacker123", ...extra },
  });
const login = (payload: Record<string, unknown>, ip: string) =>
  app.inject({ method: "POST", url: "/api/app/login", payload, remoteAddress: ip });

describe("strangers cannot lock a customer out", () => {
  it("ten forgot-password tries against a victim, then the victim logs in with password + security check", async () => {
    const victim = await registerCustomer(app);
    for (let i = 0; i < 10; i++) {
      const ip = newIp(); // a botnet: a new address each time
      const res = await forgot(victim.email, ip, await solvedCaptcha(app, { account: victim.email, ip }));
      expect(res.statusCode).toBe(400);
    }
    const ip = newIp();
    const res = await login(
      {
        account: victim.email,
        password: PASSWORD,
        ...(await solvedCaptcha(app, { account: victim.email, ip })),
      },
      ip,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result.token).toBeTruthy();
  });

  it("ten wrong passwords against a victim, then the victim logs in with password + security check", async () => {
    const victim = await registerCustomer(app);
    for (let i = 0; i < 12; i++) {
      const ip = newIp();
      const res = await login(
        {
          account: victim.email,
          password: "Wrong1234",
          ...(await solvedCaptcha(app, { account: victim.email, ip })),
        },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const ip = newIp();
    // Without the check: asked for it (400), not locked (429).
    const bare = await login({ account: victim.email, password: PASSWORD }, ip);
    expect(bare.statusCode).toBe(400);
    expect(bare.headers["x-captcha-required"]).toBe("true");
    const res = await login(
      {
        account: victim.email,
        password: PASSWORD,
        ...(await solvedCaptcha(app, { account: victim.email, ip })),
      },
      ip,
    );
    expect(res.statusCode).toBe(200);
  });

  it("forgot password needs the security check", async () => {
    const victim = await registerCustomer(app);
    const res = await forgot(victim.email, newIp());
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-captcha-required"]).toBe("true");
  });
});
