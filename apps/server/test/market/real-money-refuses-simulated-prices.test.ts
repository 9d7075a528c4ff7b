// Issue 32 §1: with SANDBOX=false no tradable symbol is priced by the simulator or a replay.
// The start fails naming the symbols that would be; a simulated symbol may stay listed only
// with trading disabled, and one listed at run time (an IEO token) is never tradable.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { buildApp } from "../../src/app";
import { type Config, ConfigError } from "../../src/config";
import type { Database } from "../../src/db";
import { createTestDatabase, testConfig } from "../helper";

const METALS_AND_FOREX = ["XAUUSD", "XAGUSD", "EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCAD", "USDCHF"];

/** Builds and readies an app outside the sandbox with the feed started; the error it fails with, if any. */
async function startLive(database: Database, overrides: Partial<Config>) {
  const config = testConfig({
    sandbox: false,
    paymentProvider: "manual",
    marketSeed: undefined,
    marketAutostart: true,
    marketHistory: "none",
    ...overrides,
  });
  const app = await buildApp({ config, database, logger: false });
  const error = await app.ready().then(
    () => null,
    (err: unknown) => err,
  );
  return { app, error };
}

const setEnabled = (database: Database, symbols: string[], enabled: boolean) =>
  database.query("UPDATE market_symbols SET enabled = $1 WHERE symbol = ANY($2::text[])", [enabled, symbols]);

describe("SANDBOX=false with a simulated or replayed feed", async () => {
  const database = await createTestDatabase();
  afterAll(() => database.close());

  it("MARKET_FEED=sim refuses to start, naming every tradable symbol it would simulate", async () => {
    const { app, error } = await startLive(database, { marketFeed: "sim" });
    await app.close();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/SANDBOX=false/);
    for (const symbol of ["BTCUSDT", "ETHUSDT", "XAUUSD", "EURUSD"]) expect(message).toContain(symbol);
    expect(app.market.running).toBe(false);
  });

  it("MARKET_FEED=replay refuses the same way", async () => {
    const replayFile = path.join(import.meta.dirname, "fixtures/replay-candles.csv");
    const { app, error } = await startLive(database, { marketFeed: "replay", replayFile });
    await app.close();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/replay.*BTCUSDT/s);
  });

  it("starts when every simulated symbol has trading disabled: they keep ticking for what is open on them", async () => {
    await database.query("UPDATE market_symbols SET enabled = false");
    const { app, error } = await startLive(database, { marketFeed: "sim" });
    expect(error).toBeNull();
    expect(app.market.running).toBe(true);
    expect(app.market.isTradable("BTCUSDT")).toBe(false);
    await app.close();
    await database.query("UPDATE market_symbols SET enabled = true");
  });
});

describe("SANDBOX=false with the binance feed", async () => {
  const database = await createTestDatabase();
  // A local stand-in for the exchange: tests never touch the network.
  const exchange = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => exchange.once("listening", resolve));
  const binanceWsUrl = `ws://127.0.0.1:${(exchange.address() as { port: number }).port}`;
  afterAll(async () => {
    await new Promise<void>((resolve) => exchange.close(() => resolve()));
    await database.close();
  });

  it("refuses while metals and forex (simulated: not on Binance) are tradable, naming only them", async () => {
    await setEnabled(database, ["XAGUSD", "EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCAD", "USDCHF"], false);
    const { app, error } = await startLive(database, { marketFeed: "binance", binanceWsUrl });
    await app.close();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("XAUUSD");
    expect(message).not.toContain("EURUSD");
    expect(message).not.toContain("BTCUSDT");
  });

  it("starts when only the symbols Binance prices are tradable; a token listed later is never tradable", async () => {
    await setEnabled(database, METALS_AND_FOREX, false);
    const { app, error } = await startLive(database, { marketFeed: "binance", binanceWsUrl });
    try {
      expect(error).toBeNull();
      expect(app.market.isTradable("BTCUSDT")).toBe(true);
      expect(app.market.isTradable("XAUUSD")).toBe(false);
      // An IEO token is priced by the simulator: outside the sandbox it is listed untradable.
      const token = await app.market.addSymbol({
        ...app.market.symbol("BTCUSDT"),
        symbol: "LIVTUSDT",
        base: "LIVT",
        referencePrice: "0.5",
        simOnly: true,
      });
      expect(token.enabled).toBe(false);
      expect(app.market.isTradable("LIVTUSDT")).toBe(false);
      expect(() => app.market.tradableSymbol("LIVTUSDT")).toThrow();
    } finally {
      await app.close();
    }
  });
});
