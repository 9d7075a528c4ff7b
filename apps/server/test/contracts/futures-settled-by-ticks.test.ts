// Automatic closes driven by price ticks through the settlement engine: long/short ×
// win/lose × take-profit / stop-loss / close-out, one scenario per row. Each settled
// position keeps the tick that closed it; its P&L is the domain's settlePosition at that
// tick's exit price; a loss never exceeds the margin, even across a price gap.
import { dec, exitPrice, quoteFromMid, settlePosition } from "@candor/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLedger, getTransfersByReference } from "../../src/modules/ledger/service";
import { auth, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { balance, detail, openOk, platform, settled, tick } from "./factory";

const { app, database } = await setupApp();

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const updateStops = (token: string, payload: Record<string, unknown>) =>
  app.inject({
    method: "POST",
    url: "/api/trade/appTradePositions/updateStopLoss",
    headers: auth(token),
    payload,
  });

interface Scenario {
  name: string;
  symbol: "XAUUSD" | "BTCUSDT";
  start: string;
  direction: "long" | "short";
  leverage: number;
  takeProfit?: string;
  stopLoss?: string;
  /** Mid prices before the trigger: the position must stay open through them. */
  path: string[];
  /** Set a stop-loss after the path (a trailing stop that locks in a gain). */
  stopAfterPath?: string;
  trigger: string;
  reason: "takeProfit" | "stopLoss" | "closeOut";
  outcome: "win" | "lose";
}

const scenarios: Scenario[] = [
  {
    name: "long take-profit",
    symbol: "XAUUSD",
    start: "2400",
    direction: "long",
    leverage: 20,
    takeProfit: "2450",
    path: ["2420", "2449"],
    trigger: "2460",
    reason: "takeProfit",
    outcome: "win",
  },
  {
    name: "long stop-loss",
    symbol: "XAUUSD",
    start: "2400",
    direction: "long",
    leverage: 20,
    stopLoss: "2380",
    path: ["2390"],
    trigger: "2375",
    reason: "stopLoss",
    outcome: "lose",
  },
  {
    name: "long trailing stop-loss in profit",
    symbol: "XAUUSD",
    start: "2400",
    direction: "long",
    leverage: 20,
    path: ["2440"],
    stopAfterPath: "2430",
    trigger: "2425",
    reason: "stopLoss",
    outcome: "win",
  },
  {
    name: "long close-out",
    symbol: "XAUUSD",
    start: "2400",
    direction: "long",
    leverage: 20,
    path: ["2370", "2350"],
    trigger: "2330",
    reason: "closeOut",
    outcome: "lose",
  },
  {
    name: "short take-profit",
    symbol: "XAUUSD",
    start: "2400",
    direction: "short",
    leverage: 20,
    takeProfit: "2350",
    path: ["2380"],
    trigger: "2340",
    reason: "takeProfit",
    outcome: "win",
  },
  {
    name: "short stop-loss",
    symbol: "XAUUSD",
    start: "2400",
    direction: "short",
    leverage: 20,
    stopLoss: "2420",
    path: ["2410"],
    trigger: "2425",
    reason: "stopLoss",
    outcome: "lose",
  },
  {
    name: "short trailing stop-loss in profit",
    symbol: "XAUUSD",
    start: "2400",
    direction: "short",
    leverage: 20,
    path: ["2360"],
    stopAfterPath: "2370",
    trigger: "2375",
    reason: "stopLoss",
    outcome: "win",
  },
  {
    name: "short close-out",
    symbol: "XAUUSD",
    start: "2400",
    direction: "short",
    leverage: 20,
    path: ["2440"],
    trigger: "2470",
    reason: "closeOut",
    outcome: "lose",
  },
  {
    name: "crypto long take-profit at 2x",
    symbol: "BTCUSDT",
    start: "60000",
    direction: "long",
    leverage: 2,
    takeProfit: "66000",
    path: ["63000"],
    trigger: "66500",
    reason: "takeProfit",
    outcome: "win",
  },
  {
    name: "crypto long close-out at 2x",
    symbol: "BTCUSDT",
    start: "60000",
    direction: "long",
    leverage: 2,
    path: ["50000"],
    trigger: "44000",
    reason: "closeOut",
    outcome: "lose",
  },
  {
    name: "crypto short close-out at 2x",
    symbol: "BTCUSDT",
    start: "60000",
    direction: "short",
    leverage: 2,
    path: ["70000"],
    trigger: "76000",
    reason: "closeOut",
    outcome: "lose",
  },
];

describe("positions closed by ticks", () => {
  it.each(scenarios.map((s) => [s.name, s] as const))("%s", async (_name, s) => {
    const t = await fundedCustomer(app, database, "1000");
    tick(app, s.symbol, s.start);
    const opened = await openOk(app, t, {
      symbol: s.symbol,
      direction: s.direction,
      margin: "100",
      leverage: s.leverage,
      ...(s.takeProfit ? { takeProfit: s.takeProfit } : {}),
      ...(s.stopLoss ? { stopLoss: s.stopLoss } : {}),
    });
    for (const price of s.path) {
      tick(app, s.symbol, price);
      await settled(app);
      expect((await detail(app, t, opened.id)).status, `still open at ${price}`).toBe("open");
    }
    if (s.stopAfterPath) {
      const res = await updateStops(t.token, { id: opened.id, stopLoss: s.stopAfterPath });
      expect(res.statusCode, res.body).toBe(200);
    }
    const houseBefore = dec(await platform(database, "house"));
    const { ts } = tick(app, s.symbol, s.trigger);
    await settled(app);

    const info = app.market.symbol(s.symbol);
    const q = quoteFromMid(s.trigger, info.spread, info.pricePrecision);
    const closePrice = exitPrice(s.direction, q.bid, q.ask);
    const expected = settlePosition(
      { direction: s.direction, openPrice: opened.openPrice, quantity: opened.quantity, margin: "100" },
      closePrice,
    );
    const p = await detail(app, t, opened.id);
    expect(p).toMatchObject({
      status: "closed",
      closeReason: s.reason,
      closePrice: dec(closePrice).toFixed(info.pricePrecision),
      pnl: expected.pnl,
      closingFee: expected.closingFee,
      returned: expected.returned,
      closeTick: { price: dec(s.trigger).toFixed(info.pricePrecision), ts },
      openTick: { price: dec(s.start).toFixed(info.pricePrecision) },
      currentPrice: null,
    });
    expect(dec(expected.pnl).gt(0)).toBe(s.outcome === "win");
    // Customer: 1000 − margin − opening fee + returned; nothing left in margin.
    expect(await balance(database, t.id)).toBe(
      dec(1000).minus(100).minus(opened.openingFee).plus(expected.returned).toFixed(),
    );
    expect(await balance(database, t.id, "margin")).toBe("0");
    // The house is the counterparty of the gross P&L.
    const houseChange = dec(await platform(database, "house")).minus(houseBefore);
    expect(houseChange.toFixed()).toBe(dec(100).minus(expected.returned).minus(expected.closingFee).toFixed());
    const keys = (await getTransfersByReference(database.db, "futures_position", opened.id)).map((x) => x.key);
    expect(keys.filter((k) => k.startsWith(`settle:position:${opened.id}:`)).length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("the ledger audit is clean after all of them", async () => {
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

describe("negative-balance protection across a gap", () => {
  it.each([
    ["long", "2400", "1000"],
    ["short", "2400", "5000"],
  ] as const)("a %s whose price gaps from %s to %s loses exactly its margin", async (direction, start, gap) => {
    const t = await fundedCustomer(app, database, "150");
    tick(app, "XAUUSD", start);
    const opened = await openOk(app, t, { symbol: "XAUUSD", direction, margin: "100", leverage: 20 });
    const afterOpen = await balance(database, t.id);
    const houseBefore = dec(await platform(database, "house"));
    tick(app, "XAUUSD", gap);
    await settled(app);
    const p = await detail(app, t, opened.id);
    expect(p).toMatchObject({ status: "closed", closeReason: "closeOut", pnl: "-100", returned: "0", closingFee: "0" });
    expect(await balance(database, t.id)).toBe(afterOpen); // nothing more was taken
    expect(await balance(database, t.id, "margin")).toBe("0");
    expect(
      dec(await platform(database, "house"))
        .minus(houseBefore)
        .toFixed(),
    ).toBe("100");
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

describe("editing take-profit and stop-loss", () => {
  it("a take-profit set later closes the position; a cleared one no longer does", async () => {
    const t = await fundedCustomer(app, database, "1000");
    tick(app, "XAUUSD", "2400");
    const a = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    const b = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    expect((await updateStops(t.token, { id: a.id, takeProfit: "2410" })).statusCode).toBe(200);
    const setB = await updateStops(t.token, { id: b.id, takeProfit: "2410", stopLoss: "2300" });
    expect(setB.json().result).toMatchObject({ takeProfit: "2410.00", stopLoss: "2300.00", status: "open" });
    const clearB = await updateStops(t.token, { id: b.id, takeProfit: null });
    expect(clearB.json().result).toMatchObject({ takeProfit: null, stopLoss: "2300.00" });
    tick(app, "XAUUSD", "2420");
    await settled(app);
    expect((await detail(app, t, a.id)).closeReason).toBe("takeProfit");
    expect((await detail(app, t, b.id)).status).toBe("open");
    tick(app, "XAUUSD", "2290");
    await settled(app);
    expect((await detail(app, t, b.id)).closeReason).toBe("stopLoss");
  });

  it.each([
    ["nothing to change", {}, 400, /takeProfit or a stopLoss/],
    ["take-profit on the losing side", { takeProfit: "2300" }, 400, /Take-profit/],
    ["stop-loss on the winning side", { stopLoss: "2500" }, 400, /Stop-loss/],
    ["stop-loss beyond close-out", { stopLoss: "1000" }, 400, /close-out/],
    ["too many decimals", { stopLoss: "2300.001" }, 400, /2 decimal/],
    ["bad id", { id: "x", stopLoss: "2300" }, 400, /id/],
  ] as const)("refuses %s", async (_name, change, status, message) => {
    const t = await fundedCustomer(app, database, "1000");
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, t, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    const res = await updateStops(t.token, { id: p.id, ...change });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect((await detail(app, t, p.id)).stopLoss).toBeNull();
    await app.inject({ method: "POST", url: `/api/trade/appTradePositions/close/${p.id}`, headers: auth(t.token) });
  });

  it("another customer's position is not found; a closed one is 409", async () => {
    const owner = await fundedCustomer(app, database, "1000");
    const other = await fundedCustomer(app, database, "1000");
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, owner, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 });
    expect((await updateStops(other.token, { id: p.id, stopLoss: "2300" })).statusCode).toBe(404);
    await app.inject({ method: "POST", url: `/api/trade/appTradePositions/close/${p.id}`, headers: auth(owner.token) });
    expect((await updateStops(owner.token, { id: p.id, stopLoss: "2300" })).statusCode).toBe(409);
  });
});

describe("what the engine sees", () => {
  it("leads on PGlite and PostgreSQL alike and counts ticks", async () => {
    expect(app.settlement.isLeader).toBe(true);
    expect(app.settlement.status()).toMatchObject({ leader: true, running: true });
    expect(app.settlement.status().settlers).toContainEqual({ name: "futures", ready: true });
    expect(app.futures.settler.stats.settled).toBeGreaterThanOrEqual(scenarios.length);
    expect(app.futures.settler.stats.failures).toBe(0);
  });
});
