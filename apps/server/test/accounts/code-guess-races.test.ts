// One-time codes under parallel guessing: every check claims one of the code's 5 tries
// before comparing, so 50 simultaneous guesses evaluate at most 5 (the attempts column
// counts exactly the evaluated guesses), and a right code opens one session only.
import { describe, expect, it } from "vitest";
import { createCaptcha } from "../../src/modules/auth/captcha";
import { CODE_MAX_ATTEMPTS, checkCode } from "../../src/modules/auth/codes";
import { newIp, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { solveCaptcha } from "./captcha";
import { outbox } from "./factory";

const { app, database } = await setupApp();
const db = database.db;
const PARALLEL = 50;

async function freshCode(email: string, purpose: "login" | "reset" = "login"): Promise<string> {
  const res = await app.inject({
    method: "GET",
    url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=${purpose}`,
    remoteAddress: newIp(),
  });
  expect(res.statusCode).toBe(200);
  return (await outbox(app, email))[0]?.code ?? "";
}

/** Tries used on the newest code of a destination = guesses that were compared. */
async function triesUsed(email: string): Promise<number> {
  const [row] = await database.query<{ attempts: number }>(
    "SELECT attempts FROM one_time_codes WHERE destination = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  return Number(row?.attempts);
}

/** Six-digit codes other than the right one. */
const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0")).slice(0, n);

describe("one-time code tries under parallel guesses", () => {
  it(`evaluates at most ${CODE_MAX_ATTEMPTS} of ${PARALLEL} parallel wrong guesses, then refuses the right code`, async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email);
    const results = await Promise.all(wrongCodes(code, PARALLEL).map((g) => checkCode(db, c.email, "login", g)));
    expect(results.every((r) => r === null)).toBe(true);
    expect(await triesUsed(c.email)).toBe(CODE_MAX_ATTEMPTS);
    // The code is spent: the right one is refused now, without a look (no sixth try).
    expect(await checkCode(db, c.email, "login", code)).toBeNull();
    expect(await triesUsed(c.email)).toBe(CODE_MAX_ATTEMPTS);
  });

  it(`evaluates at most ${CODE_MAX_ATTEMPTS} of ${PARALLEL} parallel guesses when one of them is right`, async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email);
    // The right guess comes last: before the fix every guess was compared, so it always won.
    const guesses = [...wrongCodes(code, PARALLEL - 1), code];
    const results = await Promise.all(guesses.map((g) => checkCode(db, c.email, "login", g)));
    expect(await triesUsed(c.email)).toBe(CODE_MAX_ATTEMPTS);
    expect(results.filter((r) => r !== null).length).toBeLessThanOrEqual(1);
  });

  it("keeps the cap for guesses one after another (the sixth is not compared)", async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email);
    for (const guess of wrongCodes(code, CODE_MAX_ATTEMPTS + 1)) {
      expect(await checkCode(db, c.email, "login", guess)).toBeNull();
    }
    expect(await triesUsed(c.email)).toBe(CODE_MAX_ATTEMPTS);
    expect(await checkCode(db, c.email, "login", code)).toBeNull();
  });

  it(`compares at most ${CODE_MAX_ATTEMPTS} of ${PARALLEL} parallel e-mail code logins`, async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email);
    const guesses = wrongCodes(code, PARALLEL);
    const captchas = await Promise.all(
      guesses.map(async () => {
        const { captchaKey, challenge } = await createCaptcha(db, app.config.captchaWork, 1);
        return { captchaKey, captcha: await solveCaptcha(challenge) };
      }),
    );
    const responses = await Promise.all(
      guesses.map((guess, i) =>
        app.inject({
          method: "POST",
          url: "/api/app/emailLogin",
          payload: { email: c.email, code: guess, ...captchas[i] },
          remoteAddress: newIp(),
        }),
      ),
    );
    // Wrong code (401) or a harder security check needed (400); nothing else, never a 5xx.
    expect(responses.every((r) => r.statusCode === 401 || r.statusCode === 400)).toBe(true);
    expect(await triesUsed(c.email)).toBe(CODE_MAX_ATTEMPTS);
    const right = await app.inject({
      method: "POST",
      url: "/api/app/emailLogin",
      payload: { email: c.email, code },
      remoteAddress: newIp(),
    });
    // The code is burnt; without a check the try is not even looked at.
    expect([401, 400]).toContain(right.statusCode);
  });

  it("opens exactly one session for two parallel logins with the right code", async () => {
    const c = await registerCustomer(app);
    const code = await freshCode(c.email);
    const sessionsBefore = await countSessions(c.id);
    const login = () =>
      app.inject({
        method: "POST",
        url: "/api/app/emailLogin",
        payload: { email: c.email, code },
        remoteAddress: newIp(),
      });
    const responses = await Promise.all([login(), login()]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await countSessions(c.id)) - sessionsBefore).toBe(1);
  });
});

async function countSessions(userId: number): Promise<number> {
  const [row] = await database.query<{ n: string }>("SELECT count(*) AS n FROM sessions WHERE user_id = $1", [userId]);
  return Number(row?.n);
}
