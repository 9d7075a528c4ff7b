// Listing a symbol at run time (market.addSymbol, used by the IEO listing): stored in
// market_symbols (sim only), loaded at once with its reference price as the first tick;
// another node learns it from the bus ("market.symbol_added") and a restarted node from
// the table; the sim feed starts pricing it while running; Binance never claims it.
import { ALWAYS_OPEN } from "@candor/domain";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BinanceFeed } from "../../src/modules/market/feeds/binance";
import { SimFeed } from "../../src/modules/market/feeds/sim";
import type { FeedTickInput } from "../../src/modules/market/feeds/types";
import type { SymbolInfo } from "../../src/modules/market/types";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const log = pino({ level: "silent" });

const token = (symbol: string, referencePrice = "0.5") => ({
  symbol: `${symbol}USDT`,
  base: symbol,
  quote: "USDT",
  assetClass: "crypto" as const,
  pricePrecision: 6,
  qtyPrecision: 2,
  spread: "0.002",
  maxLeverage: 2,
  tradingHours: ALWAYS_OPEN,
  referencePrice,
  volatility: "1.2",
  dailyVolume: "10000",
  simOnly: true,
});

describe("market.addSymbol", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("stores and loads the symbol with its reference price as the first price; idempotent", async () => {
    const info = await app.market.addSymbol(token("ADDA"));
    expect(info).toMatchObject({ symbol: "ADDAUSDT", base: "ADDA", enabled: true, simOnly: true });
    expect(app.market.quote("ADDAUSDT").price).toBe("0.500000");
    expect(app.market.usdtRate("ADDA")).toBe("0.500000");
    const again = await app.market.addSymbol(token("ADDA", "9"));
    expect(again.referencePrice).toBe("0.5");
    const rows = await database.query<{ sim_only: boolean }>(
      "SELECT sim_only FROM market_symbols WHERE symbol = 'ADDAUSDT'",
    );
    expect(rows).toEqual([{ sim_only: true }]);
    const list = await app.inject({ method: "GET", url: "/api/trade/appSymbol/list" });
    expect(list.json().result.some((s: { symbol: string }) => s.symbol === "ADDAUSDT")).toBe(true);
  });

  it("another node's listing reaches this node through the bus", async () => {
    await database.query(
      `INSERT INTO market_symbols (symbol, base, quote, asset_class, price_precision, qty_precision, spread,
         max_leverage, trading_hours, reference_price, volatility, daily_volume, sort_order, sim_only)
       VALUES ('ADDBUSDT', 'ADDB', 'USDT', 'crypto', 4, 2, 0.002, 2, '{"kind":"always"}', 2, 1, 1000, 9999, true)`,
    );
    expect(app.market.findSymbol("ADDBUSDT")).toBeUndefined();
    app.bus.publish("market.symbol_added", { symbol: "ADDBUSDT" });
    // The reload reads the table: on PostgreSQL a round trip, so wait in time, not in turns.
    await vi.waitFor(() => expect(app.market.findSymbol("ADDBUSDT")?.simOnly).toBe(true), { timeout: 10_000 });
  });

  it("the running sim feed starts ticking a symbol added later; Binance leaves sim-only symbols to the sim", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-18T12:00:00Z") });
    const ticks: FeedTickInput[] = [];
    const feed = new SimFeed(5);
    await feed.start({ symbols: [], lastPrice: () => undefined, emit: (t) => ticks.push(t), log });
    const info: SymbolInfo = { ...token("ADDC", "2"), sortOrder: 1, enabled: true };
    feed.addSymbol(info);
    feed.addSymbol(info); // once only
    vi.advanceTimersByTime(10_000);
    await feed.stop();
    const mine = ticks.filter((t) => t.symbol === "ADDCUSDT");
    expect(mine.length).toBeGreaterThan(9);
    expect(mine.length).toBeLessThan(41);
    expect(Math.abs(Number(mine[0]?.price) - 2)).toBeLessThan(0.2);
    expect(BinanceFeed.covers(info)).toBe(false);
    expect(BinanceFeed.covers({ ...info, simOnly: false })).toBe(true);
  });
});
