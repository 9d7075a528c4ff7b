import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

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
