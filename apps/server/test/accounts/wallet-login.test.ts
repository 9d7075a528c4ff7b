// Wallet login (Sign-In with Ethereum, EIP-4361; docs/contract.md "Accounts") with keys made
// here: the message the server issues, and every way a signed message must not log anyone in.
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { auth, newIp } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp({ walletLogin: true, siweChainId: 1 });

const newKey = () => privateKeyToAccount(generatePrivateKey());

async function nonce(address: string, host = "localhost:80") {
  const res = await app.inject({ method: "GET", url: `/api/app/walletNonce?address=${address}`, headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.json().result.message as string;
}

const login = (message: string, signature: string, ip = newIp()) =>
  app.inject({ method: "POST", url: "/api/app/walletLogin", payload: { message, signature }, remoteAddress: ip });

async function signIn(key: PrivateKeyAccount) {
  const message = await nonce(key.address);
  return { message, signature: await key.signMessage({ message }) };
}

describe("Sign-In with Ethereum", () => {
  it("issues a standard EIP-4361 message for this site with a one-time nonce valid 10 minutes", async () => {
    const key = newKey();
    const message = await nonce(key.address);
    const lines = message.split("\n");
    expect(lines[0]).toBe("localhost:80 wants you to sign in with your Ethereum account:");
    expect(lines[1]).toBe(key.address);
    expect(message).toMatch(/\nURI: http:\/\/localhost:80\n/);
    expect(message).toMatch(/\nVersion: 1\n/);
    expect(message).toMatch(/\nChain ID: 1\n/);
    const nonceValue = /\nNonce: ([A-Za-z0-9]+)\n/.exec(message)?.[1] ?? "";
    expect(nonceValue.length).toBeGreaterThanOrEqual(8);
    const issued = Date.parse(/\nIssued At: (\S+)/.exec(message)?.[1] ?? "");
    const expires = Date.parse(/\nExpiration Time: (\S+)/.exec(message)?.[1] ?? "");
    expect(expires - issued).toBe(10 * 60 * 1000);
    // Only a hash of the nonce is stored.
    const stored = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM wallet_nonces WHERE nonce_hash = $1",
      [nonceValue],
    );
    expect(stored[0]?.n).toBe(0);
  });

  it("logs in with a signature by the address's key, creating the account on first use and reusing it after", async () => {
    const key = newKey();
    const first = await signIn(key);
    const res = await login(first.message, first.signature);
    expect(res.statusCode).toBe(200);
    const { token, userInfo } = res.json().result;
    expect(token).toEqual(expect.any(String));
    const me = await app.inject({ method: "GET", url: "/api/user/appUser/getMyUserInfo", headers: auth(token) });
    expect(me.json().result).toMatchObject({ id: userInfo.id, email: null, phone: null });
    const wallets = await app.inject({ method: "GET", url: "/api/user/appUser/wallets", headers: auth(token) });
    expect(wallets.json().result).toEqual([{ address: key.address.toLowerCase(), linkedAt: expect.any(String) }]);

    const again = await signIn(key);
    const second = await login(again.message, again.signature);
    expect(second.statusCode).toBe(200);
    expect(second.json().result.userInfo.id).toBe(userInfo.id);
  });

  it("a SIWE message replayed with a used nonce logs nobody in", async () => {
    const key = newKey();
    const { message, signature } = await signIn(key);
    expect((await login(message, signature)).statusCode).toBe(200);
    const replay = await login(message, signature);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().result).toBeNull();
  });

  it("a message asked for through another domain logs nobody in here", async () => {
    const key = newKey();
    // A phishing site relays the request with its own Host: the message names that host.
    const message = await nonce(key.address, "candor-login.evil.example");
    expect(message.startsWith("candor-login.evil.example wants you")).toBe(true);
    const res = await login(message, await key.signMessage({ message }));
    expect(res.statusCode).toBe(401);
  });

  it("a message edited to name another domain or address logs nobody in", async () => {
    const key = newKey();
    const other = newKey();
    const message = await nonce(key.address);
    const otherDomain = message.replace(/^localhost:80 /, "evil.example ");
    expect((await login(otherDomain, await key.signMessage({ message: otherDomain }))).statusCode).toBe(401);
    const otherAddress = message.replace(key.address, other.address);
    expect((await login(otherAddress, await other.signMessage({ message: otherAddress }))).statusCode).toBe(401);
    // The untouched message still works once.
    expect((await login(message, await key.signMessage({ message }))).statusCode).toBe(200);
  });

  it("a signature by another key logs nobody in", async () => {
    const key = newKey();
    const message = await nonce(key.address);
    const res = await login(message, await newKey().signMessage({ message }));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/signature/i);
  });

  it("an expired nonce logs nobody in", async () => {
    const key = newKey();
    const { message, signature } = await signIn(key);
    await database.query("UPDATE wallet_nonces SET expires_at = now() - interval '1 second' WHERE address = $1", [
      key.address.toLowerCase(),
    ]);
    expect((await login(message, signature)).statusCode).toBe(401);
  });

  it("the same signed message sent ten times at once logs in exactly once", async () => {
    const key = newKey();
    const { message, signature } = await signIn(key);
    const results = await Promise.all(Array.from({ length: 10 }, () => login(message, signature)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // The others: 401, or refused by the brute-force guard before the signature is looked at.
    for (const code of codes.filter((c) => c !== 200)) expect([400, 401, 429]).toContain(code);
  });

  it("wrong signatures count like failed logins: the security check, then the address locked", async () => {
    const key = newKey();
    const ip = newIp();
    let last = 0;
    for (let i = 0; i < 3; i++) {
      const message = await nonce(key.address);
      last = (await login(message, await newKey().signMessage({ message }), ip)).statusCode;
    }
    expect(last).toBe(401);
    const { message, signature } = await signIn(key);
    const res = await login(message, signature, ip);
    expect(res.statusCode).toBe(400);
    expect(res.headers["x-captcha-required"]).toBe("true");
  });

  it("answers in the caller's language", async () => {
    const key = newKey();
    const message = await nonce(key.address);
    const res = await app.inject({
      method: "POST",
      url: "/api/app/walletLogin",
      headers: { "x-lang": "vl" },
      payload: { message, signature: await newKey().signMessage({ message }) },
      remoteAddress: newIp(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/chữ ký ví/);
  });
});
