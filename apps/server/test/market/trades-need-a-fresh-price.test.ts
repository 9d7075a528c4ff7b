// One freshness rule for every path that prices a trade (issue 18 item 1): with a last
// tick 5 minutes old, futures open and close, spot market orders, option buys and flash
// exchanges are refused with 409 "price not available", and a crossing limit order does
// not fill at that tick (it rests and fills at the next fresh tick that crosses); with a
// fresh tick all of them succeed. Friday's FX close is refused at Monday's open until the
// new session's first tick. Previews still show the old quote, flagged stale.
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config";
import { openOk } from "../contracts/factory";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, post, tick, waitFor } from "../options/trading-helpers";

// The production limits (other test files run with a looser one so a slow machine never
// makes their ticks stale between two steps).
const { app, database } = await setupApp({ quoteMaxAgeMs: loadConfig({}).quoteMaxAgeMs });
const STALE_MESSAGE = "Price not available right now, please try again";
const FIVE_MINUTES_AGO = () => Date.now() - 300_000;

afterEach(() => {
  vi.useRealTimers();
});

/** Let the wall clock read `at` (only Date; timers, the database and the server keep running). */
function clockAt(at: number) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
}

const futuresOpen = (token: string, body: Record<string, unknown>) =>
  post(app, token, "/api/trade/appTradePositions/create", body);

describe("a last tick 5 minutes old prices no trade", () => {
  it("futures open → 409, balance untouched; the preview shows the old quote flagged stale", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick(app, "BTCUSDT", "60000", FIVE_MINUTES_AGO());
    const res = await futuresOpen(c.token, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STALE_MESSAGE);
    expect(await available(database, c.id, "USDT")).toBe("1000");
    const preview = await get(
      app,
      c.token,
      "/api/trade/appTradePositions/preview?symbol=BTCUSDT&direction=long&margin=100&leverage=2",
    );
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({ price: "60000.00", stale: true });

    const fresh = tick(app, "BTCUSDT", "60010");
    const ok = await futuresOpen(c.token, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.openTick).toEqual({ price: "60010.00", ts: fresh.ts });
    const again = await get(
      app,
      c.token,
      "/api/trade/appTradePositions/preview?symbol=BTCUSDT&direction=long&margin=100&leverage=2",
    );
    expect(again.body.result.stale).toBe(false);
  });

  it("futures manual close → 409 when the last tick is 5 minutes old; the position stays open; a fresh tick closes it", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const start = Date.now();
    tick(app, "BNBUSDT", "900", start);
    const p = await openOk(
      app,
      { id: c.id, token: c.token },
      {
        symbol: "BNBUSDT",
        direction: "long",
        margin: "100",
        leverage: 2,
      },
    );
    clockAt(start + 300_000);
    const close = await post(app, c.token, `/api/trade/appTradePositions/close/${p.id}`);
    expect(close.status).toBe(409);
    expect(close.body.message).toBe(STALE_MESSAGE);
    expect((await get(app, c.token, `/api/trade/appTradePositions/detail/${p.id}`)).body.result.status).toBe("open");
    const fresh = tick(app, "BNBUSDT", "910", start + 300_000);
    const closed = await post(app, c.token, `/api/trade/appTradePositions/close/${p.id}`);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.result.closeTick).toEqual({ price: "910.00", ts: fresh.ts });
  });

  it("spot market order → 409, nothing moves; with a fresh tick it fills", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick(app, "ETHUSDT", "3000", FIVE_MINUTES_AGO());
    const body = { symbol: "ETHUSDT", side: "buy", type: "market", quantity: "0.1" };
    const res = await post(app, c.token, "/api/trade/appSpotOrder/create", body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STALE_MESSAGE);
    expect(await available(database, c.id, "USDT")).toBe("1000");
    const fresh = tick(app, "ETHUSDT", "3001");
    const ok = await post(app, c.token, "/api/trade/appSpotOrder/create", body);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ status: "filled", fillTick: { price: "3001.00", ts: fresh.ts } });
  });

  it("a crossing limit buy does not fill at a 5-minute-old tick: it rests and fills at the next fresh crossing tick", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick(app, "LTCUSDT", "90", FIVE_MINUTES_AGO()); // ask 90.05, well under the limit
    const placed = await post(app, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "LTCUSDT",
      side: "buy",
      type: "limit",
      quantity: "1",
      price: "95",
    });
    expect(placed.status).toBe(200);
    expect(placed.body.result).toMatchObject({ status: "open", price: null, fillTick: null, heldAmount: "95.095" });
    await app.spotSettler.idle();
    const id = placed.body.result.id;
    expect((await get(app, c.token, `/api/trade/appSpotOrder/detail/${id}`)).body.result.status).toBe("open");

    const fresh = tick(app, "LTCUSDT", "94"); // ask 94.047 → 94.05 ≤ 95
    const filled = await waitFor(
      async () => (await get(app, c.token, `/api/trade/appSpotOrder/detail/${id}`)).body.result,
      (r) => r.status === "filled",
    );
    expect(filled).toMatchObject({ status: "filled", price: "94.05", fillTick: { price: "94.00", ts: fresh.ts } });
  });

  it("option buy → 409; with a fresh tick the open price and evidence are exactly that tick", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const sets = await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=SOLUSDT");
    const set = sets.body.result.find((s: { periodSeconds: number }) => s.periodSeconds === 30);
    tick(app, "SOLUSDT", "140", FIVE_MINUTES_AGO());
    const body = { symbol: "SOLUSDT", setId: set.id, direction: "up", amount: "10" };
    const res = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STALE_MESSAGE);
    expect(await available(database, c.id, "USDT")).toBe("100");

    const fresh = tick(app, "SOLUSDT", "141.234");
    const ok = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", body);
    expect(ok.status).toBe(200);
    expect(ok.body.result.openPrice).toBe("141.23");
    expect(ok.body.result.openTick).toEqual({ price: "141.23", ts: fresh.ts });
  });

  it("flash exchange → 409 and the quote flags the rate stale; with a fresh tick it executes", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    tick(app, "XRPUSDT", "2.2", FIVE_MINUTES_AGO());
    const quote = await get(app, c.token, "/api/trade/appFlashExchangeLog/quote?from=USDT&to=XRP&amount=10");
    expect(quote.status).toBe(200);
    expect(quote.body.result.stale).toBe(true);
    const body = { from: "USDT", to: "XRP", amount: "10" };
    const res = await post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STALE_MESSAGE);
    expect(await available(database, c.id, "USDT")).toBe("100");

    tick(app, "XRPUSDT", "2.2");
    expect(
      (await get(app, c.token, "/api/trade/appFlashExchangeLog/quote?from=USDT&to=XRP&amount=10")).body.result.stale,
    ).toBe(false);
    const ok = await post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", body);
    expect(ok.status).toBe(200);
    expect(await available(database, c.id, "USDT")).toBe("90");
  });
});

describe("Friday's FX close at Monday's open", () => {
  it("is refused until the new session's first tick arrives", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const fridayClose = Date.UTC(2026, 10, 20, 21, 59, 50); // Friday 20 Nov 2026, 10 s before 22:00
    const sundayOpen = Date.UTC(2026, 10, 22, 22, 0, 30); // the session reopens Sunday 22:00 UTC
    clockAt(fridayClose);
    tick(app, "USDCHF", "0.80000", fridayClose);
    clockAt(sundayOpen);
    const body = { symbol: "USDCHF", direction: "long", margin: "100", leverage: 30 };
    const res = await futuresOpen(c.token, body);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(STALE_MESSAGE);
    expect(await available(database, c.id, "USDT")).toBe("1000");

    const monday = tick(app, "USDCHF", "0.81000", sundayOpen);
    const ok = await futuresOpen(c.token, body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.openTick).toEqual({ price: "0.81000", ts: monday.ts });
  });

  it("the limit is per asset class and configurable: 10 s for forex, 5 s for crypto by default", () => {
    const now = Date.now();
    tick(app, "GBPUSD", "1.31", now - 8000);
    tick(app, "DOGEUSDT", "0.16", now - 8000);
    expect(app.market.tradeQuote("GBPUSD", now).price).toBe("1.31000");
    expect(() => app.market.tradeQuote("DOGEUSDT", now)).toThrow("marketPriceStale");
    expect(app.config.quoteMaxAgeMs).toEqual({ crypto: 5000, metal: 10_000, forex: 10_000 });
  });
});
