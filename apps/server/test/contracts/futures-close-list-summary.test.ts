// Closing by hand (pinned shape, 409 on a second close, one winner among simultaneous
// closes, another customer's position is 404), my positions with live P&L, the summary
// and getFuturesEquity.
import { dec, exitPrice, settlePosition } from "@candor/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getFuturesEquity } from "../../src/modules/contracts/service";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { auth, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, closeRes, detail, list, openOk, tick } from "./factory";

const { app, database } = await setupApp();
tick(app, "XAUUSD", "2400");
tick(app, "BTCUSDT", "60000");

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("closing by hand", () => {
  it("closes at the current exit price with the pinned fields, and 409 the second time", async () => {
    const t = await fundedCustomer(app, database, "1000");
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    const { ts } = tick(app, "XAUUSD", "2412.5");
    const q = app.market.quote("XAUUSD");
    const expected = settlePosition(
      { direction: "long", openPrice: p.openPrice, quantity: p.quantity, margin: "100" },
      exitPrice("long", q.bid, q.ask),
    );
    const res = await closeRes(app, t, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      id: p.id,
      closePrice: q.bid,
      pnl: expected.pnl,
      status: "closed",
      closeReason: "manual",
      closingFee: expected.closingFee,
      returned: expected.returned,
      closeTick: { price: "2412.50", ts },
    });
    expect(await balance(database, t.id)).toBe(dec(900).minus(p.openingFee).plus(expected.returned).toFixed());
    // The net result is exactly what the position did to the balance: both fees included.
    expect(
      dec(await balance(database, t.id))
        .minus(1000)
        .toFixed(),
    ).toBe(dec(res.json().result.netResult).toFixed());
    const second = await closeRes(app, t, p.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("This position is already closed");
  });

  it("another customer's position → 404 for close, detail and TP/SL, and it stays open", async () => {
    const owner = await fundedCustomer(app, database, "1000");
    const other = await fundedCustomer(app, database, "1000");
    const p = await openOk(app, owner, { symbol: "XAUUSD", direction: "short", margin: "100", leverage: 10 });
    expect((await closeRes(app, other, p.id)).statusCode).toBe(404);
    const seen = await app.inject({
      method: "GET",
      url: `/api/trade/appTradePositions/detail/${p.id}`,
      headers: auth(other.token),
    });
    expect(seen.statusCode).toBe(404);
    expect((await list(app, other, "status=open")).total).toBe(0);
    expect((await detail(app, owner, p.id)).status).toBe("open");
    expect((await closeRes(app, owner, 999_999_999)).statusCode).toBe(404);
  });

  it("simultaneous closes of one position: exactly one settles", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const p = await openOk(app, t, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    const results = await Promise.all(Array.from({ length: 6 }, () => closeRes(app, t, p.id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    const transfers = await getTransfersByReference(database.db, "futures_position", p.id);
    const settles = transfers.filter((x) => x.key.startsWith("settle:"));
    expect(new Set(settles.map((x) => x.key)).size).toBe(settles.length);
    expect(settles.length).toBeLessThanOrEqual(3);
    const winner = results.find((r) => r.statusCode === 200)?.json().result;
    expect(await balance(database, t.id)).toBe(dec(900).minus(p.openingFee).plus(winner.returned).toFixed());
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("a closed market refuses a manual close with 409", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const p = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    vi.mocked(app.market.isMarketOpen).mockReturnValue(false);
    const res = await closeRes(app, t, p.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/closed now/);
    vi.mocked(app.market.isMarketOpen).mockReturnValue(true);
    expect((await closeRes(app, t, p.id)).statusCode).toBe(200);
  });
});

describe("my positions", () => {
  it("lists open ones with live price, P&L, yield and margin level, and closed ones with their result", async () => {
    const t = await fundedCustomer(app, database, "5000");
    tick(app, "XAUUSD", "2400");
    const a = await openOk(app, t, {
      symbol: "XAUUSD",
      direction: "long",
      margin: "100",
      leverage: 10,
      takeProfit: "2500",
    });
    const b = await openOk(app, t, { symbol: "XAUUSD", direction: "short", margin: "200", leverage: 5 });
    const c = await openOk(app, t, { symbol: "BTCUSDT", direction: "long", margin: "300", leverage: 2 });
    await closeRes(app, t, c.id);
    tick(app, "XAUUSD", "2430");
    const q = app.market.quote("XAUUSD");

    const open = await list(app, t, "status=open");
    expect(open.total).toBe(2);
    expect(open.records.map((r) => r.id)).toEqual([b.id, a.id]); // newest first
    const ra = open.records.find((r) => r.id === a.id);
    const la = settlePosition(
      { direction: "long", openPrice: a.openPrice, quantity: a.quantity, margin: "100" },
      q.bid,
    );
    expect(ra).toMatchObject({
      symbol: "XAUUSD",
      direction: "long",
      openPrice: a.openPrice,
      currentPrice: q.bid,
      closePrice: null,
      margin: "100",
      leverage: 10,
      quantity: a.quantity,
      takeProfit: "2500.00",
      stopLoss: null,
      pnl: la.pnl,
      yield: la.yield,
      status: "open",
      closeReason: null,
      closedAt: null,
      mode: "real",
    });
    expect(dec(String(ra?.pnl)).gt(0)).toBe(true);
    expect(dec(String(ra?.marginLevel)).gt(1)).toBe(true);
    const rb = open.records.find((r) => r.id === b.id);
    expect(rb?.currentPrice).toBe(q.ask);
    expect(dec(String(rb?.pnl)).lt(0)).toBe(true);

    const closed = await list(app, t, "status=closed");
    expect(closed.total).toBe(1);
    expect(closed.records[0]).toMatchObject({ id: c.id, status: "closed", closeReason: "manual", currentPrice: null });
    expect(closed.records[0]?.closeTick).toMatchObject({ price: expect.any(String), ts: expect.any(Number) });

    const all = await list(app, t, "pageSize=2&pageNo=2");
    expect(all).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(all.records.map((r) => r.id)).toEqual([a.id]);
    expect((await list(app, t, "status=open&symbol=btcusdt")).total).toBe(0);

    const bad = await app.inject({
      method: "GET",
      url: "/api/trade/appTradePositions/listMy?status=settled",
      headers: auth(t.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status/);
  });

  it("summary and getFuturesEquity: margin + unrealised P&L of open positions", async () => {
    const t = await fundedCustomer(app, database, "1000");
    tick(app, "XAUUSD", "2400");
    const a = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    const b = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "50", leverage: 20 });
    tick(app, "XAUUSD", "2380");
    const q = app.market.quote("XAUUSD");
    const pnl = [a, b].map(
      (p) =>
        settlePosition(
          { direction: "long", openPrice: p.openPrice, quantity: p.quantity, margin: p.margin as string },
          q.bid,
        ).pnl,
    );
    const unrealised = dec(pnl[0] ?? "0").plus(pnl[1] ?? "0");
    const equity = await getFuturesEquity(database.db, app.market, t.id, "real");
    expect(equity).toEqual({
      currency: "USDT",
      count: 2,
      margin: "150",
      unrealisedPnl: unrealised.toFixed(),
      equity: unrealised.plus(150).toFixed(),
    });
    const res = await app.inject({
      method: "GET",
      url: "/api/trade/appTradePositions/summary",
      headers: auth(t.token),
    });
    expect(res.json().result).toEqual({ mode: "real", ...equity, available: await balance(database, t.id) });
    expect(await getFuturesEquity(database.db, app.market, t.id, "demo")).toMatchObject({ count: 0, equity: "0" });
  });
});
