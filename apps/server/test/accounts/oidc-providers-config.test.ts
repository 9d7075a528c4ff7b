// OIDC_PROVIDERS (config.ts, login-config.ts): JSON or the compact `id|name|issuer|clientId|clientSecret;…`,
// and a bad value stops the start with what is wrong.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

const base = { DATA_DIR: "/tmp/candor-config-test", LOG_LEVEL: "silent" };

describe("OIDC_PROVIDERS", () => {
  it("reads the JSON form and the compact form alike", () => {
    const google = {
      id: "google",
      name: "Google",
      issuer: "https://accounts.google.com/",
      clientId: "id1",
      clientSecret: "s1",
    };
    const json = loadConfig({ ...base, OIDC_PROVIDERS: JSON.stringify([google]) });
    const compact = loadConfig({ ...base, OIDC_PROVIDERS: "google|Google|https://accounts.google.com/|id1|s1" });
    const expected = [{ ...google, issuer: "https://accounts.google.com" }];
    expect(json.oidcProviders).toEqual(expected);
    expect(compact.oidcProviders).toEqual(expected);
  });

  it("is empty when unset, and wallet login is off unless WALLET_LOGIN=true", () => {
    const config = loadConfig(base);
    expect(config.oidcProviders).toEqual([]);
    expect(config.walletLogin).toBe(false);
    expect(loadConfig({ ...base, WALLET_LOGIN: "true" }).walletLogin).toBe(true);
  });

  it("stops the start on a missing field, a bad issuer or a repeated id", () => {
    expect(() => loadConfig({ ...base, OIDC_PROVIDERS: "google|Google|https://accounts.google.com|id1" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, OIDC_PROVIDERS: "google|Google|accounts.google.com|id1|s1" })).toThrow(/issuer/);
    expect(() =>
      loadConfig({ ...base, OIDC_PROVIDERS: "a|A|https://a.example|x|y;a|A2|https://b.example|x|y" }),
    ).toThrow(/used twice/);
    expect(() => loadConfig({ ...base, OIDC_PROVIDERS: "[not json" })).toThrow(/not valid JSON/);
  });
});
