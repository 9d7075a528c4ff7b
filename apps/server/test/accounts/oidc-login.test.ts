// Third-party login with OpenID Connect, end to end against a local provider started here
// (docs/contract.md "Accounts"): the code flow with PKCE, state and nonce; the account linked
// by a verified e-mail or created; the session handed to the app with a one-time code.
import { afterAll, describe, expect, it } from "vitest";
import { auth, registerCustomer, uniq } from "../factory";
import { setupApp, testConfig } from "../helper";
import { followToCallback, startOidcProvider } from "./oidc-provider";

const origin = testConfig().publicUrl ?? "";
const callbackPath = "/api/app/oidc/local/callback";
const op = await startOidcProvider(`${origin}${callbackPath}`);
afterAll(() => op.close());
const { app } = await setupApp({
  oidcProviders: [
    { id: "local", name: "Local ID", issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret },
  ],
});

async function authorizationUrl() {
  const res = await app.inject({ method: "GET", url: "/api/app/oidc/local/start" });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().result.url as string);
}

/** Through the provider to our callback: the callback URL the browser would open. */
async function providerLogin(sub: string, email: string, emailVerified = true) {
  op.loginAs(sub, { email, emailVerified });
  const start = await authorizationUrl();
  return followToCallback(start.toString(), `${origin}${callbackPath}`);
}

const callback = (url: URL) => app.inject({ method: "GET", url: `${url.pathname}${url.search}` });

/** The one-time code the callback hands to the app, or null when it reports a failure. */
function handoffOf(res: Awaited<ReturnType<typeof callback>>): string | null {
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  const match = /^\/#\/login\?oidc=([A-Za-z0-9_-]+)$/.exec(location);
  if (!match) expect(location).toBe("/#/login?oidcError=1");
  return match?.[1] ?? null;
}

const redeem = (code: string) => app.inject({ method: "POST", url: "/api/app/oidcLogin", payload: { code } });

async function fullLogin(sub: string, email: string, emailVerified = true) {
  const code = handoffOf(await callback(await providerLogin(sub, email, emailVerified)));
  expect(code).not.toBeNull();
  const res = await redeem(code ?? "");
  expect(res.statusCode).toBe(200);
  return res.json().result as { token: string; userInfo: { id: number; username: string } };
}

describe("OpenID Connect login", () => {
  it("offers the configured provider on the login screen", async () => {
    const res = await app.inject({ method: "GET", url: "/api/app/loginMethods" });
    expect(res.json().result).toEqual({ wallet: false, oidc: [{ id: "local", name: "Local ID" }] });
  });

  it("asks for the code flow with PKCE S256, a state and a nonce", async () => {
    const url = await authorizationUrl();
    expect(url.origin).toBe(op.issuer);
    const q = url.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("redirect_uri")).toBe(`${origin}${callbackPath}`);
  });

  it("creates an account with the verified e-mail on the first login and logs into it on the next", async () => {
    const email = `${uniq()}@oidc.test`;
    const first = await fullLogin(`sub-${uniq()}`, email);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(first.token) });
    expect(me.json().result.email).toBe(email);
    const sub = `sub-${uniq()}`;
    const a = await fullLogin(sub, `${uniq()}@oidc.test`);
    const b = await fullLogin(sub, `${uniq()}@oidc.test`);
    expect(b.userInfo.id).toBe(a.userInfo.id);
  });

  it("logs into the existing account with the same verified e-mail", async () => {
    const c = await registerCustomer(app);
    const result = await fullLogin(`sub-${uniq()}`, c.email);
    expect(result.userInfo.id).toBe(c.id);
  });

  it("pre-account hijacking: an account registered with the e-mail but never proved is not handed to the provider's user", async () => {
    // Someone registered the victim's e-mail with a password of their own, without the code.
    const squatter = await registerCustomer(app, { proved: false });
    const res = await callback(await providerLogin(`sub-${uniq()}`, squatter.email));
    expect(handoffOf(res)).toBeNull();
    // Once the owner proves the address (here: a login code sent to it), the provider links.
    const sent = await app.inject({
      method: "GET",
      url: `/api/app/getEmailCaptcha?email=${encodeURIComponent(squatter.email)}&purpose=verify`,
    });
    expect(sent.statusCode).toBe(200);
    const box = await app.inject({ method: "GET", url: `/dev/outbox?to=${encodeURIComponent(squatter.email)}` });
    const proved = await app.inject({
      method: "POST",
      url: "/api/user/appUser/verifyContact",
      headers: auth(squatter.token),
      payload: { code: box.json().result[0].code },
    });
    expect(proved.statusCode).toBe(200);
    expect((await fullLogin(`sub-${uniq()}`, squatter.email)).userInfo.id).toBe(squatter.id);
  });

  it("an account made from the provider's verified e-mail has its address proved", async () => {
    const first = await fullLogin(`sub-${uniq()}`, `${uniq()}@oidc.test`);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(first.token) });
    expect(me.json().result.contactVerified).toBe(true);
  });

  it("an unverified e-mail at the provider does not open the account with that e-mail", async () => {
    const c = await registerCustomer(app);
    const result = await fullLogin(`sub-${uniq()}`, c.email, false);
    expect(result.userInfo.id).not.toBe(c.id);
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(result.token) });
    expect(me.json().result.email).toBeNull();
  });

  it("a callback with a state this server never issued logs nobody in", async () => {
    const url = await providerLogin(`sub-${uniq()}`, `${uniq()}@oidc.test`);
    url.searchParams.set("state", "forged-state-0123456789012345678901234567890");
    expect(handoffOf(await callback(url))).toBeNull();
  });

  it("a callback replayed (same code and state) logs nobody in the second time", async () => {
    const url = await providerLogin(`sub-${uniq()}`, `${uniq()}@oidc.test`);
    expect(handoffOf(await callback(url))).not.toBeNull();
    expect(handoffOf(await callback(url))).toBeNull();
  });

  it("a provider code replayed with a fresh state logs nobody in (the PKCE verifier and the code are spent)", async () => {
    const used = await providerLogin(`sub-${uniq()}`, `${uniq()}@oidc.test`);
    expect(handoffOf(await callback(used))).not.toBeNull();
    const fresh = await providerLogin(`sub-${uniq()}`, `${uniq()}@oidc.test`);
    fresh.searchParams.set("code", used.searchParams.get("code") ?? "");
    expect(handoffOf(await callback(fresh))).toBeNull();
  });

  it("the handoff code gives one session, once", async () => {
    const code = handoffOf(await callback(await providerLogin(`sub-${uniq()}`, `${uniq()}@oidc.test`)));
    expect((await redeem(code ?? "")).statusCode).toBe(200);
    const again = await redeem(code ?? "");
    expect(again.statusCode).toBe(401);
  });

  it("an unknown provider is not found", async () => {
    expect((await app.inject({ method: "GET", url: "/api/app/oidc/nobody/start" })).statusCode).toBe(404);
  });
});
