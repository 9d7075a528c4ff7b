import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";
import { logStartup } from "../src/startup-log";

/** Outside sandbox the audit log needs its key (AUDIT_KEY). */
const AUDIT_KEY = "k".repeat(32);
/** What a real-money start needs besides SANDBOX=false (README "Security"). */
const LIVE = {
  SANDBOX: "false",
  AUDIT_KEY,
  SERVER_SECRET: "0123456789abcdef0123456789abcdef-live",
  PUBLIC_URL: "https://app.candor.example",
  SMS_HTTP_URL: "https://sms.example.com/send",
};

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

  it("withdrawal address hold: 24 hours by default, 0 switches it off, nonsense stops the start", () => {
    expect(loadConfig({}).withdrawalAddressCooldownHours).toBe(24);
    expect(loadConfig({ WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: "0" }).withdrawalAddressCooldownHours).toBe(0);
    expect(() => loadConfig({ WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: "-1" })).toThrow(ConfigError);
    expect(() => loadConfig({ WITHDRAWAL_ADDRESS_COOLDOWN_HOURS: "a day" })).toThrow(ConfigError);
    expect(loadConfig({ PORT: "9000" }).publicUrl).toBe("http://127.0.0.1:9000");
    expect(loadConfig({ PUBLIC_URL: "https://candor.example/" }).publicUrl).toBe("https://candor.example");
    expect(() => loadConfig({ PUBLIC_URL: "candor.example" })).toThrow(ConfigError);
  });

  it("sandbox samples: on by default in sandbox, off when asked, never with SANDBOX=false", () => {
    expect(loadConfig({}).sandboxSamples).toBe(true);
    expect(loadConfig({ SANDBOX_SAMPLES: "false" }).sandboxSamples).toBe(false);
    expect(loadConfig({ ...LIVE, MARKET_FEED: "binance" }).sandboxSamples).toBe(false);
    expect(loadConfig({ ...LIVE, MARKET_FEED: "binance", SANDBOX_SAMPLES: "true" }).sandboxSamples).toBe(false);
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
    ["false", false],
    ["1", 1],
    ["10.0.0.1, 10.0.0.2", ["10.0.0.1", "10.0.0.2"]],
  ] as const)("TRUST_PROXY=%s → %j (client addresses are not taken from headers by default)", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ["true", true],
    ["false", false],
    ["0", false],
  ])("SANDBOX=%s → %s", (value, expected) => {
    expect(loadConfig({ ...LIVE, SANDBOX: value }).sandbox).toBe(expected);
  });
});

describe("payment provider and sandbox mode", () => {
  it("defaults: the sandbox provider with SANDBOX=true, the manual one with SANDBOX=false", () => {
    expect(loadConfig({}).paymentProvider).toBe("sandbox");
    expect(loadConfig(LIVE).paymentProvider).toBe("manual");
    expect(
      loadConfig({ ...LIVE, PAYMENT_PROVIDER_URL: "https://pay.example.com", PAYMENT_PROVIDER_KEY: "k" }),
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
    expect(() => loadConfig({ SANDBOX: "false", AUDIT_KEY, PAYMENT_PROVIDER: "sandbox" })).toThrow(ConfigError);
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

describe("secrets, public URL and SMS outside the sandbox", () => {
  it("a start with SANDBOX=false and no SERVER_SECRET, PUBLIC_URL or SMS provider is refused, naming each", () => {
    try {
      loadConfig({ SANDBOX: "false" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join("\n");
      for (const name of ["SERVER_SECRET", "PUBLIC_URL", "SMS_PROVIDER"]) expect(problems).toContain(name);
    }
  });

  it("reads them, and the SMS provider is http once SMS_HTTP_URL is set", () => {
    expect(loadConfig(LIVE)).toMatchObject({
      serverSecret: LIVE.SERVER_SECRET,
      publicUrl: "https://app.candor.example",
      smsProvider: "http",
      smsHttpUrl: LIVE.SMS_HTTP_URL,
    });
    expect(loadConfig({}).smsProvider).toBe("log");
  });

  it.each([["short"], ["https://app.example.com/path"], ["ftp://x"]])("refuses a bad value (%s)", (value) => {
    expect(() => loadConfig({ SERVER_SECRET: value.length < 32 ? value : "x".repeat(40), PUBLIC_URL: value })).toThrow(
      ConfigError,
    );
  });
});
