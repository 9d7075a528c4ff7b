import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { logStartup } from "../src/startup-log";

describe("configuration", () => {
  it("has embedded defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      sandbox: true,
      marketFeed: "sim",
      databaseUrl: undefined,
    });
    expect(c.dataDir).toMatch(/data$/);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).databaseUrl).toBeUndefined();
  });

  it("lists every bad value at once", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SANDBOX: "maybe", MARKET_FEED: "dice" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      for (const name of ["PORT", "DATABASE_URL", "SANDBOX", "MARKET_FEED"]) expect(problems).toContain(name);
    }
  });

  it.each([
    [undefined, false],
    ["true", true],
    ["false", false],
    ["10.0.0.1, 10.0.0.2", ["10.0.0.1", "10.0.0.2"]],
  ] as const)("TRUST_PROXY=%s → %j (client addresses are not taken from headers by default)", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ["true", true],
    ["false", false],
    ["0", false],
  ])("SANDBOX=%s → %s", (value, expected) => {
    expect(loadConfig({ SANDBOX: value }).sandbox).toBe(expected);
  });
});

describe("payment provider and sandbox mode", () => {
  it("defaults: the sandbox provider with SANDBOX=true, the manual one with SANDBOX=false", () => {
    expect(loadConfig({}).paymentProvider).toBe("sandbox");
    expect(loadConfig({ SANDBOX: "false" }).paymentProvider).toBe("manual");
    expect(
      loadConfig({ SANDBOX: "false", PAYMENT_PROVIDER_URL: "https://pay.example.com", PAYMENT_PROVIDER_KEY: "k" }),
    ).toMatchObject({ sandbox: false, paymentProviderUrl: "https://pay.example.com", paymentProviderKey: "k" });
  });

  it.each([
    [{ PAYMENT_PROVIDER: "manual" }, ["PAYMENT_PROVIDER"]],
    [{ PAYMENT_PROVIDER_KEY: "live-key" }, ["PAYMENT_PROVIDER_KEY"]],
    [
      { PAYMENT_PROVIDER: "manual", PAYMENT_PROVIDER_URL: "https://pay.example.com", PAYMENT_PROVIDER_KEY: "k" },
      ["PAYMENT_PROVIDER:", "PAYMENT_PROVIDER_URL", "PAYMENT_PROVIDER_KEY"],
    ],
  ])("SANDBOX=true (default) with a real provider %j is refused, naming %j", (env, names) => {
    try {
      loadConfig(env);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems).toHaveLength(names.length);
      for (const name of names) expect(problems.join("\n")).toContain(name);
      expect(problems.join("\n")).toContain("SANDBOX=true");
    }
  });

  it("the sandbox provider without SANDBOX is refused (it would credit deposits nobody made)", () => {
    expect(() => loadConfig({ SANDBOX: "false", PAYMENT_PROVIDER: "sandbox" })).toThrow(ConfigError);
  });

  it("the start log says SANDBOX MODE in one loud line when sandbox is on, and not otherwise", () => {
    const lines = (sandbox: boolean) => {
      const out: Array<[string, string]> = [];
      logStartup(
        { info: (m) => out.push(["info", m]), warn: (m) => out.push(["warn", m]) },
        {
          host: "0.0.0.0",
          port: 8080,
          database: "PostgreSQL",
          marketFeed: "sim",
          sandbox,
          paymentProvider: sandbox ? "sandbox" : "manual",
          elapsedMs: 5,
        },
      );
      return out;
    };
    const on = lines(true);
    expect(on.filter(([, m]) => m.includes("SANDBOX MODE"))).toEqual([
      ["warn", "*** SANDBOX MODE — payments are simulated, no real money moves ***"],
    ]);
    expect(lines(false).some(([, m]) => m.includes("SANDBOX"))).toBe(false);
    expect(lines(false)[0]?.[1]).toContain("live payments via manual");
  });
});
