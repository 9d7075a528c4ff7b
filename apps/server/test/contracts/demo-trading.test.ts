// Demo trading: a virtual VUSDT balance granted on first use, the same futures endpoints
// with mode "demo", settlement into the demo account, and reset to exactly 10,000 — all
// without touching a single real (USDT) account.
import { dec } from "@candor/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../src/db";
import { auditLedger, getBalanceLog, getBalances, getPlatformBalances } from "../../src/modules/ledger/service";
import { auth, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, closeRes, detail, list, open, openOk, settled, type Trader, tick } from "./factory";

const { app, database } = await setupApp();
tick(app, "XAUUSD", "2400");

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const demoBalance = async (t: Trader) => {
  const res = await app.inject({ method: "GET", url: "/api/trade/appDemoAccount/balance", headers: auth(t.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};
const reset = async (t: Trader, payload: Record<string, unknown> | undefined = undefined) =>
  app.inject({
    method: "POST",
    url: "/api/trade/appDemoAccount/reset",
    headers: auth(t.token),
    ...(payload ? { payload } : {}),
  });

/** Every real (USDT) balance: the customer's accounts and the platform's. */
async function realMoney(db: Database, userId: number) {
  const mine = (await getBalances(db.db, userId, { currency: "USDT" })).map((a) => [a.kind, a.balance, a.held]);
  const platform = (await getPlatformBalances(db.db, "USDT")).map((a) => [a.kind, a.balance, a.held]);
  return { mine, platform };
}

describe("the demo account", () => {
  it("starts with 10,000 VUSDT on first use, once", async () => {
    const t = await fundedCustomer(app, database, "0");
    expect(await demoBalance(t)).toEqual({
      currency: "VUSDT",
      available: "10000",
      margin: "0",
      unrealisedPnl: "0",
      equity: "10000",
      defaultBalance: "10000",
      resets: 0,
      resetAt: null,
    });
    await Promise.all([demoBalance(t), demoBalance(t)]);
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe("10000");
    const log = await getBalanceLog(database.db, t.id, { pageNo: 1, pageSize: 10 });
    expect(log.records.map((r) => [r.kind, r.amount, r.currency])).toEqual([["demo_grant", "10000", "VUSDT"]]);
  });

  it("trades with mode demo without touching real balances", async () => {
    const t = await fundedCustomer(app, database, "500");
    const before = await realMoney(database, t.id);
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, t, {
      symbol: "XAUUSD",
      direction: "long",
      margin: "1000",
      leverage: 20,
      takeProfit: "2420",
      mode: "demo",
    });
    expect(p).toMatchObject({ mode: "demo", currency: "VUSDT", margin: "1000" });
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe(dec(9000).minus(p.openingFee).toFixed());
    expect(await balance(database, t.id, "margin", "VUSDT")).toBe("1000");

    // Listed only under demo.
    expect((await list(app, t, "status=open")).total).toBe(0);
    expect((await list(app, t, "status=open&mode=demo")).records.map((r) => r.id)).toEqual([p.id]);

    // Settled by a tick into the demo account.
    tick(app, "XAUUSD", "2430");
    await settled(app);
    const closed = await detail(app, t, p.id);
    expect(closed).toMatchObject({ status: "closed", closeReason: "takeProfit", currency: "VUSDT" });
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe(
      dec(9000).minus(p.openingFee).plus(String(closed.returned)).toFixed(),
    );

    // A manual demo close too.
    const q = await openOk(app, t, { symbol: "XAUUSD", direction: "short", margin: "500", leverage: 10, mode: "demo" });
    expect((await closeRes(app, t, q.id)).statusCode).toBe(200);

    expect(await realMoney(database, t.id)).toEqual(before);
    expect(await balance(database, t.id)).toBe("500");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });

  it("demo money is limited to the demo balance (409), whatever the real balance", async () => {
    const t = await fundedCustomer(app, database, "100000");
    const res = await open(app, t, { symbol: "XAUUSD", direction: "long", margin: "10000", leverage: 2, mode: "demo" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/VUSDT/);
    expect(await balance(database, t.id)).toBe("100000");
  });

  it("real trading never uses demo money", async () => {
    const t = await fundedCustomer(app, database, "0");
    await demoBalance(t);
    const res = await open(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 2 });
    expect(res.statusCode).toBe(409);
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe("10000");
  });
});

describe("reset", () => {
  it("closes open demo positions at market and restores exactly 10,000, after a gain or a loss", async () => {
    const t = await fundedCustomer(app, database, "300");
    const before = await realMoney(database, t.id);
    const realPosition = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 2 });
    tick(app, "XAUUSD", "2400");
    const a = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "2000", leverage: 20, mode: "demo" });
    const b = await openOk(app, t, {
      symbol: "XAUUSD",
      direction: "short",
      margin: "1000",
      leverage: 20,
      mode: "demo",
    });
    tick(app, "XAUUSD", "2410");
    const res = await reset(t);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ currency: "VUSDT", available: "10000", closedPositions: 2, resets: 1 });
    for (const id of [a.id, b.id])
      expect(await detail(app, t, id)).toMatchObject({ status: "closed", closeReason: "manual" });
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe("10000");
    expect(await balance(database, t.id, "margin", "VUSDT")).toBe("0");
    expect(await demoBalance(t)).toMatchObject({ available: "10000", equity: "10000", resets: 1 });

    // The real position is untouched.
    expect((await detail(app, t, realPosition.id)).status).toBe("open");
    await closeRes(app, t, realPosition.id);

    // After a win (more than 10,000): drained back to 10,000.
    tick(app, "XAUUSD", "2400");
    const c = await openOk(app, t, {
      symbol: "XAUUSD",
      direction: "long",
      margin: "5000",
      leverage: 20,
      takeProfit: "2450",
      mode: "demo",
    });
    tick(app, "XAUUSD", "2460");
    await settled(app);
    expect((await detail(app, t, c.id)).closeReason).toBe("takeProfit");
    expect(dec(await balance(database, t.id, "demo", "VUSDT")).gt(10000)).toBe(true);
    const again = await reset(t);
    expect(again.json().result).toMatchObject({ available: "10000", closedPositions: 0, resets: 2 });
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe("10000");

    const real = await realMoney(database, t.id);
    expect(real.mine).not.toEqual([]);
    expect(before.mine.length).toBeGreaterThan(0);
    expect((await auditLedger(database.db)).violations).toEqual([]);
    // Only the real position's own moves touched USDT: the demo work left no trace there.
    const usdtLog = await getBalanceLog(database.db, t.id, { currency: "USDT", pageNo: 1, pageSize: 50 });
    expect(usdtLog.records.every((r) => r.kind.startsWith("futures_") || r.kind === "deposit")).toBe(true);
    expect(usdtLog.records.every((r) => r.referenceId === String(realPosition.id) || r.kind === "deposit")).toBe(true);
  });

  it("a closed demo position's inbox message says demo; a real one's does not", async () => {
    const t = await fundedCustomer(app, database, "300");
    tick(app, "XAUUSD", "2400");
    const demo = await openOk(app, t, {
      symbol: "XAUUSD",
      direction: "long",
      margin: "100",
      leverage: 2,
      mode: "demo",
    });
    const real = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 2 });
    await closeRes(app, t, demo.id);
    await closeRes(app, t, real.id);
    const messages = async () => {
      const res = await app.inject({
        method: "GET",
        url: "/api/content/appNotice/myList?category=transaction",
        headers: auth(t.token),
      });
      return res.json().result.records as Array<{ title: string; body: string }>;
    };
    const deadline = Date.now() + 8000;
    while ((await messages()).filter((m) => m.body.includes("#")).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const all = await messages();
    const demoMessage = all.find((m) => m.body.includes(`#${demo.id}`));
    const realMessage = all.find((m) => m.body.includes(`#${real.id}`));
    expect(demoMessage).toMatchObject({ title: "Demo position closed" });
    expect(demoMessage?.body).toMatch(/demo/i);
    expect(demoMessage?.body).toMatch(/virtual/i);
    expect(realMessage).toMatchObject({ title: "Position closed" });
    expect(realMessage?.body).not.toMatch(/demo/i);
  });

  it("a retried reset with the same clientRequestId does nothing more", async () => {
    const t = await fundedCustomer(app, database, "0");
    tick(app, "XAUUSD", "2400");
    await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "1000", leverage: 10, mode: "demo" });
    const first = await reset(t, { clientRequestId: "reset-1" });
    expect(first.json().result).toMatchObject({ closedPositions: 1, resets: 1, available: "10000" });
    await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "1000", leverage: 10, mode: "demo" });
    const retry = await reset(t, { clientRequestId: "reset-1" });
    expect(retry.json().result).toMatchObject({ closedPositions: 0, resets: 1 });
    expect((await list(app, t, "status=open&mode=demo")).total).toBe(1);
    const next = await reset(t, { clientRequestId: "reset-2" });
    expect(next.json().result).toMatchObject({ closedPositions: 1, resets: 2, available: "10000" });
  });

  it("simultaneous demo orders and resets end at exactly 10,000 with nothing open", async () => {
    const t = await fundedCustomer(app, database, "0");
    await demoBalance(t);
    tick(app, "XAUUSD", "2400");
    const orders = Array.from({ length: 4 }, () =>
      open(app, t, { symbol: "XAUUSD", direction: "long", margin: "500", leverage: 10, mode: "demo" }),
    );
    const results = await Promise.all([...orders, reset(t), reset(t)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const last = await reset(t);
    expect(last.json().result.available).toBe("10000");
    expect((await list(app, t, "status=open&mode=demo")).total).toBe(0);
    expect(await balance(database, t.id, "demo", "VUSDT")).toBe("10000");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
