// Market configuration is checked at start: a bad value stops the start with its name.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

describe("market configuration", () => {
  it("defaults: sim feed, full history, started with the app, 3 hours of recorded ticks", () => {
    expect(loadConfig({})).toMatchObject({
      marketFeed: "sim",
      marketSeed: undefined,
      marketHistory: "full",
      marketAutostart: true,
      marketTickRetentionMinutes: 180,
      binanceWsUrl: "wss://stream.binance.com:9443",
    });
  });

  it.each([
    [{ MARKET_FEED: "replay" }, "REPLAY_FILE: required"],
    [{ MARKET_FEED: "replay", REPLAY_FILE: "/nope.csv" }, "REPLAY_FILE: no such file"],
    [{ MARKET_SEED: "-1" }, "MARKET_SEED"],
    [{ MARKET_HISTORY: "huge" }, "MARKET_HISTORY"],
    [{ MARKET_AUTOSTART: "maybe" }, "MARKET_AUTOSTART"],
    [{ MARKET_TICK_RETENTION_MINUTES: "1" }, "MARKET_TICK_RETENTION_MINUTES"],
    [{ BINANCE_WS_URL: "https://stream.binance.com" }, "BINANCE_WS_URL"],
    [{ REPLAY_TICK_MS: "0" }, "REPLAY_TICK_MS"],
  ])("%j is refused naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it("accepts a replay file that exists", () => {
    const file = path.join(import.meta.dirname, "fixtures/replay-candles.csv");
    expect(loadConfig({ MARKET_FEED: "replay", REPLAY_FILE: file, MARKET_SEED: "42" })).toMatchObject({
      marketFeed: "replay",
      replayFile: file,
      marketSeed: 42,
    });
  });
});
