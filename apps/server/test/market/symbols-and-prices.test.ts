// Symbol list, current price with bid/ask, 24 h change and the rise/fall distribution.
import { describe, expect, it } from "vitest";
import { setupApp } from "../helper";

const { app } = await setupApp();
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: "GET", url, headers });

describe("symbol list", () => {
  it("lists crypto against USDT, gold and silver, and forex with the pinned fields", async () => {
    const res = await get("/api/trade/appSymbol/list");
    expect(res.statusCode).toBe(200);
    const list = res.json().result as Record<string, unknown>[];
    const symbols = list.map((s) => s.symbol);
    for (const base of ["BTC", "ETH", "BNB", "SOL", "XRP", "DOGE", "ADA", "TRX", "LTC", "DOT", "LINK", "AVAX"]) {
      expect(symbols).toContain(`${base}USDT`);
    }
    for (const s of ["XAUUSD", "XAGUSD", "EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCAD", "USDCHF"]) {
      expect(symbols).toContain(s);
    }
    for (const s of list) {
      for (const field of ["symbol", "base", "quote", "assetClass", "price", "change24h", "pricePrecision"]) {
        expect(s, field).toHaveProperty(field);
      }
      expect(s).toHaveProperty("qtyPrecision");
      expect(s).toHaveProperty("maxLeverage");
      expect(s.simulated).toBe(true);
      expect(s.spread).toMatch(/^0\.\d+$/);
    }
  });

  it.each([
    ["BTCUSDT", "crypto", 2],
    ["DOGEUSDT", "crypto", 2],
    ["XAUUSD", "metal", 20],
    ["XAGUSD", "metal", 10], // a commodity other than gold
    ["EURUSD", "forex", 30], // major pair
    ["USDJPY", "forex", 30],
    ["AUDUSD", "forex", 20], // AUD is not a major currency: minor pair
  ])("%s is %s with leverage capped at %ix (docs/product.md §1.6)", async (symbol, assetClass, cap) => {
    const list = (await get("/api/trade/appSymbol/list")).json().result as Record<string, unknown>[];
    expect(list.find((s) => s.symbol === symbol)).toMatchObject({ assetClass, maxLeverage: cap });
  });

  it("filters by asset class and states trading hours", async () => {
    const metals = (await get("/api/trade/appSymbol/list?assetClass=metal")).json().result as Record<string, unknown>[];
    expect(metals.map((s) => s.symbol).sort()).toEqual(["XAGUSD", "XAUUSD"]);
    expect(metals[0]?.tradingHours).toEqual({
      kind: "weekly",
      openDay: 0,
      openTime: "22:00",
      closeDay: 5,
      closeTime: "22:00",
    });
    const bad = await get("/api/trade/appSymbol/list?assetClass=stocks");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("assetClass");
  });
});

describe("price", () => {
  it("is 503 before the first tick, then follows ticks with bid/ask from the disclosed spread", async () => {
    const before = await get("/api/trade/appSymbol/price?symbol=BTCUSDT");
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ success: false, code: 503 });

    const now = Date.now();
    app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: now });
    const res = await get("/api/trade/appSymbol/price?symbol=btcusdt");
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({
      symbol: "BTCUSDT",
      price: "65000.00",
      bid: "64987.00",
      ask: "65013.00",
      ts: now,
      spread: "0.0004",
      simulated: true,
      marketOpen: true,
    });
  });

  it("rounds a feed price to the symbol's precision", async () => {
    const tick = app.market.ingest({ symbol: "EURUSD", price: "1.1550049", ts: Date.now() });
    expect(tick?.price).toBe("1.15500");
    expect(app.market.quote("EURUSD")).toMatchObject({ price: "1.15500", bid: "1.15494", ask: "1.15506" });
  });

  it.each([
    ["symbol=NOPE", 404, "Unknown symbol: NOPE"],
    ["symbol=", 400, "symbol"],
    ["symbol=BTC-USDT", 400, "symbol"],
    ["", 400, "symbol"],
  ])("?%s → %i naming the problem", async (query, status, text) => {
    const res = await get(`/api/trade/appSymbol/price?${query}`);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(text);
  });

  it("translates errors", async () => {
    const res = await get("/api/trade/appSymbol/price?symbol=NOPE", { "x-lang": "ko" });
    expect(res.json().message).toBe("알 수 없는 종목입니다: NOPE");
  });
});

describe("24 h change and distribution", () => {
  it("compares the price with the first candle of the last 24 hours", async () => {
    const now = Date.now();
    app.market.ingest({ symbol: "SOLUSDT", price: "100", ts: now - 30_000 });
    app.market.ingest({ symbol: "SOLUSDT", price: "112.5", ts: now - 10_000 });
    app.market.ingest({ symbol: "SOLUSDT", price: "105", ts: now });
    await app.market.flush();
    const list = (await get("/api/trade/appSymbol/list")).json().result as Record<string, unknown>[];
    expect(list.find((s) => s.symbol === "SOLUSDT")).toMatchObject({
      price: "105.00",
      open24h: "100.00",
      high24h: "112.50",
      low24h: "100.00",
      change24h: "5.00",
      bid: "104.94",
      ask: "105.06",
    });
  });

  it("for a market closed for days, shows the change over its last 24 hours of trading", async () => {
    const friday = Date.now() - 3 * 24 * 3_600_000;
    app.market.ingest({ symbol: "XAGUSD", price: "50", ts: friday - 20 * 3_600_000 });
    app.market.ingest({ symbol: "XAGUSD", price: "52", ts: friday - 3_600_000 });
    app.market.ingest({ symbol: "XAGUSD", price: "51", ts: friday });
    await app.market.flush();
    const list = (await get("/api/trade/appSymbol/list")).json().result as Record<string, unknown>[];
    expect(list.find((s) => s.symbol === "XAGUSD")).toMatchObject({
      price: "51.000",
      open24h: "50.000",
      high24h: "52.000",
      low24h: "50.000",
      change24h: "2.00",
      ts: friday,
    });
  });

  it("counts symbols by change bucket", async () => {
    const now = Date.now();
    app.market.ingest({ symbol: "ETHUSDT", price: "3000", ts: now - 20_000 });
    app.market.ingest({ symbol: "ETHUSDT", price: "2700", ts: now }); // -10 %
    app.market.ingest({ symbol: "XRPUSDT", price: "2", ts: now });
    await app.market.flush(); // write the candles and drop the cached 24 h figures
    const res = await get("/api/trade/api/getPriceDistribution?assetClass=crypto");
    expect(res.statusCode).toBe(200);
    const d = res.json().result;
    // BTC and XRP: one tick each (flat); SOL +5 %; ETH -10 %.
    expect(d).toMatchObject({ rise: 1, fall: 1, flat: 2, total: 4 });
    const count = (direction: string, from: string) =>
      d.buckets.find(
        (b: { direction: string; fromPercent: string }) => b.direction === direction && b.fromPercent === from,
      )?.count;
    expect(count("rise", "5")).toBe(1);
    expect(count("fall", "10")).toBe(1);
    expect(count("flat", "0")).toBe(2);
  });
});

describe("simulated prices are disclosed", () => {
  it("public settings name the feed", async () => {
    expect((await get("/api/sys/settings/public")).json().result.marketFeed).toBe("sim");
  });
});
