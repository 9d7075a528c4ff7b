// Attack: with TRUST_PROXY=true the client address was whatever X-Forwarded-For said, so
// a client rotated its leftmost entry to escape every per-address counter; and behind a
// proxy without it, every customer shared the proxy's address (one counter for all).
// TRUST_PROXY now names the trusted hops (a count or addresses / CIDRs): the client
// address is the one the last trusted proxy saw.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { setupApp } from "../helper";

const PROXY = "10.9.9.9";
const ctx = await setupApp({ trustProxy: loadConfig({ TRUST_PROXY: "1" }).trustProxy });

const login = (account: string, forwardedFor: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/app/login",
    remoteAddress: PROXY,
    headers: { "x-forwarded-for": forwardedFor },
    payload: { account, password: "Wrong1234" },
  });

describe("the client address comes from trusted proxy hops only", () => {
  it("a forged leftmost X-Forwarded-For entry does not give a fresh address", async () => {
    // Three failures from 6.6.6.6 (each with a forged first entry) → the 4th needs the check.
    for (let i = 0; i < 3; i++) {
      const res = await login(`nobody${i}@example.com`, `203.0.113.${i}, 6.6.6.6`);
      expect(res.statusCode).toBe(401);
    }
    const fourth = await login("nobody9@example.com", "203.0.113.99, 6.6.6.6");
    expect(fourth.statusCode).toBe(400);
    expect(fourth.headers["x-captcha-required"]).toBe("true");
  });

  it("another customer behind the same proxy keeps its own counter", async () => {
    const res = await login("someone@example.com", "7.7.7.7");
    expect(res.statusCode).toBe(401);
    expect(res.headers["x-captcha-required"]).toBeUndefined();
  });
});

describe("TRUST_PROXY forms", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1, 10.0.0.0/8", ["10.0.0.1", "10.0.0.0/8"]],
    ["loopback, fd00::/8", ["loopback", "fd00::/8"]],
  ] as const)("TRUST_PROXY=%s → %j", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(["true", "yes", "10.0.0.300", "-1", "proxy.example.com"])("TRUST_PROXY=%s is refused", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
