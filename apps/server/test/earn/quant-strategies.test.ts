// Automated strategies through the API and the runner: a grid buys a slice when the ask
// falls through a level and sells it when the bid reaches the next one (spot fees, ledger
// balanced); a trend buys on a cross up and sells on a cross down; stop sells at the bid
// and returns the value (less than put in when the price fell); a second stop changes
// nothing; fills carry their tick; another customer's order is a 404.
import { dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { stopQuantOrder } from "../../src/modules/earn/quant/engine";
import { auditLedger, getAccountBalance } from "../../src/modules/ledger/service";
import { fund, registerCustomer } from "../factory";
import { get, platformBalance, post, waitFor } from "../options/trading-helpers";
import { insertOtherOrder, orderRow, quantProduct, setupQuantApp, startQuantOrder } from "./quant-helpers";

const { app, database } = await setupQuantApp();

let clock = Date.now();
/** A tick at now (strictly increasing), so trades may price at it. */
function tick(symbol: string, price: string, ts?: number) {
  clock = Math.max(clock + 1, ts ?? Date.now());
  const t = app.market.ingest({ symbol, price, ts: clock });
  if (!t) throw new Error(`tick ${symbol} ${price} ignored`);
  return t;
}

const earnBalance = async (userId: number, currency: string) =>
  (await getAccountBalance(database.db, { userId, kind: "earn", currency }))?.balance ?? "0";
const spotBalance = async (userId: number, currency: string) =>
  (await getAccountBalance(database.db, { userId, kind: "spot", currency }))?.balance ?? "0";

async function fills(token: string, orderId: number) {
  return get(app, token, `/api/prod/appProductOrder/fills?orderId=${orderId}&pageSize=50`);
}
async function fillsAfter(token: string, orderId: number, n: number) {
  const res = await waitFor(
    () => fills(token, orderId),
    // The records, not the total: the page's rows and its count are read side by side, and
    // a fill committing between the two reads shows in the count first.
    (r) => (r.body.result?.records?.length ?? 0) >= n,
  );
  await app.quant.runner.idle();
  return res.body.result.records as Array<Record<string, unknown>>;
}

describe("grid (BTCUSDT ±10 %, 6 levels around 65000: floor 58500, buy 61100 63700, 66300 68900, ceiling 71500)", () => {
  it("buys a slice when the ask falls through 63700 and sells it when the bid reaches 66300, with spot fees", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1500");
    tick("BTCUSDT", "65000");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "BTCUSDT",
      params: { rangePct: "0.1", levels: 6 },
    });
    const id = await startQuantOrder(app, c, productId, "1000");
    const started = await orderRow(database, id);
    expect(started).toMatchObject({ quantQty: expect.stringMatching(/^0(\.0+)?$/) });
    expect(Number(started.quantCash)).toBe(1000);
    expect(await spotBalance(c.id, "USDT")).toBe("500");
    const feesBefore = await platformBalance(database, "fees", "USDT");
    const treasuryBefore = await platformBalance(database, "treasury", "USDT");

    // BTC spread 0.0004: at 63000 bid 62987.40, ask 63012.60 — one slice of 500 USDT.
    const down = tick("BTCUSDT", "63000");
    const [buy] = await fillsAfter(c.token, id, 1);
    // 0.00792 × 63012.60 = 499.059792; fee 0.1 % = 0.4990598 (rounded up to 8 decimals).
    expect(buy).toMatchObject({
      side: "buy",
      price: "63012.60",
      quantity: "0.00792",
      fee: "0.4990598",
      reason: "grid_buy",
      tickBid: "62987.40",
      tickAsk: "63012.60",
      tickTs: down.ts,
    });
    expect(await earnBalance(c.id, "BTC")).toBe("0.00792");
    expect(await earnBalance(c.id, "USDT")).toBe("500.4411482");

    // A tick between the held level and the next one down: nothing more.
    tick("BTCUSDT", "62500");
    await app.quant.runner.idle();
    // Bid 66386.72 ≥ 66300: the slice sells. 0.00792 × 66386.72 = 525.7828224; fee 0.52578283.
    const up = tick("BTCUSDT", "66400");
    const [sell] = await fillsAfter(c.token, id, 2);
    expect(sell).toMatchObject({
      side: "sell",
      price: "66386.72",
      quantity: "0.00792",
      fee: "0.52578283",
      reason: "grid_sell",
      tickBid: "66386.72",
      tickTs: up.ts,
    });
    const row = await orderRow(database, id);
    expect(Number(row.quantQty)).toBe(0);
    // 500.4411482 + 525.7828224 − 0.52578283
    expect(await earnBalance(c.id, "USDT")).toBe("1025.69818777");
    expect(Number(row.quantCash)).toBe(1025.69818777);
    expect(await earnBalance(c.id, "BTC")).toBe("0");
    // Fees got both fees; the treasury paid the difference between the sale and the buy.
    expect(Number(await platformBalance(database, "fees", "USDT")) - Number(feesBefore)).toBeCloseTo(1.02484263, 8);
    expect(Number(await platformBalance(database, "treasury", "USDT")) - Number(treasuryBefore)).toBeCloseTo(
      499.059792 - 525.7828224,
      8,
    );
    expect((await auditLedger(database.db)).violations).toEqual([]);

    // listMy (the earn module) shows the strategy's value at the bid and the gain since the start.
    const list = await get(app, c.token, "/api/prod/appProductOrder/listMy?type=quant");
    expect(list.body.result.records.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: "running",
      value: "1025.69818777",
      totalIncome: "25.69818777",
      holdings: { base: "BTC", quantity: "0", cash: "1025.69818777" },
    });
    const stopped = await post(app, c.token, "/api/prod/appProductOrder/stop", { id });
    expect(stopped.status).toBe(200);
    expect(stopped.body.result).toMatchObject({
      status: "ended",
      endReason: "stopped",
      returnedAmount: "1025.69818777",
      totalIncome: "25.69818777",
      strategy: "grid",
      symbol: "BTCUSDT",
      rateBasis: "historical",
    });
    expect(await spotBalance(c.id, "USDT")).toBe("1525.69818777");
  });
});

describe("trend (ETHUSDT, 1m candles, SMA 2 over SMA 3)", () => {
  it("remembers the first relation, buys with all the cash on a cross up and sells everything on a cross down", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const productId = await quantProduct(database, {
      strategy: "trend",
      symbol: "ETHUSDT",
      params: { interval: "1m", fast: 2, slow: 3 },
    });
    // Candles in the (near) future so nothing recorded before interferes; one tick per minute.
    const base = Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000;
    const at = (k: number) => base + k * 60_000 + 1_000;
    for (const [k, p] of [
      [0, "3000"],
      [1, "3000"],
      [2, "3000"],
      [3, "3000"],
      [4, "2900"],
    ] as const) {
      app.market.ingest({ symbol: "ETHUSDT", price: p, ts: at(k) });
    }
    const id = await startQuantOrder(app, c, productId, "1000");

    // Closes 3000 3000 2900: fast 2950 < slow 2966.67 — "below", remembered, no trade.
    app.market.ingest({ symbol: "ETHUSDT", price: "2800", ts: at(5) });
    await waitFor(
      async () => (await orderRow(database, id)).quantState as { decision: { relation: string | null } },
      (s) => s.decision.relation === "below",
    );
    app.market.ingest({ symbol: "ETHUSDT", price: "3100", ts: at(6) }); // 3000 2900 2800: below
    await app.quant.runner.idle();
    // Closes 2900 2800 3100: fast 2950 > slow 2933.33 — crossed up: buy at this tick's ask.
    const cross = app.market.ingest({ symbol: "ETHUSDT", price: "3300", ts: at(7) });
    const [buy] = await fillsAfter(c.token, id, 1);
    // ETH spread 0.0005: ask 3300.825; 1000 / (3300.83 × 1.001) → 0.3026 ETH.
    expect(buy).toMatchObject({ side: "buy", reason: "trend_up", tickTs: cross?.ts, price: "3300.83" });
    expect(Number(buy?.quantity)).toBeGreaterThan(0.3);
    app.market.ingest({ symbol: "ETHUSDT", price: "2600", ts: at(8) }); // 2800 3100 3300: above, nothing
    await app.quant.runner.idle();
    expect((await fills(c.token, id)).body.result.total).toBe(1);
    // Closes 3100 3300 2600: fast 2950 < slow 3000 — crossed down: sell everything at the bid.
    app.market.ingest({ symbol: "ETHUSDT", price: "2600", ts: at(9) });
    const [sell] = await fillsAfter(c.token, id, 2);
    expect(sell).toMatchObject({ side: "sell", reason: "trend_down", quantity: buy?.quantity, price: "2599.35" });
    const row = await orderRow(database, id);
    expect(Number(row.quantQty)).toBe(0);
    // Bought high, sold low: the loss shows as it is.
    expect(Number(row.quantCash)).toBeLessThan(800);
    expect(await earnBalance(c.id, "ETH")).toBe("0");
    expect(Number(await earnBalance(c.id, "USDT"))).toBe(Number(row.quantCash));
  });
});

describe("stop", () => {
  it("sells at the bid and returns the value (less than put in after a fall); a second stop changes nothing", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "600");
    tick("SOLUSDT", "140");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "SOLUSDT",
      params: { rangePct: "0.2", levels: 5 }, // 112 126 140 154 168: buy levels 112 and 126, slices of 250
    });
    const id = await startQuantOrder(app, c, productId, "500");
    tick("SOLUSDT", "111.9"); // below the range: nothing
    await app.quant.runner.idle();
    expect((await fills(c.token, id)).body.result.total).toBe(0);
    tick("SOLUSDT", "125"); // the ask is below 126: one slice
    const [buy] = await fillsAfter(c.token, id, 1);
    expect(buy).toMatchObject({ side: "buy", reason: "grid_buy" });

    const listBefore = await get(app, c.token, `/api/prod/appProductOrder/fills?orderId=${id}`);
    expect(listBefore.body.result.total).toBe(1);
    const fall = tick("SOLUSDT", "100");
    await app.quant.runner.idle();
    const res = await post(app, c.token, "/api/prod/appProductOrder/stop", { id });
    expect(res.status).toBe(200);
    const o = res.body.result;
    expect(o).toMatchObject({ status: "ended", endReason: "stopped", remainingDays: 0 });
    expect(Number(o.returnedAmount)).toBeLessThan(500);
    expect(Number(o.totalIncome)).toBeCloseTo(Number(o.returnedAmount) - 500, 8);
    const [sale] = await fillsAfter(c.token, id, 2);
    // SOL spread at 100: bid below 100; the sale is at the tick's bid with the fee.
    expect(sale).toMatchObject({ side: "sell", reason: "stop", price: sale?.tickBid, tickTs: fall.ts });
    expect(sale?.quantity).toBe(buy?.quantity);
    expect(await earnBalance(c.id, "USDT")).toBe("0");
    expect(await earnBalance(c.id, "SOL")).toBe("0");
    expect(await spotBalance(c.id, "USDT")).toBe(dec(o.returnedAmount).plus(100).toFixed());

    const again = await post(app, c.token, "/api/prod/appProductOrder/stop", { id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order is not a running strategy, so it cannot be stopped");
    const direct = await stopQuantOrder(database.db, app.market, id, "stopped");
    expect(direct.stopped).toBe(false);
    expect(direct.order?.returnedAmount).toBe((await orderRow(database, id)).returnedAmount);
    expect(await spotBalance(c.id, "USDT")).toBe(dec(o.returnedAmount).plus(100).toFixed());
    expect((await fills(c.token, id)).body.result.total).toBe(2);
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

describe("ownership and validation", () => {
  it("another customer's order is a 404 for stop and fills; a fixed-term order cannot be stopped (409)", async () => {
    const owner = await registerCustomer(app, { countryCode: "US" });
    const other = await registerCustomer(app, { countryCode: "US" });
    await fund(database, owner.id, "USDT", "100");
    tick("BTCUSDT", "65000");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "BTCUSDT",
      params: { rangePct: "0.05", levels: 4 },
    });
    const id = await startQuantOrder(app, owner, productId, "100");
    expect((await post(app, other.token, "/api/prod/appProductOrder/stop", { id })).status).toBe(404);
    expect((await fills(other.token, id)).status).toBe(404);
    expect((await fills(owner.token, id)).status).toBe(200);
    expect((await orderRow(database, id)).status).toBe("running");
    expect((await post(app, owner.token, "/api/prod/appProductOrder/stop", { id: "x" })).status).toBe(400);
    expect((await get(app, owner.token, "/api/prod/appProductOrder/fills")).status).toBe(400);
    expect((await get(app, "", `/api/prod/appProductOrder/fills?orderId=${id}`)).status).toBe(401);

    const fixed = await insertOtherOrder(database, owner.id, productId);
    const res = await post(app, owner.token, "/api/prod/appProductOrder/stop", { id: fixed }, "ko");
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("이 주문은 실행 중인 전략이 아니므로 중지할 수 없습니다");
  });

  it("a grid with no level between its floor and the start cannot be started; nothing moves", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    tick("BTCUSDT", "65000");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "BTCUSDT",
      params: { rangePct: "0.1", levels: 3 }, // floor, start, ceiling
    });
    await expect(startQuantOrder(app, c, productId, "100")).rejects.toMatchObject({
      status: 400,
      message: "This product's strategy settings are incomplete; it cannot be bought right now",
    });
    expect(await spotBalance(c.id, "USDT")).toBe("100");
  });
});
