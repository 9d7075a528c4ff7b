// Forgot password and code logins: beyond the 5 tries that burn one code, wrong codes
// count like wrong passwords — every try needs a solved security check that grows harder
// with the account's and the address's failures, and the address is locked for 15 minutes
// after 10 — so asking for fresh codes does not buy fresh guesses. The account itself is
// never locked (a stranger's guesses must not keep its owner out).
import { describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/modules/auth/captcha";
import { CODE_MAX_ATTEMPTS } from "../../src/modules/auth/codes";
import { LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { newIp, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";
import { fetchChallenge, solveCaptcha, solvedCaptcha } from "./captcha";
import { outbox } from "./factory";

const { app, database } = await setupApp();
const LOCKED = "Too many failed attempts. Try again in 15 minutes.";

async function freshCode(email: string, purpose: "login" | "reset"): Promise<string> {
  // Step past the one-code-a-minute spacing.
  await database.query(
    "UPDATE one_time_codes SET created_at = created_at - interval '61 seconds' WHERE destination = $1",
    [email],
  );
  const res = await app.inject({
    method: "GET",
    url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=${purpose}`,
    remoteAddress: newIp(),
  });
  expect(res.statusCode).toBe(200);
  return (await outbox(app, email))[0]?.code ?? "";
}

const wrongFor = (code: string) => (code === "111111" ? "222222" : "111111");

/** A reset with a solved check of the level the next try needs (or the `captcha` given). */
async function forgot(email: string, code: string, ip = newIp(), captcha?: Record<string, string>) {
  return app.inject({
    method: "POST",
    url: "/api/app/forgotPassword",
    payload: {
      type: "email",
      account: email,
      code,
      newPassword: "NewSecret456",
      ...(captcha ?? (await solvedCaptcha(app, { account: email, ip }))),
    },
    remoteAddress: ip,
  });
}

describe("forgot password brute force", () => {
  it("needs a solved security check on every try", async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email, "reset");
    const res = await forgot(c.email, code, newIp(), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Please complete the security check");
    expect(res.headers["x-captcha-required"]).toBe("true");
    expect((await forgot(c.email, code)).statusCode).toBe(200);
  });

  it(`makes the check harder after wrong reset codes across fresh codes, but never locks the account`, async () => {
    const c = await registerCustomer(app);
    for (let round = 0; round < LOCK_AFTER_FAILURES / CODE_MAX_ATTEMPTS; round++) {
      const code = await freshCode(c.email, "reset");
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
        const res = await forgot(c.email, wrongFor(code));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("The code is wrong, expired or already used");
      }
    }
    expect((await fetchChallenge(app, { account: c.email, ip: newIp() })).level).toBe(3);
    const code = await freshCode(c.email, "reset");
    // An easy check is no longer enough; one of the level asked for is.
    const easy = await createCaptcha(database.db, app.config.captchaWork, 1);
    const refused = await forgot(c.email, code, newIp(), { captcha: await solveCaptcha(easy.challenge) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/security check failed/);
    expect((await forgot(c.email, code)).statusCode).toBe(200);
  });

  it(`locks a client address after ${LOCK_AFTER_FAILURES} wrong reset codes across accounts`, async () => {
    const ip = newIp();
    for (let i = 0; i < LOCK_AFTER_FAILURES; i++) {
      expect((await forgot(`ghost${uniq()}@example.com`, "123456", ip)).statusCode).toBe(400);
    }
    const c = await registerCustomer(app);
    const code = await freshCode(c.email, "reset");
    const res = await forgot(c.email, code, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(LOCKED);
    // Another address is not affected.
    expect((await forgot(c.email, code)).statusCode).toBe(200);
  });

  it(`lets 50 parallel wrong reset codes with easy checks compare only ${CODE_MAX_ATTEMPTS}; the owner still resets`, async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email, "reset");
    const checks = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const { challenge } = await createCaptcha(database.db, app.config.captchaWork, 1);
        return { captcha: await solveCaptcha(challenge) };
      }),
    );
    const responses = await Promise.all(checks.map((check) => forgot(c.email, wrongFor(code), newIp(), check)));
    const messages = responses.map((r) => r.json().message);
    expect(responses.every((r) => r.statusCode === 400)).toBe(true);
    // 3 tries need no harder check than level 1, 3 more pass with it; the rest need level 2.
    expect(messages.filter((m) => m === "The code is wrong, expired or already used").length).toBe(6);
    const [row] = await database.query<{ attempts: number }>(
      "SELECT attempts FROM one_time_codes WHERE destination = $1 ORDER BY id DESC LIMIT 1",
      [c.email],
    );
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
    expect((await forgot(c.email, await freshCode(c.email, "reset"))).statusCode).toBe(200);
  });
});

describe("code login brute force", () => {
  it(`harder checks after ${LOCK_AFTER_FAILURES} wrong login codes across fresh codes, never a lock of the account`, async () => {
    const c = await registerCustomer(app);
    const emailLogin = async (code: string) => {
      const ip = newIp();
      return app.inject({
        method: "POST",
        url: "/api/app/emailLogin",
        payload: { email: c.email, code, ...(await solvedCaptcha(app, { account: c.email, ip })) },
        remoteAddress: ip,
      });
    };
    for (let round = 0; round < LOCK_AFTER_FAILURES / CODE_MAX_ATTEMPTS; round++) {
      const code = await freshCode(c.email, "login");
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) expect((await emailLogin(wrongFor(code))).statusCode).toBe(401);
    }
    const res = await emailLogin(await freshCode(c.email, "login"));
    expect(res.statusCode).toBe(200);
  });
});
