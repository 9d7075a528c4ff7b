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

  it("MARKET_FEED=index: the venues, their public endpoints and the index rule, each variable parsed", () => {
    expect(loadConfig({ MARKET_FEED: "index" })).toMatchObject({
      marketFeed: "index",
      index: {
        sources: ["binance", "okx", "coinbase", "kraken"],
        urls: {
          binance: "wss://stream.binance.com:9443",
          okx: "wss://ws.okx.com:8443/ws/v5/public",
          coinbase: "wss://ws-feed.exchange.coinbase.com",
          kraken: "wss://ws.kraken.com/v2",
          oanda: "https://stream-fxtrade.oanda.com",
        },
        oanda: null,
        maxAgeMs: 5000,
        bandPct: "1",
        minSources: 2,
        jumpPct: "5",
      },
    });
    expect(
      loadConfig({
        MARKET_FEED: "index",
        INDEX_SOURCES: "okx, kraken",
        OKX_WS_URL: "ws://127.0.0.1:1",
        COINBASE_WS_URL: "ws://127.0.0.1:2",
        KRAKEN_WS_URL: "ws://127.0.0.1:3",
        OANDA_STREAM_URL: "http://127.0.0.1:4",
        OANDA_ACCOUNT_ID: "101-004-1-001",
        OANDA_API_KEY: "key",
        INDEX_MAX_AGE_MS: "3000",
        INDEX_BAND_PCT: "0.5",
        INDEX_MIN_SOURCES: "3",
        INDEX_JUMP_PCT: "2.5",
      }).index,
    ).toEqual({
      sources: ["okx", "kraken"],
      urls: {
        binance: "wss://stream.binance.com:9443",
        okx: "ws://127.0.0.1:1",
        coinbase: "ws://127.0.0.1:2",
        kraken: "ws://127.0.0.1:3",
        oanda: "http://127.0.0.1:4",
      },
      oanda: { accountId: "101-004-1-001", apiKey: "key" },
      maxAgeMs: 3000,
      bandPct: "0.5",
      minSources: 3,
      jumpPct: "2.5",
    });
  });

  it.each([
    [{ INDEX_SOURCES: "binance,ftx" }, "INDEX_SOURCES"],
    [{ OKX_WS_URL: "https://ws.okx.com" }, "OKX_WS_URL"],
    [{ COINBASE_WS_URL: "ftp://x" }, "COINBASE_WS_URL"],
    [{ KRAKEN_WS_URL: "kraken" }, "KRAKEN_WS_URL"],
    [{ OANDA_STREAM_URL: "wss://stream" }, "OANDA_STREAM_URL"],
    [{ OANDA_ACCOUNT_ID: "101-004-1-001" }, "OANDA_API_KEY"],
    [{ INDEX_MAX_AGE_MS: "10" }, "INDEX_MAX_AGE_MS"],
    [{ INDEX_BAND_PCT: "-1" }, "INDEX_BAND_PCT"],
    [{ INDEX_BAND_PCT: "0" }, "INDEX_BAND_PCT"],
    [{ INDEX_MIN_SOURCES: "0" }, "INDEX_MIN_SOURCES"],
    [{ INDEX_JUMP_PCT: "five" }, "INDEX_JUMP_PCT"],
  ])("index: %j is refused naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
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

  it("refuses MARKET_SEED outside the sandbox: a seed lets its holder know prices before they tick", () => {
    const live = {
      SANDBOX: "false",
      AUDIT_KEY: "a".repeat(32),
      SERVER_SECRET: "s".repeat(32),
      PUBLIC_URL: "https://app.candor.test",
      SMS_HTTP_URL: "http://127.0.0.1:9/sms",
    };
    expect(loadConfig(live)).toMatchObject({ sandbox: false, marketSeed: undefined });
    expect(() => loadConfig({ ...live, MARKET_SEED: "7" })).toThrow(/MARKET_SEED: .*SANDBOX=true/);
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
