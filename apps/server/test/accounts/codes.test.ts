// One-time codes by e-mail and SMS: delivery to the outbox, single use, expiry, only
// the newest counts, sending limits per destination and per client address, forgot password.
import { describe, expect, it } from "vitest";
import { CODE_MAX_PER_HOUR } from "../../src/modules/auth/codes";
import { auth, newIp, PASSWORD, registerCustomer, uniq } from "../factory";
import { setupApp } from "../helper";
import { solvedCaptcha } from "./captcha";
import { outbox } from "./factory";

const { app, database } = await setupApp();

const getEmailCode = (email: string, ip = newIp(), purpose = "login", lang = "en-us") =>
  app.inject({
    method: "GET",
    url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(email)}&purpose=${purpose}`,
    remoteAddress: ip,
    headers: { "x-lang": lang },
  });
const emailLogin = (email: string, code: string) =>
  app.inject({ method: "POST", url: "/api/app/emailLogin", payload: { email, code }, remoteAddress: newIp() });
const latestCode = async (to: string) => (await outbox(app, to))[0]?.code ?? "";

describe("e-mail code login", () => {
  it("sends a 6-digit code to the outbox and logs in with it once", async () => {
    const c = await registerCustomer(app);
    const sent = await getEmailCode(c.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result).toEqual({ expiresInSeconds: 600, resendInSeconds: 60 });
    const [message] = await outbox(app, c.email);
    expect(message).toMatchObject({ to: c.email, channel: "email", subject: "Your Candor login code" });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(message?.code ?? "x");

    const ok = await emailLogin(c.email, message?.code ?? "");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.userInfo.id).toBe(c.id);
    const me = await app.inject({
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      headers: auth(ok.json().result.token),
    });
    expect(me.statusCode).toBe(200);

    const again = await emailLogin(c.email, message?.code ?? "");
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe("The code is wrong, expired or already used");
  });

  it("lets only one of two simultaneous logins use the same code", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email);
    const code = await latestCode(c.email);
    const results = await Promise.all([emailLogin(c.email, code), emailLogin(c.email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("writes the message in the caller's language", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email, newIp(), "login", "jp");
    const [message] = await outbox(app, c.email);
    expect(message?.subject).toBe("Candor ログインコード");
  });

  it("refuses a wrong code and an expired code with 401", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email);
    const code = await latestCode(c.email);
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await emailLogin(c.email, wrong)).statusCode).toBe(401);
    await database.query("UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE destination = $1", [
      c.email,
    ]);
    expect((await emailLogin(c.email, code)).statusCode).toBe(401);
  });

  it("burns a code after 5 wrong guesses", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email);
    const code = await latestCode(c.email);
    const wrong = code === "111111" ? "222222" : "111111";
    // (From the third failure on, the security code is needed too.)
    const withCaptcha = async (guess: string) => {
      const ip = newIp();
      return app.inject({
        method: "POST",
        url: "/api/app/emailLogin",
        payload: { email: c.email, code: guess, ...(await solvedCaptcha(app, { account: c.email, ip })) },
        remoteAddress: ip,
      });
    };
    for (let i = 0; i < 5; i++) expect((await withCaptcha(wrong)).statusCode).toBe(401);
    expect((await withCaptcha(code)).statusCode).toBe(401);
  });

  it("accepts only the newest code", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email);
    const first = await latestCode(c.email);
    await database.query("UPDATE one_time_codes SET created_at = now() - interval '2 minutes' WHERE destination = $1", [
      c.email,
    ]);
    await getEmailCode(c.email);
    const second = await latestCode(c.email);
    if (first !== second) expect((await emailLogin(c.email, first)).statusCode).toBe(401);
    expect((await emailLogin(c.email, second)).statusCode).toBe(200);
  });

  it("answers the same for an unknown e-mail but sends nothing", async () => {
    const ghost = `ghost${uniq()}@example.com`;
    const res = await getEmailCode(ghost);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ expiresInSeconds: 600, resendInSeconds: 60 });
    expect(await outbox(app, ghost)).toEqual([]);
    expect((await emailLogin(ghost, "123456")).statusCode).toBe(401);
  });
});

describe("code sending limits", () => {
  it("allows one code a minute per destination, from any address", async () => {
    const c = await registerCustomer(app);
    expect((await getEmailCode(c.email)).statusCode).toBe(200);
    const second = await getEmailCode(c.email);
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toMatch(/^Please wait \d+ seconds before requesting another code$/);
  });

  it("allows one code a minute per client address, for any destination", async () => {
    const ip = newIp();
    expect((await getEmailCode(`a${uniq()}@example.com`, ip)).statusCode).toBe(200);
    expect((await getEmailCode(`b${uniq()}@example.com`, ip)).statusCode).toBe(429);
  });

  it(`allows at most ${CODE_MAX_PER_HOUR} codes an hour per destination`, async () => {
    const c = await registerCustomer(app, { proved: false });
    for (let i = 0; i < CODE_MAX_PER_HOUR; i++) {
      expect((await getEmailCode(c.email)).statusCode).toBe(200);
      // Step past the one-minute spacing.
      await database.query(
        "UPDATE one_time_codes SET created_at = created_at - interval '61 seconds' WHERE destination = $1",
        [c.email],
      );
    }
    const res = await getEmailCode(c.email);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("Too many codes requested. Please try again later.");
    await database.query(
      "UPDATE one_time_codes SET created_at = created_at - interval '1 hour' WHERE destination = $1",
      [c.email],
    );
    expect((await getEmailCode(c.email)).statusCode).toBe(200);
  });

  it("validates the address, naming the problem", async () => {
    const res = await app.inject({ method: "GET", url: "/api/app/getEmailCaptcha?email=nope", remoteAddress: newIp() });
    expect(res.statusCode).toBe(400);
    const missing = await app.inject({ method: "GET", url: "/api/app/getEmailCaptcha", remoteAddress: newIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("email");
  });
});

describe("SMS code login", () => {
  it("sends to the E.164 number and logs in by phone", async () => {
    const national = `303${String(Date.now()).slice(-7)}`;
    const reg = await app.inject({
      method: "POST",
      url: "/api/app/register",
      remoteAddress: newIp(),
      payload: { type: "phone", account: national, countryCode: "US", password: PASSWORD, agree: true },
    });
    expect(reg.statusCode).toBe(200);
    const sent = await app.inject({
      method: "GET",
      url: `/api/app/getPhoneCaptcha?phone=${national}&countryCode=US`,
      remoteAddress: newIp(),
    });
    expect(sent.statusCode).toBe(200);
    // "+" in a query string arrives as a space: the outbox accepts both.
    const [sms] = await outbox(app, `+1${national}`);
    expect(sms).toMatchObject({ channel: "sms", to: `+1${national}` });
    const res = await app.inject({
      method: "POST",
      url: "/api/app/phoneLogin",
      remoteAddress: newIp(),
      payload: { phone: national, countryCode: "1", code: sms?.code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.userInfo.id).toBe(reg.json().result.userInfo.id);
  });
});

describe("forgot password", () => {
  it("resets the password with a reset code and ends every session", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email, newIp(), "reset");
    const [message] = await outbox(app, c.email);
    expect(message?.subject).toBe("Your Candor password reset code");
    const res = await app.inject({
      method: "POST",
      url: "/api/app/forgotPassword",
      payload: {
        type: "email",
        account: c.email,
        code: message?.code,
        newPassword: "NewSecret456",
        ...(await solvedCaptcha(app, { account: c.email })),
      },
    });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(c.token) });
    expect(me.statusCode).toBe(401);
    const login = (password: string) =>
      app.inject({
        method: "POST",
        url: "/api/app/login",
        payload: { account: c.email, password },
        remoteAddress: newIp(),
      });
    expect((await login(PASSWORD)).statusCode).toBe(401);
    expect((await login("NewSecret456")).statusCode).toBe(200);
  });

  it("does not accept a login code, a used code or a weak password", async () => {
    const c = await registerCustomer(app);
    await getEmailCode(c.email);
    const loginCode = await latestCode(c.email);
    const forgot = async (code: string, newPassword = "NewSecret456") =>
      app.inject({
        method: "POST",
        url: "/api/app/forgotPassword",
        payload: {
          type: "email",
          account: c.email,
          code,
          newPassword,
          ...(await solvedCaptcha(app, { account: c.email })),
        },
      });
    const withLoginCode = await forgot(loginCode);
    expect(withLoginCode.statusCode).toBe(400);
    expect(withLoginCode.json().message).toBe("The code is wrong, expired or already used");

    await database.query("UPDATE one_time_codes SET created_at = now() - interval '2 minutes' WHERE destination = $1", [
      c.email,
    ]);
    await getEmailCode(c.email, newIp(), "reset");
    const resetCode = await latestCode(c.email);
    const weak = await forgot(resetCode, "short");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toContain("newPassword");
    expect((await forgot(resetCode)).statusCode).toBe(200);
    expect((await forgot(resetCode)).statusCode).toBe(400);
  });
});
