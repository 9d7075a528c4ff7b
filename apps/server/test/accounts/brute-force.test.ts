// Brute-force defence on logins: the security code after 3 failures for an account or
// a client address, a 15-minute lockout after 10, the same 401 for unknown accounts.
import { describe, expect, it } from "vitest";
import { createCaptcha, verifyCaptcha } from "../../src/modules/auth/captcha";
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { setupApp } from "../helper";
import { newIp, PASSWORD, registerCustomer, uniq } from "./factory";

const { app, database } = await setupApp();

const login = (payload: Record<string, unknown>, ip: string) =>
  app.inject({ method: "POST", url: "/api/app/login", payload, remoteAddress: ip });

async function fail(account: string, times: number, ip: string) {
  for (let i = 0; i < times; i++) {
    const res = await login({ account, password: "Wrong1234" }, ip);
    expect(res.statusCode).toBe(401);
  }
}

describe("security code after failed logins", () => {
  it(`is required after ${CAPTCHA_AFTER_FAILURES} failures for an account, from any address`, async () => {
    const c = await registerCustomer(app);
    await fail(c.email, CAPTCHA_AFTER_FAILURES - 1, newIp());
    const third = await login({ account: c.email, password: "Wrong1234" }, newIp());
    expect(third.statusCode).toBe(401);
    expect(third.headers["x-captcha-required"]).toBe("true");

    // Even the right password now needs the security code, from a fresh address too.
    const ip = newIp();
    const res = await login({ account: c.email, password: PASSWORD }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please enter the security code");
    expect(res.headers["x-captcha-required"]).toBe("true");

    const check = await app.inject({
      method: "GET",
      url: `/api/app/checkAccount?account=${c.email}`,
      remoteAddress: ip,
    });
    expect(check.json().result).toEqual({ exists: true, captchaRequired: true });

    const wrongCaptcha = await createCaptcha(database.db);
    const bad = await login(
      { account: c.email, password: PASSWORD, captchaKey: wrongCaptcha.captchaKey, captcha: "zzzz" },
      ip,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/security code is wrong/);

    const captcha = await createCaptcha(database.db);
    const good = await login(
      { account: c.email, password: PASSWORD, captchaKey: captcha.captchaKey, captcha: captcha.text.toUpperCase() },
      ip,
    );
    expect(good.statusCode).toBe(200);
    // A security code works once.
    expect(await verifyCaptcha(database.db, captcha.captchaKey, captcha.text)).toBe(false);
  });

  it("resets the account counter after a successful login", async () => {
    const c = await registerCustomer(app);
    await fail(c.email, CAPTCHA_AFTER_FAILURES - 1, newIp());
    expect((await login({ account: c.email, password: PASSWORD }, newIp())).statusCode).toBe(200);
    await fail(c.email, CAPTCHA_AFTER_FAILURES - 1, newIp());
    expect((await login({ account: c.email, password: PASSWORD }, newIp())).statusCode).toBe(200);
  });

  it(`is required after ${CAPTCHA_AFTER_FAILURES} failures from one address, for every account`, async () => {
    const ip = newIp();
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
      await fail(`guess${uniq()}@example.com`, 1, ip);
    }
    const c = await registerCustomer(app);
    const res = await login({ account: c.email, password: PASSWORD }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-captcha-required"]).toBe("true");
    // Another address is not affected.
    expect((await login({ account: c.email, password: PASSWORD }, newIp())).statusCode).toBe(200);
  });

  it("serves a fresh svg image with a key and never the answer", async () => {
    const res = await app.inject({ method: "GET", url: "/api/app/captchaImage" });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.svg).toMatch(/^<svg/);
    expect(result.captchaKey).toMatch(/^[a-f0-9]{32}$/);
    expect(result.expiresInSeconds).toBe(300);
    expect(result).not.toHaveProperty("text");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("lockout", () => {
  async function failWithCaptcha(account: string, times: number) {
    for (let i = 0; i < times; i++) {
      const captcha = await createCaptcha(database.db);
      const res = await login(
        { account, password: "Wrong1234", captchaKey: captcha.captchaKey, captcha: captcha.text },
        newIp(),
      );
      expect(res.statusCode).toBe(401);
    }
  }

  it(`locks an account for 15 minutes after ${LOCK_AFTER_FAILURES} failures, even for the right password`, async () => {
    const c = await registerCustomer(app);
    await failWithCaptcha(c.email, LOCK_AFTER_FAILURES);
    const captcha = await createCaptcha(database.db);
    const res = await login(
      { account: c.email, password: PASSWORD, captchaKey: captcha.captchaKey, captcha: captcha.text },
      newIp(),
    );
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("Too many failed attempts. Try again in 15 minutes.");

    // 15 minutes later the lock is gone (and so is the count).
    await database.query(
      "UPDATE auth_failures SET locked_until = now() - interval '1 second', last_failed_at = now() - interval '16 minutes' WHERE scope = 'account' AND subject = $1",
      [`user:${c.id}`],
    );
    expect((await login({ account: c.email, password: PASSWORD }, newIp())).statusCode).toBe(200);
  });

  it("locks an unknown account exactly like a real one", async () => {
    const ghost = `ghost${uniq()}@example.com`;
    await failWithCaptcha(ghost, LOCK_AFTER_FAILURES);
    const res = await login({ account: ghost, password: "Wrong1234" }, newIp());
    expect(res.statusCode).toBe(429);
  });

  it("locks a client address after 10 failures across accounts", async () => {
    const ip = newIp();
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      const captcha = await createCaptcha(database.db);
      const res = await login(
        {
          account: `spray${uniq()}@example.com`,
          password: "Wrong1234",
          captchaKey: captcha.captchaKey,
          captcha: captcha.text,
        },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const c = await registerCustomer(app);
    const res = await login({ account: c.email, password: PASSWORD }, ip);
    expect(res.statusCode).toBe(429);
  });

  it("forgets old failures after the window", async () => {
    const c = await registerCustomer(app);
    await fail(c.email, CAPTCHA_AFTER_FAILURES, newIp());
    await database.query(
      "UPDATE auth_failures SET last_failed_at = now() - interval '16 minutes' WHERE scope = 'account' AND subject = $1",
      [`user:${c.id}`],
    );
    expect((await login({ account: c.email, password: PASSWORD }, newIp())).statusCode).toBe(200);
  });
});
