// Linking and unlinking wallets from the security screens (docs/contract.md "Accounts"):
// a link needs a fresh message signed by that wallet for this customer; unlinking needs the
// login password and is refused when the wallet is how the customer logs in.
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { auth, newIp, PASSWORD, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app } = await setupApp({ walletLogin: true });

const newKey = () => privateKeyToAccount(generatePrivateKey());

async function linkMessage(token: string, address: string) {
  const res = await app.inject({
    method: "GET",
    url: `/api/user/appUser/linkWalletNonce?address=${address}`,
    headers: auth(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.message as string;
}

async function link(token: string, key: PrivateKeyAccount, signer = key) {
  const message = await linkMessage(token, key.address);
  return app.inject({
    method: "POST",
    url: "/api/user/appUser/linkWallet",
    headers: auth(token),
    payload: { message, signature: await signer.signMessage({ message }) },
  });
}

const unlink = (token: string, address: string, password = PASSWORD) =>
  app.inject({
    method: "POST",
    url: "/api/user/appUser/unlinkWallet",
    headers: auth(token),
    payload: { address, password },
  });

async function walletLogin(key: PrivateKeyAccount) {
  const n = await app.inject({ method: "GET", url: `/api/app/walletNonce?address=${key.address}` });
  const message = n.json().result.message as string;
  return app.inject({
    method: "POST",
    url: "/api/app/walletLogin",
    payload: { message, signature: await key.signMessage({ message }) },
    remoteAddress: newIp(),
  });
}

describe("linking wallets", () => {
  it("links a wallet that signed for this customer; that wallet then logs into this account", async () => {
    const c = await registerCustomer(app);
    const key = newKey();
    const res = await link(c.token, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([{ address: key.address.toLowerCase(), linkedAt: expect.any(String) }]);
    const login = await walletLogin(key);
    expect(login.statusCode).toBe(200);
    expect(login.json().result.userInfo.id).toBe(c.id);
  });

  it("a link message signed by another key links nothing", async () => {
    const c = await registerCustomer(app);
    const res = await link(c.token, newKey(), newKey());
    expect(res.statusCode).toBe(400);
    const wallets = await app.inject({ method: "GET", url: "/api/user/appUser/wallets", headers: auth(c.token) });
    expect(wallets.json().result).toEqual([]);
  });

  it("a link message issued to one customer cannot link the wallet to another", async () => {
    const victim = await registerCustomer(app);
    const attacker = await registerCustomer(app);
    const key = newKey();
    const message = await linkMessage(victim.token, key.address);
    const res = await app.inject({
      method: "POST",
      url: "/api/user/appUser/linkWallet",
      headers: auth(attacker.token),
      payload: { message, signature: await key.signMessage({ message }) },
    });
    expect(res.statusCode).toBe(400);
  });

  it("a login message cannot be used to link, nor a link message to log in", async () => {
    const c = await registerCustomer(app);
    const key = newKey();
    const n = await app.inject({ method: "GET", url: `/api/app/walletNonce?address=${key.address}` });
    const loginMessage = n.json().result.message as string;
    const asLink = await app.inject({
      method: "POST",
      url: "/api/user/appUser/linkWallet",
      headers: auth(c.token),
      payload: { message: loginMessage, signature: await key.signMessage({ message: loginMessage }) },
    });
    expect(asLink.statusCode).toBe(400);
    const linkMsg = await linkMessage(c.token, key.address);
    const asLogin = await app.inject({
      method: "POST",
      url: "/api/app/walletLogin",
      payload: { message: linkMsg, signature: await key.signMessage({ message: linkMsg }) },
      remoteAddress: newIp(),
    });
    expect(asLogin.statusCode).toBe(401);
  });

  it("a wallet linked to one account cannot be linked to another (409)", async () => {
    const a = await registerCustomer(app);
    const b = await registerCustomer(app);
    const key = newKey();
    expect((await link(a.token, key)).statusCode).toBe(200);
    expect((await link(b.token, key)).statusCode).toBe(409);
  });
});

describe("unlinking wallets", () => {
  it("needs the login password; then the wallet no longer logs into the account", async () => {
    const c = await registerCustomer(app);
    const key = newKey();
    await link(c.token, key);
    const wrong = await unlink(c.token, key.address, "Wrong-password-1");
    expect(wrong.statusCode).toBe(400);
    const ok = await unlink(c.token, key.address);
    expect(ok.statusCode).toBe(200);
    const login = await walletLogin(key);
    expect(login.statusCode).toBe(200);
    expect(login.json().result.userInfo.id).not.toBe(c.id);
  });

  it("refuses to unlink the wallet an account was created with (its only way to log in)", async () => {
    const key = newKey();
    const login = await walletLogin(key);
    const token = login.json().result.token as string;
    const res = await unlink(token, key.address, "Anything-1");
    expect(res.statusCode).toBe(409);
    const again = await walletLogin(key);
    expect(again.json().result.userInfo.id).toBe(login.json().result.userInfo.id);
  });

  it("another customer's wallet is not found", async () => {
    const a = await registerCustomer(app);
    const b = await registerCustomer(app);
    const key = newKey();
    await link(a.token, key);
    expect((await unlink(b.token, key.address)).statusCode).toBe(404);
  });
});

describe("login methods", () => {
  it("lists wallet login when configured and no providers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/app/loginMethods" });
    expect(res.json().result).toEqual({ wallet: true, oidc: [] });
  });
});
