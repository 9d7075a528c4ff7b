// The login lockout under parallel guesses: an attempt claims its place in the account
// and address counters before the password is verified, so 50 simultaneous wrong
// passwords get exactly 10 verifications (the lock limit) and the other 40 are refused
// with 429 before argon2 runs; without the security code only 3 are verified.
import { describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/modules/auth/captcha";
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { setupApp } from "../helper";
import { newIp, PASSWORD, registerCustomer, uniq } from "./factory";

const { app, database } = await setupApp();
const PARALLEL = 50;

const login = (payload: Record<string, unknown>, ip = newIp()) =>
  app.inject({ method: "POST", url: "/api/app/login", payload, remoteAddress: ip });

async function withCaptcha(payload: Record<string, unknown>) {
  const captcha = await createCaptcha(database.db);
  return { ...payload, captchaKey: captcha.captchaKey, captcha: captcha.text };
}

async function counter(scope: string, subject: string) {
  const [row] = await database.query<{ failures: number; pending: number; locked: boolean }>(
    "SELECT failures, pending, COALESCE(locked_until > now(), false) AS locked FROM auth_failures WHERE scope = $1 AND subject = $2",
    [scope, subject],
  );
  return row;
}

/** A 401 is only ever answered after the password was verified. */
const statuses = (codes: number[]) => ({
  verified: codes.filter((s) => s === 401).length,
  locked: codes.filter((s) => s === 429).length,
  captcha: codes.filter((s) => s === 400).length,
});

describe("login lockout under parallel wrong passwords", () => {
  it(`verifies exactly ${LOCK_AFTER_FAILURES} of ${PARALLEL} parallel wrong passwords for one account`, async () => {
    const c = await registerCustomer(app);
    const payloads = await Promise.all(
      Array.from({ length: PARALLEL }, () => withCaptcha({ account: c.email, password: "Wrong1234" })),
    );
    const responses = await Promise.all(payloads.map((p) => login(p)));
    expect(statuses(responses.map((r) => r.statusCode))).toEqual({
      verified: LOCK_AFTER_FAILURES,
      locked: PARALLEL - LOCK_AFTER_FAILURES,
      captcha: 0,
    });
    expect(await counter("account", `user:${c.id}`)).toEqual({
      failures: LOCK_AFTER_FAILURES,
      pending: 0,
      locked: true,
    });

    const right = await login(await withCaptcha({ account: c.email, password: PASSWORD }));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe("Too many failed attempts. Try again in 15 minutes.");
  });

  it(`verifies only ${CAPTCHA_AFTER_FAILURES} of ${PARALLEL} parallel wrong passwords sent without the security code`, async () => {
    const c = await registerCustomer(app);
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => login({ account: c.email, password: "Wrong1234" })),
    );
    const seen = statuses(responses.map((r) => r.statusCode));
    expect(seen.verified).toBe(CAPTCHA_AFTER_FAILURES);
    // The rest asked for the security code (or found the cap taken by attempts in flight).
    expect(seen.captcha + seen.locked).toBe(PARALLEL - CAPTCHA_AFTER_FAILURES);
    expect(await counter("account", `user:${c.id}`)).toEqual({
      failures: CAPTCHA_AFTER_FAILURES,
      pending: 0,
      locked: false,
    });
  });

  it(`verifies exactly ${LOCK_AFTER_FAILURES} of ${PARALLEL} parallel wrong passwords from one address`, async () => {
    const ip = newIp();
    const payloads = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        withCaptcha({ account: `spray${uniq()}@example.com`, password: "Wrong1234" }),
      ),
    );
    const responses = await Promise.all(payloads.map((p) => login(p, ip)));
    expect(statuses(responses.map((r) => r.statusCode)).verified).toBe(LOCK_AFTER_FAILURES);
    expect(await counter("address", ip)).toEqual({ failures: LOCK_AFTER_FAILURES, pending: 0, locked: true });
    const c = await registerCustomer(app);
    expect((await login(await withCaptcha({ account: c.email, password: PASSWORD }), ip)).statusCode).toBe(429);
  });

  it("refuses guesses one after another once locked, leaving the count at the limit", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < LOCK_AFTER_FAILURES + 2; i++) {
      const res = await login(await withCaptcha({ account: c.email, password: "Wrong1234" }));
      expect(res.statusCode).toBe(i < LOCK_AFTER_FAILURES ? 401 : 429);
    }
    expect(await counter("account", `user:${c.id}`)).toEqual({
      failures: LOCK_AFTER_FAILURES,
      pending: 0,
      locked: true,
    });
  });

  it("does not count an attempt refused for a missing security code", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
      expect((await login({ account: c.email, password: "Wrong1234" })).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      expect((await login({ account: c.email, password: PASSWORD })).statusCode).toBe(400);
    }
    expect(await counter("account", `user:${c.id}`)).toEqual({
      failures: CAPTCHA_AFTER_FAILURES,
      pending: 0,
      locked: false,
    });
    expect((await login(await withCaptcha({ account: c.email, password: PASSWORD }))).statusCode).toBe(200);
    expect(await counter("account", `user:${c.id}`)).toBeUndefined();
  });
});
