// Forgot password and code logins: beyond the 5 tries that burn one code, wrong codes
// count towards the same account and address lockout as wrong passwords (locked for
// 15 minutes after 10), so asking for fresh codes does not buy fresh guesses.
import { describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/modules/auth/captcha";
import { CODE_MAX_ATTEMPTS } from "../../src/modules/auth/codes";
import { LOCK_AFTER_FAILURES } from "../../src/modules/auth/throttle";
import { setupApp } from "../helper";
import { newIp, outbox, registerCustomer, uniq } from "./factory";

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

const forgot = (email: string, code: string, ip = newIp()) =>
  app.inject({
    method: "POST",
    url: "/api/app/forgotPassword",
    payload: { type: "email", account: email, code, newPassword: "NewSecret456" },
    remoteAddress: ip,
  });

describe("forgot password lockout", () => {
  it(`locks the account after ${LOCK_AFTER_FAILURES} wrong reset codes across fresh codes`, async () => {
    const c = await registerCustomer(app);
    for (let round = 0; round < LOCK_AFTER_FAILURES / CODE_MAX_ATTEMPTS; round++) {
      const code = await freshCode(c.email, "reset");
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
        const res = await forgot(c.email, wrongFor(code));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("The code is wrong, expired or already used");
      }
    }
    const code = await freshCode(c.email, "reset");
    const right = await forgot(c.email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(LOCKED);
    // The password did not change, and a password login is locked as well.
    const loginRes = await app.inject({
      method: "POST",
      url: "/api/app/login",
      payload: { account: c.email, password: "NewSecret456" },
      remoteAddress: newIp(),
    });
    expect(loginRes.statusCode).toBe(429);

    // After the 15 minutes the right code works again.
    await database.query(
      "UPDATE auth_failures SET locked_until = now() - interval '1 second' WHERE scope = 'account' AND subject = $1",
      [`user:${c.id}`],
    );
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

  it(`lets 50 parallel wrong reset codes count ${LOCK_AFTER_FAILURES} failures and compare ${CODE_MAX_ATTEMPTS}`, async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email, "reset");
    const responses = await Promise.all(Array.from({ length: 50 }, () => forgot(c.email, wrongFor(code))));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 400).length).toBe(LOCK_AFTER_FAILURES);
    expect(codes.filter((s) => s === 429).length).toBe(50 - LOCK_AFTER_FAILURES);
    const [row] = await database.query<{ attempts: number }>(
      "SELECT attempts FROM one_time_codes WHERE destination = $1 ORDER BY id DESC LIMIT 1",
      [c.email],
    );
    expect(row?.attempts).toBe(CODE_MAX_ATTEMPTS);
    expect((await forgot(c.email, await freshCode(c.email, "reset"))).statusCode).toBe(429);
  });
});

describe("code login lockout", () => {
  it(`locks the account after ${LOCK_AFTER_FAILURES} wrong login codes across fresh codes`, async () => {
    const c = await registerCustomer(app);
    const emailLogin = async (code: string) => {
      const captcha = await createCaptcha(database.db);
      return app.inject({
        method: "POST",
        url: "/api/app/emailLogin",
        payload: { email: c.email, code, captchaKey: captcha.captchaKey, captcha: captcha.text },
        remoteAddress: newIp(),
      });
    };
    for (let round = 0; round < LOCK_AFTER_FAILURES / CODE_MAX_ATTEMPTS; round++) {
      const code = await freshCode(c.email, "login");
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) expect((await emailLogin(wrongFor(code))).statusCode).toBe(401);
    }
    const res = await emailLogin(await freshCode(c.email, "login"));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(LOCKED);
  });
});
