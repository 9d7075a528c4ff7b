// MARKET_FEED=index end to end (issue 32 §2), against four local venue servers (no network):
// the venues' quotes make index ticks whose readings are recorded and named in a settled
// trade's evidence; a lying venue is left out; two venues gone halt the symbol (new trades
// 409 "price not available", in the caller's language) until they return; an admin's
// exclusion moves the index to the others, is audited, and is for admins only; the health
// and customer sources endpoints show it all.
import type { PositionTick } from "@candor/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { closeRes, detail, open, openOk, settled } from "../contracts/factory";
import { auth, createStaffMember, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { allConnected, closeVenues, indexConfig, quote, startVenues, VENUES } from "./index-venues";

const venues = await startVenues();
const { app, database } = await setupApp(indexConfig(venues, { minSources: 3, maxAgeMs: 1500 }));
await app.market.start();
await vi.waitFor(() => expect(allConnected(venues)).toBe(true), { timeout: 5000 });
const admin = await createStaffMember(app, database, "admin");
const finance = await createStaffMember(app, database, "finance");

afterAll(async () => {
  await app.close();
  await closeVenues(venues);
});

const all = (price: string) => Object.fromEntries(VENUES.map((v) => [v, price]));
/** Quotes until the index shows `price` (each round is a fresh reading from every named venue). */
async function priced(prices: Parameters<typeof quote>[1], price: string) {
  await vi.waitFor(
    () => {
      quote(venues, prices);
      expect(app.market.lastTick("BTCUSDT")?.price).toBe(price);
    },
    { timeout: 5000, interval: 50 },
  );
}
const sources = async () =>
  (await app.inject({ method: "GET", url: "/api/trade/appSymbol/sources?symbol=btcusdt" })).json().result;
const health = async (token: string) =>
  app.inject({ method: "GET", url: "/api/operator/market/health", headers: auth(token) });
const setWeight = (token: string, source: string, weight: string) =>
  app.inject({
    method: "POST",
    url: "/api/operator/market/sources/update",
    headers: auth(token),
    payload: { source, weight },
  });

describe("index ticks", () => {
  it("the venues' quotes make the tick; its readings are recorded and named in a settled trade's evidence", async () => {
    await priced(all("60000"), "60000.00");
    const trader = await fundedCustomer(app, database, "10000");
    const position = await openOk(app, trader, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: "2",
      takeProfit: "60300",
    });
    await priced(all("60400"), "60400.00");
    await settled(app);
    await vi.waitFor(async () => expect((await detail(app, trader, position.id)).status).toBe("closed"));
    const record = (await detail(app, trader, position.id)) as unknown as {
      openTick: PositionTick;
      closeTick: PositionTick;
    };
    expect(record.openTick.sources).toHaveLength(4);
    expect(record.closeTick.price).toBe("60400.00");
    expect(record.closeTick.sources?.map((s) => s.source).sort()).toEqual([...VENUES].sort());
    expect(record.closeTick.sources?.[0]).toMatchObject({ price: "60400", weight: "1", used: true });

    await app.market.flush();
    const [row] = await database.query<{ components: unknown }>(
      "SELECT components FROM market_ticks WHERE symbol = 'BTCUSDT' AND price = 60400 ORDER BY id LIMIT 1",
    );
    expect(row?.components).toHaveLength(4);
  });

  it("a venue far from the others is left out: the index is the others' median and the venue shows as an outlier", async () => {
    await priced({ binance: "61000", okx: "61010", coinbase: "61020", kraken: "65000" }, "61010.00");
    const tick = app.market.lastTick("BTCUSDT");
    expect(tick?.components?.find((c) => c.source === "kraken")).toMatchObject({ used: false, reason: "outlier" });
    expect((await sources()).sources).toContainEqual({ source: "kraken", state: "outlier" });
  });
});

describe("a halted symbol", () => {
  it("two venues gone: new trades get 409 'price not available' in the caller's language; their return resumes trading", async () => {
    const trader = await fundedCustomer(app, database, "10000");
    await priced(all("61000"), "61000.00");
    const opened = await openOk(app, trader, { symbol: "BTCUSDT", direction: "long", margin: "50", leverage: "2" });

    // okx and kraken stop quoting; the index needs 3 fresh venues.
    await vi.waitFor(
      () => {
        quote(venues, { binance: "61000", coinbase: "61000" });
        expect(app.market.index.halt("BTCUSDT")).toMatchObject({ reason: "unavailable" });
      },
      { timeout: 5000, interval: 100 },
    );
    const body = { symbol: "BTCUSDT", direction: "long", margin: "50", leverage: "2" };
    const en = await open(app, trader, body);
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toMatch(/^Price not available/);
    const jp = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/create",
      headers: { ...auth(trader.token), "x-lang": "jp" },
      payload: body,
    });
    expect(jp.statusCode).toBe(409);
    expect(jp.json().message).toContain("価格を取得できません");
    expect((await sources()).halted).toMatchObject({ reason: "unavailable" });

    // Closing what is open is never blocked by a halt (only by a stale price).
    expect((await closeRes(app, trader, opened.id)).statusCode).toBe(200);

    await priced(all("61050"), "61050.00");
    expect(app.market.index.halt("BTCUSDT")).toBeNull();
    expect((await open(app, trader, body)).statusCode).toBe(200);
  });
});

describe("the operator's venue weights", () => {
  it("an admin excludes a venue: the index follows the others, the change is audited; finance gets 403", async () => {
    expect((await setWeight(finance.token, "binance", "0")).statusCode).toBe(403);
    const res = await setWeight(admin.token, "binance", "0");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ source: "binance", weight: "0" });

    await priced({ binance: "70000", okx: "62000", coinbase: "62010", kraken: "62020" }, "62010.00");
    expect(app.market.lastTick("BTCUSDT")?.components?.find((c) => c.source === "binance")).toMatchObject({
      used: false,
      reason: "excluded",
      weight: "0",
    });
    expect((await sources()).sources).toContainEqual({ source: "binance", state: "excluded" });

    const audit = await app.inject({
      method: "GET",
      url: "/api/operator/audit/list?targetType=market_source&pageSize=10",
      headers: auth(admin.token),
    });
    expect(audit.json().result.records[0]).toMatchObject({ before: { source: "binance", weight: "1" } });
    const [stored] = await database.query<{ weight: string }>("SELECT weight::text FROM market_source_weights");
    expect(Number(stored?.weight)).toBe(0);

    expect((await setWeight(admin.token, "binance", "11")).statusCode).toBe(400);
    expect((await setWeight(admin.token, "binance", "1")).statusCode).toBe(200);
  });
});

describe("what operators and customers see", () => {
  it("health: per symbol the halt, index age, deviation, held jump and every venue's state, price, age, weight", async () => {
    await priced({ binance: "62000", okx: "62010", coinbase: "62020", kraken: "62030" }, "62015.00");
    const res = await health(finance.token);
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ feedLeader: true, feed: "index" });
    expect(typeof result.node).toBe("string");
    const btc = result.symbols.find((s: { symbol: string }) => s.symbol === "BTCUSDT");
    expect(btc).toMatchObject({ halted: null, held: null, deviationPct: "0.0241" });
    expect(btc.indexAgeMs).toBeGreaterThanOrEqual(0);
    expect(btc.sources).toHaveLength(4);
    expect(btc.sources[0]).toMatchObject({ state: "live", weight: "1" });
    // A symbol no venue quoted yet is halted; a metal without OANDA is simulated (sandbox).
    expect(result.symbols.find((s: { symbol: string }) => s.symbol === "ETHUSDT").halted).toMatchObject({
      reason: "unavailable",
    });
    expect(result.symbols.find((s: { symbol: string }) => s.symbol === "XAUUSD").sources).toEqual([]);
    const customer = await fundedCustomer(app, database, "0");
    expect((await health(customer.token)).statusCode).toBe(403);
  });

  it("sources: a customer sees the venues, the index rule and that the price is real", async () => {
    expect(await sources()).toMatchObject({
      symbol: "BTCUSDT",
      simulated: false,
      rule: { kind: "index", minSources: 3, maxAgeMs: 1500, bandPct: "1" },
      halted: null,
    });
    const gold = (await app.inject({ method: "GET", url: "/api/trade/appSymbol/sources?symbol=XAUUSD" })).json().result;
    expect(gold).toMatchObject({ simulated: true, rule: { kind: "simulated" }, sources: [], halted: null });
  });
});
