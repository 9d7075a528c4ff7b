// Brute force under parallel guesses: an attempt claims its place in the account and
// address counters before the password is verified, so simultaneous wrong passwords all
// meet the security check the count so far demands: without a check only 3 are verified,
// with easy (level-1) checks only 6 (then level 2 is needed), and an address's 50 parallel
// guesses with hard checks get exactly 10 verifications (the address's lock limit) while
// the other 40 are refused with 429 before argon2 runs. A login account is never locked.
import { describe, expect, it } from "vitest";
import { createCaptcha, MAX_CAPTCHA_LEVEL } from "../../src/modules/auth/captcha";
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { newIp, PASSWORD, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";
import { solveCaptcha, solvedCaptcha } from "./captcha";

const { app, database } = await setupApp();
const PARALLEL = 50;

const login = (payload: Record<string, unknown>, ip = newIp()) =>
  app.inject({ method: "POST", url: "/api/app/login", payload, remoteAddress: ip });

/** The payload with a solved check of `level` (made directly: the endpoint picks the level itself). */
async function withCaptcha(payload: Record<string, unknown>, level = 1) {
  const { captchaKey, challenge } = await createCaptcha(database.db, app.config.captchaWork, level);
  return { ...payload, captchaKey, captcha: await solveCaptcha(challenge) };
}

/** Failures verified before a level-1 check is no longer enough (3 without a check, 3 with level 1). */
const EASY_VERIFIED = CAPTCHA_AFTER_FAILURES + 3;

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

describe("brute force under parallel wrong passwords", () => {
  it(`verifies only ${EASY_VERIFIED} of ${PARALLEL} parallel wrong passwords with easy checks for one account; its owner still logs in`, async () => {
    const c = await registerCustomer(app);
    const payloads = await Promise.all(
      Array.from({ length: PARALLEL }, () => withCaptcha({ account: c.email, password: "Wrong1234" })),
    );
    const responses = await Promise.all(payloads.map((p) => login(p)));
    expect(statuses(responses.map((r) => r.statusCode))).toEqual({
      verified: EASY_VERIFIED,
      locked: 0,
      captcha: PARALLEL - EASY_VERIFIED,
    });
    expect(await counter("account", `user:${c.id}`)).toEqual({ failures: EASY_VERIFIED, pending: 0, locked: false });

    const ip = newIp();
    const right = await login(
      { account: c.email, password: PASSWORD, ...(await solvedCaptcha(app, { account: c.email, ip })) },
      ip,
    );
    expect(right.statusCode).toBe(200);
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

  it(`verifies exactly ${LOCK_AFTER_FAILURES} of ${PARALLEL} parallel wrong passwords with hard checks from one address`, async () => {
    const ip = newIp();
    const payloads = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        withCaptcha({ account: `spray${uniq()}@example.com`, password: "Wrong1234" }, MAX_CAPTCHA_LEVEL),
      ),
    );
    const responses = await Promise.all(payloads.map((p) => login(p, ip)));
    expect(statuses(responses.map((r) => r.statusCode)).verified).toBe(LOCK_AFTER_FAILURES);
    expect(await counter("address", ip)).toEqual({ failures: LOCK_AFTER_FAILURES, pending: 0, locked: true });
    const c = await registerCustomer(app);
    expect(
      (await login(await withCaptcha({ account: c.email, password: PASSWORD }, MAX_CAPTCHA_LEVEL), ip)).statusCode,
    ).toBe(429);
  });

  it("never locks an account: guesses one after another keep costing a check, the count keeps rising", async () => {
    const c = await registerCustomer(app);
    for (let i = 0; i < LOCK_AFTER_FAILURES + 2; i++) {
      const ip = newIp();
      const res = await login(
        { account: c.email, password: "Wrong1234", ...(await solvedCaptcha(app, { account: c.email, ip })) },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    expect(await counter("account", `user:${c.id}`)).toEqual({
      failures: LOCK_AFTER_FAILURES + 2,
      pending: 0,
      locked: false,
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
