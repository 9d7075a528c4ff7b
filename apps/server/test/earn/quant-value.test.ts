// A quant order's value for listMy: cash + holdings at the bid, total income against the
// amount put in (negative when below), today's change against the 00:00 UTC snapshot; term
// end sells like a stop; two stops at once end the order once.
import { dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { productValues } from "../../src/modules/earn/products";
import { endDueQuantOrders, stopQuantOrder } from "../../src/modules/earn/quant/engine";
import { QUANT_SEED_PRODUCTS } from "../../src/modules/earn/quant/seed";
import { presentQuantOrder } from "../../src/modules/earn/quant/service";
import { snapshotQuantValues } from "../../src/modules/earn/quant/value";
import { earnProducts } from "../../src/modules/earn/schema";
import { getAccountBalance } from "../../src/modules/ledger/service";
import { fund, registerCustomer } from "../factory";
import { get, post, waitFor } from "../options/trading-helpers";
import { orderRow, quantProduct, setupQuantApp, startQuantOrder } from "./quant-helpers";

const { app, database } = await setupQuantApp();
const deps = { db: database.db, market: app.market, now: () => app.clock.now() };
const today = () => app.clock.today();

let clock = Date.now();
function tick(symbol: string, price: string) {
  clock = Math.max(clock + 1, Date.now());
  const t = app.market.ingest({ symbol, price, ts: clock });
  if (!t) throw new Error("tick ignored");
  return t;
}

async function gridOrder(amount: string) {
  const c = await registerCustomer(app, { countryCode: "US" });
  await fund(database, c.id, "USDT", amount);
  tick("BTCUSDT", "65000");
  const productId = await quantProduct(database, {
    strategy: "grid",
    symbol: "BTCUSDT",
    params: { rangePct: "0.1", levels: 6 },
  });
  const id = await startQuantOrder(app, c, productId, amount);
  return { c, id };
}

const fillCount = async (token: string, id: number) =>
  (await get(app, token, `/api/prod/appProductOrder/fills?orderId=${id}`)).body.result.total as number;

describe("value, total and today's income", () => {
  it("values cash + holdings at the bid; the day's change is measured from the snapshot", async () => {
    const { c, id } = await gridOrder("1000");
    tick("BTCUSDT", "63000"); // buys 0.00792 BTC for 499.5588518 USDT
    await waitFor(
      () => fillCount(c.token, id),
      (n) => n >= 1,
    );
    await app.quant.runner.idle();
    const first = await presentQuantOrder(deps, await orderRow(database, id), "en-us");
    // 500.4411482 + 0.00792 × 62987.40 (bid) = 500.4411482 + 498.860208
    expect(first).toMatchObject({
      value: "999.3013562",
      totalIncome: "-0.6986438",
      todayIncome: "-0.6986438",
      holdings: { base: "BTC", quantity: "0.00792", cash: "500.4411482" },
      productName: "grid BTCUSDT",
      rateBasis: "historical",
      dailyRate: null,
    });

    expect(await snapshotQuantValues(database.db, app.market, today())).toBeGreaterThanOrEqual(1);
    expect(await snapshotQuantValues(database.db, app.market, today())).toBe(0); // once per date
    const snap = (await orderRow(database, id)).quantState as { snapshot: { date: string; value: string } };
    expect(snap.snapshot).toEqual({ date: today(), value: "999.3013562" });

    tick("BTCUSDT", "62000"); // bid 61987.60, ask above 61100: no trade
    await app.quant.runner.idle();
    const later = await presentQuantOrder(deps, await orderRow(database, id), "ko");
    // 500.4411482 + 0.00792 × 61987.60 = 991.3829402
    expect(later).toMatchObject({ value: "991.3829402", totalIncome: "-8.6170598", todayIncome: "-7.918416" });
    expect(later.productName).toBe("grid BTCUSDT (ko)");
  });

  it("term end sells at the bid like a stop, with reason term", async () => {
    const { c, id } = await gridOrder("1000");
    tick("BTCUSDT", "63000");
    await waitFor(
      () => fillCount(c.token, id),
      (n) => n >= 1,
    );
    await app.quant.runner.idle();
    const endAt = new Date();
    const { order, stopped } = await stopQuantOrder(database.db, app.market, id, "term", endAt);
    expect(stopped).toBe(true);
    expect(order).toMatchObject({ status: "ended", endReason: "term" });
    expect(order?.endedAt?.getTime()).toBe(endAt.getTime());
    const fills = (await get(app, c.token, `/api/prod/appProductOrder/fills?orderId=${id}`)).body.result.records;
    expect(fills[0]).toMatchObject({ side: "sell", reason: "term", quantity: "0.00792" });
    const record = await presentQuantOrder(deps, await orderRow(database, id), "en-us");
    expect(record.value).toBe(record.returnedAmount);
    expect(dec(record.totalIncome).eq(dec(record.returnedAmount ?? "0").minus(1000))).toBe(true);
  });

  it("two stops at the same time end the order once and return the value once", async () => {
    const { c, id } = await gridOrder("200");
    tick("BTCUSDT", "63000");
    await waitFor(
      () => fillCount(c.token, id),
      (n) => n >= 1,
    );
    await app.quant.runner.idle();
    const results = await Promise.all([
      stopQuantOrder(database.db, app.market, id, "stopped"),
      stopQuantOrder(database.db, app.market, id, "stopped"),
    ]);
    expect(results.filter((r) => r.stopped)).toHaveLength(1);
    const row = await orderRow(database, id);
    const spot = (await getAccountBalance(database.db, { userId: c.id, kind: "spot", currency: "USDT" }))?.balance;
    expect(spot).toBe(dec(row.returnedAmount ?? "0").toFixed());
    const earn = await getAccountBalance(database.db, { userId: c.id, kind: "earn", currency: "USDT" });
    expect(earn?.balance).toBe("0");
  });

  it("on business time: a stop after the clock moved records the business time; today's change starts at the snapshot", async () => {
    const { c, id } = await gridOrder("1000");
    const moved = await app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: 2 * 86_400 } });
    expect(moved.statusCode).toBe(200);
    tick("BTCUSDT", "65000");
    // A new business day without its snapshot yet: no change is claimed for today.
    const before = await presentQuantOrder(deps, await orderRow(database, id), "en-us");
    expect(before).toMatchObject({ todayIncome: "0", remainingDays: 28 });
    await snapshotQuantValues(database.db, app.market, today());
    tick("BTCUSDT", "64000"); // nothing held: the value stays the cash
    const after = await presentQuantOrder(deps, await orderRow(database, id), "en-us");
    expect(after).toMatchObject({ value: "1000", todayIncome: "0", totalIncome: "0" });

    const res = await post(app, c.token, "/api/prod/appProductOrder/stop", { id });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.result.endedAt) - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(res.body.result).toMatchObject({ returnedAmount: "1000", totalIncome: "0" });
  });

  it("term end: the earn module's term job sells at the bid with reason term; endDueQuantOrders finds nothing left", async () => {
    const { c, id } = await gridOrder("1000");
    tick("BTCUSDT", "63000");
    await waitFor(
      () => fillCount(c.token, id),
      (n) => n >= 1,
    );
    await app.quant.runner.idle();
    expect((await endDueQuantOrders(database.db, app.market, app.clock.now())).ended).not.toContain(id);
    tick("BTCUSDT", "63000");
    const moved = await app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: 31 * 86_400 } });
    expect(moved.statusCode).toBe(200);
    const row = await orderRow(database, id);
    expect(row).toMatchObject({ status: "ended", endReason: "term" });
    expect(row.endedAt?.getTime()).toBeGreaterThanOrEqual(row.endAt.getTime());
    const fills = (await get(app, c.token, `/api/prod/appProductOrder/fills?orderId=${id}`)).body.result.records;
    expect(fills[0]).toMatchObject({ side: "sell", reason: "term", quantity: "0.00792" });
    const spot = await getAccountBalance(database.db, { userId: c.id, kind: "spot", currency: "USDT" });
    expect(spot?.balance).toBe(dec(row.returnedAmount ?? "0").toFixed());
    expect(await endDueQuantOrders(database.db, app.market, app.clock.now())).toEqual({ ended: [], waiting: [] });
  });

  it("the seeded products can be bought: the grid splits 100 USDT into 4 slices of 25 around the live price", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "200");
    tick("BTCUSDT", "65000");
    const ids: number[] = [];
    for (const input of QUANT_SEED_PRODUCTS) {
      const [row] = await database.db.insert(earnProducts).values(productValues(input, Date.now())).returning();
      if (row) ids.push(row.id);
    }
    const grid = await startQuantOrder(app, c, ids[0] as number, "100");
    const state = (await orderRow(database, grid)).quantState as { decision: { levels: string[]; slice: string } };
    expect(state.decision.levels).toHaveLength(11);
    expect(state.decision.levels[0]).toBe("61750");
    expect(state.decision.slice).toBe("25");
    const trend = await startQuantOrder(app, c, ids[1] as number, "100");
    expect((await orderRow(database, trend)).quantState).toMatchObject({
      strategy: "trend",
      symbol: "ETHUSDT",
      decision: { kind: "trend", fast: 7, slow: 25, interval: "15m", relation: null },
    });
  });
});
