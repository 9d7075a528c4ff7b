// Opening futures positions: the pinned response, quantity and fees from the domain
// functions, one ledger batch (margin and opening fee) with the row, the 400/404/409
// rules, idempotent retries by clientRequestId, and the preview before opening.
import { dec, previewOpen } from "@candor/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { auth, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, open, openOk, platform, tick } from "./factory";

const { app, database } = await setupApp();
tick(app, "BTCUSDT", "60000");
tick(app, "XAUUSD", "2400");

const countPositions = async (userId: number) =>
  Number(
    (
      await database.query<{ n: number | string }>("SELECT count(*) AS n FROM futures_positions WHERE user_id = $1", [
        userId,
      ])
    )[0]?.n,
  );

// Gold trades on weekdays only; these tests are about futures rules, not the calendar.
beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("opening a position", () => {
  it("returns the pinned fields with quantity = margin × leverage / open price at the ask", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const btc = app.market.symbol("BTCUSDT");
    const q = app.market.quote("BTCUSDT");
    const p = await openOk(app, t, { symbol: "btcusdt", direction: "long", margin: "100", leverage: 2 });
    const expected = previewOpen({
      direction: "long",
      margin: "100",
      leverage: 2,
      bid: q.bid,
      ask: q.ask,
      pricePrecision: btc.pricePrecision,
      qtyPrecision: btc.qtyPrecision,
    });
    expect(p).toMatchObject({
      symbol: "BTCUSDT",
      direction: "long",
      openPrice: q.ask,
      margin: "100",
      leverage: 2,
      quantity: dec(expected.quantity).toFixed(btc.qtyPrecision),
      status: "open",
      mode: "real",
      currency: "USDT",
      openingFee: expected.openingFee,
      closeOutPrice: dec(expected.closeOutPrice).toFixed(btc.pricePrecision),
      takeProfit: null,
      stopLoss: null,
      openTick: { price: q.price, ts: q.ts },
    });
    expect(Object.keys(p)).toEqual(
      expect.arrayContaining(["id", "symbol", "direction", "openPrice", "margin", "leverage", "quantity", "status"]),
    );
  });

  it("a short opens at the bid", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const p = await openOk(app, t, { symbol: "XAUUSD", direction: "short", margin: 50, leverage: "20" });
    expect(p.openPrice).toBe(app.market.quote("XAUUSD").bid);
    expect(p.leverage).toBe(20);
  });

  it("moves margin and opening fee in one ledger batch with the row", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const feesBefore = await platform(database, "fees");
    const p = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "200", leverage: 10 });
    expect(p.openingFee).toBe("1"); // 200 × 10 × 0.0005
    expect(await balance(database, t.id)).toBe("799");
    expect(await balance(database, t.id, "margin")).toBe("200");
    expect(
      dec(await platform(database, "fees"))
        .minus(feesBefore)
        .toFixed(),
    ).toBe("1");
    const transfers = await getTransfersByReference(database.db, "futures_position", p.id);
    expect(transfers.map((x) => [x.key, x.kind, x.amount])).toEqual([
      [`futures:open:${p.id}:margin`, "futures_margin", "200"],
      [`futures:open:${p.id}:fee`, "futures_fee", "1"],
    ]);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("holds nothing: the available balance drops by margin + fee at once", async () => {
    const t = await fundedCustomer(app, database, "300");
    await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 20 });
    const res = await app.inject({
      method: "GET",
      url: "/api/trade/appTradePositions/summary",
      headers: auth(t.token),
    });
    expect(res.json().result).toMatchObject({
      mode: "real",
      currency: "USDT",
      count: 1,
      margin: "100",
      available: "199",
    });
  });
});

describe("what opening refuses", () => {
  it.each([
    ["leverage above the symbol's cap", 400, { symbol: "BTCUSDT", leverage: 3 }, /1 to 2/],
    ["leverage above gold's cap", 400, { symbol: "XAUUSD", leverage: 21 }, /1 to 20/],
    ["fractional leverage", 400, { leverage: "1.5" }, /whole number/],
    ["leverage 0", 400, { leverage: 0 }, /whole number/],
    ["margin with 9 decimals", 400, { margin: "1.123456789" }, /8 decimal/],
    ["negative margin", 400, { margin: "-5" }, /margin/],
    ["margin as text", 400, { margin: "lots" }, /margin/],
    ["missing direction", 400, { direction: undefined }, /direction/],
    ["unknown direction", 400, { direction: "up" }, /direction/],
    ["unknown symbol", 404, { symbol: "NOPEUSDT" }, /NOPEUSDT/],
    [
      "margin too small for one quantity step",
      400,
      { symbol: "BTCUSDT", margin: "0.01", leverage: 1 },
      /minimum quantity/,
    ],
    ["take-profit below a long's price", 400, { takeProfit: "50000" }, /Take-profit/],
    ["stop-loss above a long's price", 400, { stopLoss: "70000" }, /Stop-loss/],
    ["stop-loss beyond the close-out price", 400, { stopLoss: "30000" }, /close-out price/],
    ["take-profit with too many decimals", 400, { takeProfit: "70000.123" }, /2 decimal/],
    ["a negative stop-loss", 400, { stopLoss: "-1" }, /Stop-loss/],
    ["take-profit above a short's price", 400, { direction: "short", takeProfit: "70000" }, /Take-profit/],
    ["stop-loss below a short's price", 400, { direction: "short", stopLoss: "50000" }, /Stop-loss/],
    ["a bad mode", 400, { mode: "paper" }, /mode/],
  ] as const)("%s → %i", async (_name, status, change, message) => {
    const t = await fundedCustomer(app, database, "1000");
    const body = { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2, ...change };
    const res = await open(app, t, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, code: status });
    expect(res.json().message).toMatch(message);
    expect(await countPositions(t.id)).toBe(0);
    expect(await balance(database, t.id)).toBe("1000");
  });

  it("not enough available balance → 409 and nothing written", async () => {
    const t = await fundedCustomer(app, database, "100");
    const res = await open(app, t, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    expect(res.statusCode).toBe(409); // 100 margin + 0.1 fee > 100
    expect(await countPositions(t.id)).toBe(0);
    expect(await balance(database, t.id)).toBe("100");
    expect(await balance(database, t.id, "margin")).toBe("0");
  });

  it("market closed → 409 with a clear message", async () => {
    const t = await fundedCustomer(app, database, "1000");
    vi.mocked(app.market.isMarketOpen).mockReturnValue(false);
    const res = await open(app, t, { symbol: "XAUUSD", direction: "long", margin: "10", leverage: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("The XAUUSD market is closed now");
    expect(await countPositions(t.id)).toBe(0);
  });

  it("the message is in the caller's language", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const res = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/create",
      headers: { ...auth(t.token), "x-lang": "ko" },
      payload: { symbol: "BTCUSDT", direction: "long", margin: "10", leverage: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("레버리지");
  });

  it("needs a logged-in customer", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/create",
      payload: { symbol: "BTCUSDT", direction: "long", margin: "10", leverage: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("retries with clientRequestId", () => {
  it("the same id gives the same position and charges once", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const body = { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10, clientRequestId: "order-1" };
    const first = await openOk(app, t, body);
    const second = await openOk(app, t, body);
    expect(second).toEqual(first);
    expect(await countPositions(t.id)).toBe(1);
    expect(await balance(database, t.id)).toBe("899.5");
  });

  it("simultaneous twins open one position", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const body = { symbol: "XAUUSD", direction: "short", margin: "100", leverage: 10, clientRequestId: "twin" };
    const results = await Promise.all([open(app, t, body), open(app, t, body), open(app, t, body)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.json().result.id)).size).toBe(1);
    expect(await countPositions(t.id)).toBe(1);
    expect(await balance(database, t.id)).toBe("899.5");
  });

  it("the same id for a different order → 409", async () => {
    const t = await fundedCustomer(app, database, "1000");
    await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 2, clientRequestId: "k" });
    const res = await open(app, t, {
      symbol: "XAUUSD",
      direction: "long",
      margin: "101",
      leverage: 2,
      clientRequestId: "k",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/clientRequestId/);
  });

  it("many simultaneous opens (more than run at once) each open once; refusals free their turn", async () => {
    const rich = await Promise.all(Array.from({ length: 10 }, () => fundedCustomer(app, database, "1000")));
    const poor = await Promise.all(Array.from({ length: 3 }, () => fundedCustomer(app, database, "100")));
    const feesBefore = await platform(database, "fees");
    const body = { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 };
    const results = await Promise.all([...rich, ...poor].map((t) => open(app, t, body)));
    expect(results.map((r) => r.statusCode)).toEqual([...rich.map(() => 200), ...poor.map(() => 409)]);
    for (const t of rich) {
      expect(await countPositions(t.id)).toBe(1);
      expect(await balance(database, t.id)).toBe("899.5");
    }
    for (const t of poor) expect(await countPositions(t.id)).toBe(0);
    expect(
      dec(await platform(database, "fees"))
        .minus(feesBefore)
        .toFixed(),
    ).toBe("5");
    // Nothing is left holding a turn: a later open goes through.
    const later = await fundedCustomer(app, database, "1000");
    await openOk(app, later, body);
  });

  it("ids are per customer", async () => {
    const a = await fundedCustomer(app, database, "1000");
    const b = await fundedCustomer(app, database, "1000");
    const body = { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 2, clientRequestId: "same" };
    const pa = await openOk(app, a, body);
    const pb = await openOk(app, b, body);
    expect(pa.id).not.toBe(pb.id);
  });
});

describe("preview before opening", () => {
  it("shows price, quantity, fee, total cost and the expected close-out price that opening then uses", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const res = await app.inject({
      method: "GET",
      url: "/api/trade/appTradePositions/preview?symbol=XAUUSD&direction=short&margin=100&leverage=10",
      headers: auth(t.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().result;
    const q = app.market.quote("XAUUSD");
    expect(preview).toMatchObject({
      symbol: "XAUUSD",
      direction: "short",
      mode: "real",
      currency: "USDT",
      price: q.price,
      bid: q.bid,
      ask: q.ask,
      openPrice: q.bid,
      margin: "100",
      leverage: 10,
      maxLeverage: 20,
      notional: "1000",
      openingFee: "0.5",
      totalCost: "100.5",
      available: "1000",
      feeRates: { open: "0.0005", close: "0.0005" },
    });
    const opened = await openOk(app, t, { symbol: "XAUUSD", direction: "short", margin: "100", leverage: 10 });
    expect(opened.quantity).toBe(preview.quantity);
    expect(opened.closeOutPrice).toBe(preview.closeOutPrice);
    expect(dec(opened.closeOutPrice).gt(opened.openPrice)).toBe(true);
  });

  it("refuses leverage above the cap like opening does", async () => {
    const t = await fundedCustomer(app, database, "0");
    const res = await app.inject({
      method: "GET",
      url: "/api/trade/appTradePositions/preview?symbol=BTCUSDT&direction=long&margin=100&leverage=5",
      headers: auth(t.token),
    });
    expect(res.statusCode).toBe(400);
  });
});
