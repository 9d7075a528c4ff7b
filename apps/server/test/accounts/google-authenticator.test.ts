// Google authenticator: key, binding with a code and the password, second factor at
// login (password and code logins), never the same code twice.
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { auth, bindKey, newIp, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { outbox } from "./factory";

const { app } = await setupApp();

const now = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, epoch: number) => generate({ secret, epoch });

async function bound() {
  const c = await registerCustomer(app);
  const key = await app.inject({ method: "POST", url: "/api/user/appUser/generateGoogleKey", headers: auth(c.token) });
  expect(key.statusCode).toBe(200);
  const { secret, otpauthUrl } = key.json().result;
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Candor:/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const res = await bindKey(app, c.token, secret);
  expect(res.status).toBe(200);
  return { ...c, secret };
}

const login = (payload: Record<string, unknown>, url = "/api/app/login") =>
  app.inject({ method: "POST", url, payload, remoteAddress: newIp() });

describe("Google authenticator", () => {
  it("binds only with a right code and the login password", async () => {
    const c = await registerCustomer(app);
    const status = () =>
      app.inject({ method: "GET", url: "/api/user/appUser/checkGoogleAuth", headers: auth(c.token) });
    expect((await status()).json().result).toEqual({ bound: false });
    const noKey = await app.inject({
      method: "POST",
      url: "/api/user/appUser/bindGoogleAuth",
      headers: auth(c.token),
      payload: { googleCode: "123456", password: PASSWORD },
    });
    expect(noKey.statusCode).toBe(409);

    const key = await app.inject({
      method: "POST",
      url: "/api/user/appUser/generateGoogleKey",
      headers: auth(c.token),
    });
    const { secret } = key.json().result;
    const bind = (googleCode: string, password = PASSWORD) =>
      app.inject({
        method: "POST",
        url: "/api/user/appUser/bindGoogleAuth",
        headers: auth(c.token),
        payload: { googleCode, password },
      });
    const code = await codeAt(secret, now());
    const wrongPassword = await bind(code, "Wrong1234");
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await bind(code === "000000" ? "000001" : "000000");
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().message).toBe("The Google Authenticator code is wrong or already used");
    expect((await bind(code)).statusCode).toBe(200);
    expect((await status()).json().result).toEqual({ bound: true });
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(c.token) });
    expect(me.json().result.googleAuthBound).toBe(true);
    const again = await app.inject({
      method: "POST",
      url: "/api/user/appUser/generateGoogleKey",
      headers: auth(c.token),
    });
    expect(again.statusCode).toBe(409);
  });

  it("asks for the code at password login once bound, then accepts it", async () => {
    const c = await bound();
    const noCode = await login({ account: c.email, password: PASSWORD });
    expect(noCode.statusCode).toBe(401);
    expect(noCode.headers["x-google-auth-required"]).toBe("true");
    expect(noCode.json().message).toBe("Enter the code from Google Authenticator");
    const wrongPassword = await login({ account: c.email, password: "Wrong1234" });
    expect(wrongPassword.headers["x-google-auth-required"]).toBeUndefined();

    const code = await codeAt(c.secret, now());
    const res = await login({ account: c.email, password: PASSWORD, googleCode: code });
    expect(res.statusCode).toBe(200);
  });

  it("never accepts the same code twice (replay), nor an older one", async () => {
    const c = await bound();
    const code = await codeAt(c.secret, now() + 30);
    const first = await login({ account: c.email, password: PASSWORD, googleCode: code }, "/api/app/googleSecretLogin");
    expect(first.statusCode).toBe(200);
    const replay = await login(
      { account: c.email, password: PASSWORD, googleCode: code },
      "/api/app/googleSecretLogin",
    );
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe("The Google Authenticator code is wrong or already used");
    const older = await codeAt(c.secret, now());
    if (older !== code) {
      const res = await login({ account: c.email, password: PASSWORD, googleCode: older });
      expect(res.statusCode).toBe(401);
    }
  });

  it("requires the code for e-mail code login too, without using up the e-mailed code", async () => {
    const c = await bound();
    await app.inject({ method: "GET", url: `/api/app/getEmailCaptcha?email=${c.email}`, remoteAddress: newIp() });
    const [message] = await outbox(app, c.email);
    const noGoogle = await login({ email: c.email, code: message?.code }, "/api/app/emailLogin");
    expect(noGoogle.statusCode).toBe(401);
    expect(noGoogle.headers["x-google-auth-required"]).toBe("true");
    const res = await login(
      { email: c.email, code: message?.code, googleCode: await codeAt(c.secret, now() + 30) },
      "/api/app/emailLogin",
    );
    expect(res.statusCode).toBe(200);
  });

  it("unbinds with a fresh code and the password", async () => {
    const c = await bound();
    const res = await app.inject({
      method: "POST",
      url: "/api/user/appUser/unbindGoogleAuth",
      headers: auth(c.token),
      payload: { googleCode: await codeAt(c.secret, now() + 30), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await login({ account: c.email, password: PASSWORD })).statusCode).toBe(200);
  });
});
