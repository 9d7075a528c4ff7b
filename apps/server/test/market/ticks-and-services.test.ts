// Service functions other modules use: recorded ticks for settlement, quotes,
// symbol info, USDT valuation, trading hours; and ticks on the event bus.
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/lib/errors";
import type { MarketTick } from "../../src/modules/market/service";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const market = app.market;
const T = Date.now() - 60 * 60_000;

describe("recorded ticks for settlement", () => {
  it("finds the first tick at or after a time, from memory and after writing", async () => {
    for (const [offset, price] of [
      [0, "3000"],
      [400, "3001"],
      [1000, "3002.5"],
      [1000, "3003"],
      [2600, "2999"],
    ] as const) {
      market.ingest({ symbol: "ETHUSDT", price, ts: T + offset, volume: "0.1" });
    }
    expect((await market.firstTickAtOrAfter("ETHUSDT", T + 1))?.price).toBe("3001.00");
    expect((await market.firstTickAtOrAfter("ETHUSDT", T + 1000))?.price).toBe("3002.50"); // the first of two equal times
    expect(await market.firstTickAtOrAfter("ETHUSDT", T + 2601)).toBeNull(); // not produced yet
    await market.flush();
    const rows = await database.query<{ n: number | string }>(
      "SELECT count(*) AS n FROM market_ticks WHERE symbol = 'ETHUSDT'",
    );
    expect(Number(rows[0]?.n)).toBe(5);
    const between = await market.ticksBetween("ETHUSDT", T + 400, T + 1000);
    expect(between.map((t) => t.price)).toEqual(["3001.00", "3002.50", "3003.00"]);
    expect(between[0]).toMatchObject({ symbol: "ETHUSDT", ts: T + 400, source: "manual" });
  });

  it("reads recorded ticks from the database when memory no longer covers the time", async () => {
    const before = T - 10 * 60_000;
    await database.query(
      "INSERT INTO market_ticks (symbol, ts, price, volume, source) VALUES ('ETHUSDT', $1, 2950, 0, 'sim')",
      [new Date(before).toISOString()],
    );
    const tick = await market.firstTickAtOrAfter("ETHUSDT", before - 5000);
    expect(tick).toMatchObject({ symbol: "ETHUSDT", price: "2950.00", ts: before, source: "sim" });
  });

  it("drops recorded ticks older than the retention window", async () => {
    await database.query(
      "INSERT INTO market_ticks (symbol, ts, price, volume, source) VALUES ('ETHUSDT', now() - interval '5 hours', 1, 0, 'sim')",
    );
    await market.ticks.prune(180);
    const old = await database.query("SELECT 1 FROM market_ticks WHERE ts < now() - interval '3 hours'");
    expect(old).toEqual([]);
    expect((await market.ticksBetween("ETHUSDT", T, T + 5000)).length).toBe(5);
  });
});

describe("symbol information and quotes", () => {
  it("gives precision, spread, leverage cap and asset class", () => {
    expect(market.symbol("xauusd")).toMatchObject({
      symbol: "XAUUSD",
      assetClass: "metal",
      pricePrecision: 2,
      spread: "0.0001",
      maxLeverage: 20,
    });
    expect(() => market.symbol("NOPE")).toThrow(AppError);
    expect(market.findSymbol("NOPE")).toBeUndefined();
  });

  it("knows trading hours", () => {
    const saturday = Date.parse("2026-11-21T12:00:00Z");
    const monday = Date.parse("2026-11-23T12:00:00Z");
    expect(market.isMarketOpen("BTCUSDT", saturday)).toBe(true);
    expect(market.isMarketOpen("EURUSD", saturday)).toBe(false);
    expect(market.isMarketOpen("XAUUSD", monday)).toBe(true);
  });

  it("values currencies in USDT", () => {
    market.ingest({ symbol: "BTCUSDT", price: "64000", ts: Date.now() });
    market.ingest({ symbol: "USDJPY", price: "160", ts: Date.now() });
    market.ingest({ symbol: "EURUSD", price: "1.1", ts: Date.now() });
    expect(market.usdtRate("USDT")).toBe("1");
    expect(market.usdtRate("btc")).toBe("64000.00");
    expect(market.usdtRate("EUR")).toBe("1.10000");
    expect(market.usdtRate("JPY")).toBe("0.00625");
    expect(market.usdtRate("DOGE")).toBeNull(); // listed, but no price yet
    expect(market.usdtRate("ZZZ")).toBeNull();
  });

  it("rejects a tick for an unknown symbol or with a bad price", () => {
    expect(() => market.ingest({ symbol: "NOPE", price: "1" })).toThrow(AppError);
    expect(() => market.ingest({ symbol: "BTCUSDT", price: "-1" })).toThrow(AppError);
    expect(() => market.ingest({ symbol: "BTCUSDT", price: "abc" })).toThrow(AppError);
  });
});

describe("event bus", () => {
  it("publishes every accepted tick once it is recorded, with its place in the sequence (issue 32 §3)", async () => {
    await market.flushTicks(); // earlier tests' ticks
    const seen: MarketTick[] = [];
    const off = app.bus.subscribe("market.tick", (t) => t.symbol === "TRXUSDT" && seen.push(t));
    const ts = Date.now() + 1;
    market.ingest({ symbol: "TRXUSDT", price: "0.281234", volume: "10", ts, source: "sim" });
    // Not on the bus before its record has committed; this node's price moves at once.
    expect(seen).toEqual([]);
    expect(market.lastTick("TRXUSDT")?.price).toBe("0.28123");
    await market.flushTicks();
    off();
    market.ingest({ symbol: "TRXUSDT", price: "0.29", ts: ts + 1 });
    await market.flushTicks();
    expect(seen).toEqual([
      { symbol: "TRXUSDT", price: "0.28123", ts, volume: "10", source: "sim", seq: expect.any(Number) },
    ]);
  });
});
