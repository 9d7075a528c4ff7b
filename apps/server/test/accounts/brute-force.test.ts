// Brute-force defence on logins: the security check after 3 failures for an account or
// a client address (harder with more failures), a 15-minute lockout of the address after
// 10 (never of the account: strangers cannot lock its owner out), the same 401 for
// unknown accounts.
import { describe, expect, it } from "vitest";
import { verifyCaptcha } from "../../src/modules/auth/captcha";
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { newIp, PASSWORD, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";
import { fetchChallenge, solveCaptcha, solvedCaptcha } from "./captcha";

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
    expect(res.json().message).toBe("Please complete the security check");
    expect(res.headers["x-captcha-required"]).toBe("true");

    const check = await app.inject({
      method: "GET",
      url: `/api/app/checkAccount?account=${c.email}`,
      remoteAddress: ip,
    });
    expect(check.json().result).toEqual({ exists: true, captchaRequired: true });

    // A typed answer (the old image's) or a forged solution is never right.
    const { captchaKey } = await fetchChallenge(app, { account: c.email, ip });
    const bad = await login({ account: c.email, password: PASSWORD, captchaKey, captcha: "zzzz" }, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/security check failed/);
    const forged = await fetchChallenge(app, { account: c.email, ip });
    const wrongSolution = Buffer.from(
      JSON.stringify({ challenge: forged.challenge, solution: { counter: 1, derivedKey: "00".repeat(32) } }),
    ).toString("base64");
    expect((await login({ account: c.email, password: PASSWORD, captcha: wrongSolution }, ip)).statusCode).toBe(400);

    const captcha = await solvedCaptcha(app, { account: c.email, ip });
    const good = await login({ account: c.email, password: PASSWORD, ...captcha }, ip);
    expect(good.statusCode).toBe(200);
    // A solved check works once.
    expect(await verifyCaptcha(database.db, captcha.captcha)).toBe(false);
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

  it("the original client's captchaImage still answers: an image asking to update, and the challenge", async () => {
    const res = await app.inject({ method: "GET", url: "/api/app/captchaImage", headers: { "x-lang": "ko" } });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result.svg).toMatch(/^<svg/);
    expect(result.svg).toContain("앱을 업데이트");
    expect(result.captchaKey).toMatch(/^[a-f0-9]{32}$/);
    expect(result.expiresInSeconds).toBe(300);
    expect(result.challenge.parameters.nonce).toBe(result.captchaKey);
    expect(result).not.toHaveProperty("text");
    // Its challenge is a real one.
    const c = await registerCustomer(app);
    const ip = newIp();
    await fail(c.email, CAPTCHA_AFTER_FAILURES, ip);
    const captcha = await solveCaptcha(result.challenge);
    expect((await login({ account: c.email, password: PASSWORD, captcha }, ip)).statusCode).toBe(200);
  });

  it("grows harder with failures for the account: an easier check than needed is refused", async () => {
    const c = await registerCustomer(app);
    const easy = await fetchChallenge(app, { account: c.email, ip: newIp() });
    expect(easy.level).toBe(1);
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES + 6; i++) {
      const ip = newIp();
      const res = await login(
        { account: c.email, password: "Wrong1234", ...(await solvedCaptcha(app, { account: c.email, ip })) },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const ip = newIp();
    const hard = await fetchChallenge(app, { account: c.email, ip });
    expect(hard.level).toBe(3);
    expect(hard.challenge.parameters.data.level).toBe(3);
    const tooEasy = await login(
      { account: c.email, password: PASSWORD, captcha: await solveCaptcha(easy.challenge) },
      ip,
    );
    expect(tooEasy.statusCode).toBe(400);
    const ok = await login({ account: c.email, password: PASSWORD, captcha: await solveCaptcha(hard.challenge) }, ip);
    expect(ok.statusCode).toBe(200);
  });
});

describe("lockout", () => {
  async function failWithCaptcha(account: string, times: number) {
    for (let i = 0; i < times; i++) {
      const ip = newIp();
      const res = await login({ account, password: "Wrong1234", ...(await solvedCaptcha(app, { account, ip })) }, ip);
      expect(res.statusCode).toBe(401);
    }
  }

  it(`never locks an account: after ${LOCK_AFTER_FAILURES} failures the right password + a solved check still logs in`, async () => {
    const c = await registerCustomer(app);
    await failWithCaptcha(c.email, LOCK_AFTER_FAILURES);
    // Without the check: asked for it, not locked.
    const bare = await login({ account: c.email, password: PASSWORD }, newIp());
    expect(bare.statusCode).toBe(400);
    expect(bare.headers["x-captcha-required"]).toBe("true");
    // Wrong passwords still fail (and keep raising the difficulty).
    const ip = newIp();
    const wrong = await login(
      { account: c.email, password: "Wrong1234", ...(await solvedCaptcha(app, { account: c.email, ip })) },
      ip,
    );
    expect(wrong.statusCode).toBe(401);
    const ip2 = newIp();
    const res = await login(
      { account: c.email, password: PASSWORD, ...(await solvedCaptcha(app, { account: c.email, ip: ip2 })) },
      ip2,
    );
    expect(res.statusCode).toBe(200);
  });

  it("answers an unknown account exactly like a real one after many failures", async () => {
    const ghost = `ghost${uniq()}@example.com`;
    await failWithCaptcha(ghost, LOCK_AFTER_FAILURES);
    const bare = await login({ account: ghost, password: "Wrong1234" }, newIp());
    expect(bare.statusCode).toBe(400);
    expect(bare.headers["x-captcha-required"]).toBe("true");
    const ip = newIp();
    const res = await login(
      { account: ghost, password: "Wrong1234", ...(await solvedCaptcha(app, { account: ghost, ip })) },
      ip,
    );
    expect(res.statusCode).toBe(401);
  });

  it("locks a client address after 10 failures across accounts", async () => {
    const ip = newIp();
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      const account = `spray${uniq()}@example.com`;
      const res = await login({ account, password: "Wrong1234", ...(await solvedCaptcha(app, { account, ip })) }, ip);
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
