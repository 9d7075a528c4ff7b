// Issue 32 §2: "every recorded tick stores its components … so the evidence shown on a
// settled trade names the sources that made the price" — for options (opening and settling
// tick) and spot (the fill tick, at once or by the settler), as for futures
// (index-feed-end-to-end.test.ts). Index ticks are pushed with their venue readings; a
// simulated tick has none and its evidence names none.
import type { IndexComponent } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { get, post, waitFor } from "../options/trading-helpers";

const { app, database } = await setupApp();

const readings = (price: string, ts: number): IndexComponent[] => [
  { source: "binance", price, sourceTime: ts - 40, weight: "1", used: true },
  { source: "okx", price, sourceTime: ts - 35, weight: "1", used: true },
  { source: "kraken", price: "1", sourceTime: ts - 30, weight: "1", used: false, reason: "outlier" },
];

function indexTick(symbol: string, price: string, ts = Date.now()) {
  const t = app.market.ingest({ symbol, price, ts, source: "index", components: readings(price, ts) });
  if (!t) throw new Error("tick ignored");
  return t;
}

async function customer() {
  const c = await registerCustomer(app, { countryCode: "US" });
  await fund(database, c.id, "USDT", "2000");
  return c;
}

describe("the evidence of an option names the venues", () => {
  it("of the tick it opened at and of the tick it settled at", async () => {
    const c = await customer();
    const sets = (await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=ETHUSDT")).body.result;
    const set = sets.find((s: { periodSeconds: number }) => s.periodSeconds === 30);
    indexTick("ETHUSDT", "3000.5");
    const bought = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "ETHUSDT",
      setId: set.id,
      direction: "up",
      amount: 20,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const o = bought.body.result;
    expect(o.openTick.sources.map((s: IndexComponent) => s.source)).toEqual(["binance", "okx", "kraken"]);
    expect(o.openTick.sources[2]).toMatchObject({ used: false, reason: "outlier" });

    indexTick("ETHUSDT", "3001.25", Date.parse(o.expiresAt) + 100);
    await app.market.flush();
    expect(["settled", "done"]).toContain(await app.optionService.settle(o.id));
    const done = (await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${o.id}`)).body.result;
    expect(done.closeTick.price).toBe("3001.25");
    expect(done.closeTick.sources).toEqual(readings("3001.25", done.closeTick.ts));
  });

  it("a simulated tick names none", async () => {
    const c = await customer();
    const sets = (await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=SOLUSDT")).body.result;
    app.market.ingest({ symbol: "SOLUSDT", price: "150.1", ts: Date.now() });
    const bought = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "SOLUSDT",
      setId: sets[0].id,
      direction: "down",
      amount: 20,
    });
    expect(bought.status).toBe(200);
    expect(bought.body.result.openTick).not.toHaveProperty("sources");
  });
});

describe("the evidence of a spot order names the venues of its fill tick", () => {
  it("a market order filled at once", async () => {
    const c = await customer();
    indexTick("LTCUSDT", "80.5");
    const res = await post(app, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "LTCUSDT",
      side: "buy",
      type: "market",
      quantity: "1",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.fillTick.sources.map((s: IndexComponent) => s.source)).toEqual(["binance", "okx", "kraken"]);
  });

  it("a limit order the settler fills at a later tick", async () => {
    const c = await customer();
    indexTick("DOTUSDT", "7.5");
    const res = await post(app, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "DOTUSDT",
      side: "buy",
      type: "limit",
      quantity: "10",
      price: "7.2",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.status).toBe("open");
    const crossing = indexTick("DOTUSDT", "7.1");
    const filled = await waitFor(
      async () => (await get(app, c.token, `/api/trade/appSpotOrder/detail/${res.body.result.id}`)).body.result,
      (r) => r.status === "filled",
    );
    expect(filled.fillTick.ts).toBe(crossing.ts);
    expect(filled.fillTick.sources).toEqual(readings("7.1", crossing.ts));
  });
});
