// Spot through the API: market orders fill at once at the ask/bid (one ledger batch with
// the fee), limit orders hold funds and fill at the crossing tick (at the limit or
// better), cancel releases the hold, precision and minimum value, isolation, demo money.
import { describe, expect, it } from "vitest";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, held, platformBalance, post, tick, transfersOf, waitFor } from "../options/trading-helpers";

const { app, database } = await setupApp();

const create = (token: string, body: Record<string, unknown>) =>
  post(app, token, "/api/trade/appSpotOrder/create", body);

describe("settings", () => {
  it("lists the fee rate, minimum value and the tradable crypto symbols", async () => {
    const res = await app.inject({ method: "GET", url: "/api/trade/appSpotOrder/settings" });
    expect(res.statusCode).toBe(200);
    const s = res.json().result;
    expect(s).toMatchObject({ feeRate: "0.001", minNotional: "5" });
    expect(s.symbols).toContainEqual({
      symbol: "BTCUSDT",
      base: "BTC",
      quote: "USDT",
      pricePrecision: 2,
      qtyPrecision: 5,
    });
    expect(s.symbols.map((x: { symbol: string }) => x.symbol)).not.toContain("XAUUSD");
  });
});

describe("market orders", () => {
  it("a buy fills at once at the ask: quote to the treasury, base from it, fee to fees", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "10000");
    // BTC spread 0.0004 around 65000: bid 64987, ask 65013.
    tick(app, "BTCUSDT", "65000");
    const feesBefore = await platformBalance(database, "fees", "USDT");
    const res = await create(c.token, { symbol: "BTCUSDT", side: "buy", type: "market", quantity: "0.1" });
    expect(res.status).toBe(200);
    const o = res.body.result;
    expect(o).toMatchObject({
      status: "filled",
      price: "65013.00",
      notional: "6501.3",
      fee: "6.5013",
      feeRate: "0.001",
      limitPrice: null,
      fillTick: { price: "65000.00", bid: "64987.00", ask: "65013.00" },
    });
    expect(await available(database, c.id, "USDT")).toBe("3492.1987");
    expect(await available(database, c.id, "BTC")).toBe("0.1");
    expect(Number(await platformBalance(database, "fees", "USDT")) - Number(feesBefore)).toBeCloseTo(6.5013, 8);
    const legs = await transfersOf(database, "spot_order", o.id);
    expect(legs.map((t) => [t.key, t.currency, t.amount])).toEqual([
      [`spot:${o.id}`, "USDT", "6501.3"],
      [`spot:${o.id}:receive`, "BTC", "0.1"],
      [`spot:${o.id}:fee`, "USDT", "6.5013"],
    ]);
  });

  it("a sell fills at the bid and receives the notional less the fee", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "ETH", "2");
    tick(app, "ETHUSDT", "3000"); // spread 0.0005: bid 2999.25, ask 3000.75
    const o = (await create(c.token, { symbol: "ETHUSDT", side: "sell", type: "market", quantity: "1.5" })).body.result;
    expect(o).toMatchObject({ status: "filled", price: "2999.25", notional: "4498.875", fee: "4.498875" });
    expect(await available(database, c.id, "ETH")).toBe("0.5");
    expect(await available(database, c.id, "USDT")).toBe("4494.376125");
  });

  it("not enough balance is a 409 and nothing is written", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    tick(app, "BTCUSDT", "65000", Date.now() + 1);
    const res = await create(c.token, { symbol: "BTCUSDT", side: "buy", type: "market", quantity: "0.01" });
    expect(res.status).toBe(409);
    expect((await get(app, c.token, "/api/trade/appSpotOrder/listMy")).body.result.total).toBe(0);
    expect(await available(database, c.id, "USDT")).toBe("100");
  });
});

describe("validation", () => {
  it("quantity and price precision by symbol, minimum value, price rules, tradable symbols", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick(app, "SOLUSDT", "140");
    const q = await create(c.token, { symbol: "SOLUSDT", side: "buy", type: "market", quantity: "0.1234" });
    expect(q.status).toBe(400);
    expect(q.body.message).toBe("quantity can have at most 3 decimals");
    const p = await create(c.token, { symbol: "SOLUSDT", side: "buy", type: "limit", quantity: "1", price: "139.123" });
    expect(p.body.message).toBe("price can have at most 2 decimals");
    const small = await create(c.token, { symbol: "SOLUSDT", side: "buy", type: "market", quantity: "0.01" });
    expect(small.status).toBe(400);
    expect(small.body.message).toBe("quantity: the order value must be at least 5 USDT");
    expect((await create(c.token, { symbol: "SOLUSDT", side: "buy", type: "limit", quantity: "1" })).body.message).toBe(
      "price is required for a limit order",
    );
    expect(
      (await create(c.token, { symbol: "SOLUSDT", side: "buy", type: "market", quantity: "1", price: "1" })).status,
    ).toBe(400);
    expect((await create(c.token, { symbol: "XAUUSD", side: "buy", type: "market", quantity: "1" })).status).toBe(400);
    expect((await create(c.token, { symbol: "NOPE", side: "buy", type: "market", quantity: "1" })).status).toBe(404);
    expect((await create(c.token, { symbol: "SOLUSDT", side: "hold", type: "market", quantity: "1" })).status).toBe(
      400,
    );
    expect((await create(c.token, { symbol: "SOLUSDT", side: "buy", type: "market", quantity: "0" })).status).toBe(400);
    expect(await available(database, c.id, "USDT")).toBe("1000");
  });
});

describe("limit orders", () => {
  it("a buy limit holds quote + fee, fills at the crossing tick at the better ask, and releases the rest", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick(app, "BNBUSDT", "900"); // spread 0.0008: ask 900.36
    const res = await create(c.token, { symbol: "BNBUSDT", side: "buy", type: "limit", quantity: "1", price: "880" });
    expect(res.status).toBe(200);
    const o = res.body.result;
    expect(o).toMatchObject({ status: "open", limitPrice: "880.00", heldAmount: "880.88", price: null });
    expect(await available(database, c.id, "USDT")).toBe("119.12");
    expect(await held(database, c.id, "USDT")).toBe("880.88");
    const open = await get(app, c.token, "/api/trade/appSpotOrder/listMy?status=open");
    expect(open.body.result.records.map((r: { id: number }) => r.id)).toEqual([o.id]);

    tick(app, "BNBUSDT", "885"); // ask 885.354: not yet
    const crossing = tick(app, "BNBUSDT", "879.5"); // ask 879.8518 → 879.86 (rounded up) ≤ 880: fills there
    const filled = await waitFor(
      async () => (await get(app, c.token, `/api/trade/appSpotOrder/detail/${o.id}`)).body.result,
      (r) => r.status === "filled",
    );
    expect(filled).toMatchObject({
      status: "filled",
      price: "879.86",
      notional: "879.86",
      fee: "0.87986",
      heldAmount: null,
      fillTick: { price: "879.50", ts: crossing.ts, ask: "879.86" },
    });
    expect(await available(database, c.id, "USDT")).toBe("119.26014");
    expect(await held(database, c.id, "USDT")).toBe("0");
    expect(await available(database, c.id, "BNB")).toBe("1");
    const keys = (await transfersOf(database, "spot_order", o.id)).map((t) => t.key);
    expect(keys).toEqual([
      `spot:${o.id}:hold`,
      `fill:spot:${o.id}`,
      `fill:spot:${o.id}:receive`,
      `fill:spot:${o.id}:fee`,
    ]);
    const fills = await get(app, c.token, "/api/trade/appSpotOrder/listMy?status=filled");
    expect(fills.body.result.records[0].id).toBe(o.id);
  });

  it("a sell limit holds the base and fills when the bid reaches the limit", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "LINK", "10");
    tick(app, "LINKUSDT", "13.5");
    const o = (await create(c.token, { symbol: "LINKUSDT", side: "sell", type: "limit", quantity: "10", price: "14" }))
      .body.result;
    expect(o.status).toBe("open");
    expect(await available(database, c.id, "LINK")).toBe("0");
    tick(app, "LINKUSDT", "14.01"); // bid 14.001594 → 14.001 (rounded down) ≥ 14: fills at the better bid
    const filled = await waitFor(
      async () => (await get(app, c.token, `/api/trade/appSpotOrder/detail/${o.id}`)).body.result,
      (r) => r.status === "filled",
    );
    expect(filled).toMatchObject({ price: "14.001", notional: "140.01", fee: "0.14001" });
    expect(await available(database, c.id, "USDT")).toBe("139.86999");
    expect(await held(database, c.id, "LINK")).toBe("0");
  });

  it("a limit order that already crosses fills at once at the better price", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick(app, "LTCUSDT", "90"); // ask 90.045 → 90.05 (2 decimals)
    const o = (await create(c.token, { symbol: "LTCUSDT", side: "buy", type: "limit", quantity: "1", price: "95" }))
      .body.result;
    expect(o).toMatchObject({ status: "filled", price: "90.05", notional: "90.05" });
    expect(await available(database, c.id, "USDT")).toBe("909.85995");
  });

  it("cancel releases the hold; a second cancel is 409; another customer's order is 404", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const other = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "500");
    tick(app, "DOTUSDT", "2.8");
    const o = (await create(c.token, { symbol: "DOTUSDT", side: "buy", type: "limit", quantity: "100", price: "2.5" }))
      .body.result;
    expect(await available(database, c.id, "USDT")).toBe("249.75");
    expect((await post(app, other.token, `/api/trade/appSpotOrder/cancel/${o.id}`)).status).toBe(404);
    expect((await get(app, other.token, `/api/trade/appSpotOrder/detail/${o.id}`)).status).toBe(404);
    const cancelled = await post(app, c.token, `/api/trade/appSpotOrder/cancel/${o.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.result).toMatchObject({ status: "cancelled", heldAmount: null });
    expect(await available(database, c.id, "USDT")).toBe("500");
    expect(await held(database, c.id, "USDT")).toBe("0");
    expect((await post(app, c.token, `/api/trade/appSpotOrder/cancel/${o.id}`)).status).toBe(409);
    // A later crossing tick fills nothing.
    tick(app, "DOTUSDT", "2.4");
    await app.spotSettler.idle();
    expect((await get(app, c.token, `/api/trade/appSpotOrder/detail/${o.id}`)).body.result.status).toBe("cancelled");
    expect(await available(database, c.id, "DOT")).toBe("0");
  });

  it("a fill and a cancel racing: exactly one wins and the money moves once", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "500");
    tick(app, "AVAXUSDT", "14");
    const o = (await create(c.token, { symbol: "AVAXUSDT", side: "buy", type: "limit", quantity: "10", price: "13" }))
      .body.result;
    const t = app.spotService.fillTick(app.market.symbol("AVAXUSDT"), { price: "12.9", ts: Date.now() });
    const [fill1, cancel, fill2] = await Promise.allSettled([
      app.spotService.fill(o.id, t),
      post(app, c.token, `/api/trade/appSpotOrder/cancel/${o.id}`),
      app.spotService.fill(o.id, t),
    ]);
    const final = (await get(app, c.token, `/api/trade/appSpotOrder/detail/${o.id}`)).body.result;
    const fills = [fill1, fill2].filter((r) => r.status === "fulfilled" && r.value === "filled").length;
    if (final.status === "filled") {
      expect(fills).toBe(1);
      expect(cancel.status === "fulfilled" && cancel.value.status).toBe(409);
      expect(await available(database, c.id, "AVAX")).toBe("10");
    } else {
      expect(final.status).toBe("cancelled");
      expect(fills).toBe(0);
      expect(await available(database, c.id, "USDT")).toBe("500");
    }
    expect(await held(database, c.id, "USDT")).toBe("0");
  });

  it("recover() fills what crossed while no node led, at the first recorded crossing tick", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "500");
    tick(app, "XRPUSDT", "2.2");
    await app.settlement.stop();
    try {
      const o = (
        await create(c.token, { symbol: "XRPUSDT", side: "buy", type: "limit", quantity: "100", price: "2.1" })
      ).body.result;
      tick(app, "XRPUSDT", "2.15");
      const first = tick(app, "XRPUSDT", "2.05"); // ask 2.051025 → 2.0511: the first crossing
      tick(app, "XRPUSDT", "2.0");
      await app.market.flush();
      expect((await get(app, c.token, `/api/trade/appSpotOrder/detail/${o.id}`)).body.result.status).toBe("open");
      await app.settlement.start();
      await app.spotSettler.idle();
      const r = (await get(app, c.token, `/api/trade/appSpotOrder/detail/${o.id}`)).body.result;
      expect(r).toMatchObject({ status: "filled", price: "2.0511", fillTick: { ts: first.ts, price: "2.0500" } });
    } finally {
      await app.settlement.start();
    }
  });
});

describe("demo money", () => {
  it("demo spot trades VUSDT against virtual base currencies; a demo reset returns them", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "50");
    tick(app, "ADAUSDT", "0.5"); // spread 0.0012: ask 0.5003
    const o = (
      await create(c.token, { symbol: "ADAUSDT", side: "buy", type: "market", quantity: "1000", mode: "demo" })
    ).body.result;
    expect(o).toMatchObject({
      status: "filled",
      mode: "demo",
      baseCurrency: "VADA",
      quoteCurrency: "VUSDT",
      price: "0.5003",
    });
    expect(await available(database, c.id, "VADA", "demo")).toBe("1000");
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("9499.1997");
    expect(await available(database, c.id, "USDT")).toBe("50");
    // The demo screens read the virtual holdings by the currency they stand for.
    const holdings = (await get(app, c.token, "/api/trade/appDemoAccount/holdings")).body.result;
    expect(holdings).toEqual(
      expect.arrayContaining([
        { currency: "ADA", virtualCurrency: "VADA", available: "1000", held: "0" },
        { currency: "USDT", virtualCurrency: "VUSDT", available: "9499.1997", held: "0" },
      ]),
    );
    const limit = (
      await create(c.token, {
        symbol: "ADAUSDT",
        side: "buy",
        type: "limit",
        quantity: "100",
        price: "0.4",
        mode: "demo",
      })
    ).body.result;
    expect(limit.status).toBe("open");
    expect((await get(app, c.token, "/api/trade/appSpotOrder/listMy")).body.result.total).toBe(0);
    expect((await get(app, c.token, "/api/trade/appSpotOrder/listMy?mode=demo")).body.result.total).toBe(2);

    expect((await post(app, c.token, "/api/trade/appDemoAccount/reset", {})).status).toBe(200);
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("10000");
    expect(await available(database, c.id, "VADA", "demo")).toBe("0");
    expect((await get(app, c.token, `/api/trade/appSpotOrder/detail/${limit.id}`)).body.result.status).toBe(
      "cancelled",
    );
  });
});
