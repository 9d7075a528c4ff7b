// Fixed-term ("arbitrage") products through the API on the sandbox test clock: buying moves
// the principal into the earn account, each business day pays interest once through the
// ledger, the term end returns the principal, early redemption deducts the interest paid,
// and every bad input is refused with the balance untouched.
import { dec } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { accrueThrough } from "../../src/modules/earn/accrual";
import { createOperator, fundedCustomer, registerCustomer } from "../factory";
import { MIDWEEK, setupApp, startClockAt } from "../helper";
import { balances, DAY, earnApi } from "./factory";

const { app, database } = await setupApp(startClockAt(MIDWEEK));
const api = earnApi(app);

describe("products", () => {
  it("are public, typed, state their rate basis and never promise a return", async () => {
    const res = await api.call("GET", "/api/prod/appProductInfo/list?type=arbitrage");
    expect(res.status).toBe(200);
    expect(res.result.length).toBeGreaterThanOrEqual(3);
    for (const p of res.result) {
      expect(p).toMatchObject({ type: "arbitrage", currency: "USDT", rateBasis: "fixed" });
      expect(p.dailyRate).toMatch(/^0\.\d+$/);
      expect(p.riskNotice.length).toBeGreaterThan(40);
    }
    for (const type of ["mining", "debt"]) {
      const list = await api.products(type);
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.every((p) => p.type === type)).toBe(true);
    }
    const mining = await api.products("mining");
    expect(mining[0]).toMatchObject({ dailyRate: null, rateBasis: "variable" });
    expect(mining[0]).toHaveProperty("manufacturer");
    const debt = await api.products("debt");
    expect(debt[0]).toHaveProperty("remainingAmount");
    expect(debt[0]?.defaultPolicy.length).toBeGreaterThan(40);
  });

  it.each(["en-us", "ko", "jp", "tai", "mlxy", "vl", "xi", "zh-cn"])(
    "%s texts say nothing is guaranteed or risk-free",
    async (lang) => {
      const res = await app.inject({
        method: "GET",
        url: "/api/prod/appProductInfo/list",
        headers: { "x-lang": lang },
      });
      const text = JSON.stringify(res.json().result).toLowerCase();
      for (const word of [
        "guarantee",
        "risk-free",
        "no risk",
        "保證",
        "保证",
        "무위험",
        "보장",
        "保証",
        "รับประกัน",
        "dijamin",
        "đảm bảo",
        "garantiza",
      ]) {
        expect(text).not.toContain(word);
      }
      if (lang !== "en-us") {
        const en = (await api.products())[0]?.name;
        expect(res.json().result[0].name).not.toBe(en);
      }
    },
  );

  it("queryById gives one product; an unknown id is 404", async () => {
    const p = await api.product("arbitrage", 7);
    expect((await api.call("GET", `/api/prod/appProductInfo/queryById?id=${p.id}`)).result.id).toBe(p.id);
    expect((await api.call("GET", "/api/prod/appProductInfo/queryById?id=999999")).status).toBe(404);
    expect((await api.call("GET", "/api/prod/appProductInfo/queryById?id=abc")).status).toBe(400);
  });
});

describe("a 7-day order", () => {
  it("pays interest each day for 3 days, then returns the principal at the end", async () => {
    const c = await fundedCustomer(app, database, "5000");
    const p = await api.product("arbitrage", 7);
    const bought = await api.buy(c.token, p.id, "1000");
    expect(bought.status).toBe(200);
    expect(bought.result).toMatchObject({ status: "running", amount: "1000", type: "arbitrage", remainingDays: 7 });
    expect(Date.parse(bought.result.endAt) - Date.parse(bought.result.startAt)).toBe(7 * DAY * 1000);
    expect(await balances(database, c.id)).toEqual({ spot: "4000", earn: "1000" });

    const perDay = dec("1000").mul(p.dailyRate).toFixed();
    await api.advance(3 * DAY);
    const order = (await api.order(c.token, bought.result.id)).result;
    expect(order.accruedDays).toBe(3);
    expect(order.totalIncome).toBe(dec(perDay).mul(3).toFixed());
    expect(order.remainingDays).toBe(4);
    expect(order.incomes).toHaveLength(3);
    expect(
      order.incomes.every((i: { kind: string; amount: string }) => i.kind === "interest" && i.amount === perDay),
    ).toBe(true);
    const log = await api.balanceLog(c.token, "earn_interest");
    expect(log.result.records).toHaveLength(3);
    expect((await balances(database, c.id)).spot).toBe(dec("4000").plus(dec(perDay).mul(3)).toFixed());

    await api.advance(4 * DAY);
    const ended = (await api.order(c.token, bought.result.id)).result;
    expect(ended).toMatchObject({
      status: "ended",
      endReason: "term",
      returnedAmount: "1000",
      accruedDays: 7,
      remainingDays: 0,
    });
    expect(await balances(database, c.id)).toEqual({ spot: dec("5000").plus(dec(perDay).mul(7)).toFixed(), earn: "0" });

    // Nothing more after the end.
    await api.advance(2 * DAY);
    expect((await api.order(c.token, bought.result.id)).result.accruedDays).toBe(7);
    const stat = (await api.stat(c.token)).result;
    expect(stat).toMatchObject({ running: 0, totalAmount: "0", totalIncome: dec(perDay).mul(7).toFixed() });
  });

  it("a date missed while nothing ran is paid once when two runs catch up at the same time", async () => {
    const c = await fundedCustomer(app, database, "1000");
    const p = await api.product("arbitrage", 7);
    const bought = await api.buy(c.token, p.id, "1000");
    const deps = { db: database.db, clock: app.clock, market: app.market, quant: null };
    // Two days pass with no scheduler running, then two workers catch up concurrently.
    await app.clock.moveTo(app.clock.nowMs() + 2 * DAY * 1000);
    const today = app.clock.today();
    await Promise.allSettled([accrueThrough(deps, today), accrueThrough(deps, today)]);
    await accrueThrough(deps, today);
    const order = (await api.order(c.token, bought.result.id)).result;
    expect(order.accruedDays).toBe(2);
    expect(order.incomes).toHaveLength(2);
    expect((await balances(database, c.id)).spot).toBe(dec("1000").mul(p.dailyRate).mul(2).toFixed());
  });
});

describe("early redemption", () => {
  it("returns the principal minus the interest paid; a second request changes nothing", async () => {
    const c = await fundedCustomer(app, database, "2000");
    const p = await api.product("arbitrage", 7);
    expect(p.earlyRedemption).toBe(true);
    const bought = await api.buy(c.token, p.id, "2000");
    await api.advance(2 * DAY);
    const paid = dec("2000").mul(p.dailyRate).mul(2);
    const r = await api.redeem(c.token, bought.result.id);
    expect(r.status).toBe(200);
    expect(r.result).toMatchObject({
      status: "ended",
      endReason: "redeemed",
      returnedAmount: dec("2000").minus(paid).toFixed(),
    });
    expect(await balances(database, c.id)).toEqual({ spot: "2000", earn: "0" });
    expect((await api.redeem(c.token, bought.result.id)).result.returnedAmount).toBe(dec("2000").minus(paid).toFixed());
    expect(await balances(database, c.id)).toEqual({ spot: "2000", earn: "0" });
    await api.advance(3 * DAY);
    expect((await api.order(c.token, bought.result.id)).result.accruedDays).toBe(2);
  });

  it("is refused (409) where the product does not offer it", async () => {
    const c = await fundedCustomer(app, database, "5000");
    await database.db.execute(`UPDATE users SET vip_level = 1 WHERE id = ${c.id}` as never);
    const p = await api.product("arbitrage", 30);
    expect(p.earlyRedemption).toBe(false);
    const bought = await api.buy(c.token, p.id, "500");
    expect(bought.status).toBe(200);
    const r = await api.redeem(c.token, bought.result.id);
    expect(r.status).toBe(409);
    expect(await balances(database, c.id)).toEqual({ spot: "4500", earn: "500" });
  });
});

describe("bad input loses nothing", () => {
  it.each([
    ["below the minimum", "99", 400, /minimum is 100/],
    ["above the maximum", "50001", 400, /maximum per order is 50000/],
    ["beyond the balance", "20000", 409, /Insufficient/],
    ["too many decimals", "100.1234567", 400, /amount/],
    ["zero", "0", 400, /amount/],
    ["not a number", "abc", 400, /amount/],
  ])("%s → %s", async (_label, amount, status, message) => {
    const c = await fundedCustomer(app, database, "10000");
    const p = await api.product("arbitrage", 7);
    const r = await api.buy(c.token, p.id, amount);
    expect(r.status).toBe(status);
    expect(r.message).toMatch(message);
    expect(await balances(database, c.id)).toEqual({ spot: "10000", earn: "0" });
  });

  it("VIP level too low → 403; wrong endpoint → 400; unknown product → 404; no token → 401", async () => {
    const c = await fundedCustomer(app, database, "10000");
    const p30 = await api.product("arbitrage", 30);
    const vip = await api.buy(c.token, p30.id, "500");
    expect(vip.status).toBe(403);
    expect(vip.message).toMatch(/VIP level 1/);
    const p7 = await api.product("arbitrage", 7);
    expect((await api.buy(c.token, p7.id, "500", undefined, "minerBuy")).status).toBe(400);
    expect((await api.buy(c.token, 999999, "500")).status).toBe(404);
    expect(
      (await api.call("POST", "/api/prod/appProductOrder/debitBuy", undefined, { productId: p7.id, amount: 500 }))
        .status,
    ).toBe(401);
    expect(await balances(database, c.id)).toEqual({ spot: "10000", earn: "0" });
  });

  it("a paused or ended product → 409", async () => {
    const op = await createOperator(app, database);
    const c = await fundedCustomer(app, database, "10000");
    const p = await api.product("arbitrage", 7);
    const status = (s: string) =>
      api.call("POST", `/api/operator/earn/products/${p.id}/status`, op.token, { status: s });
    expect((await status("paused")).status).toBe(200);
    expect((await api.product("arbitrage", 7)).status).toBe("paused");
    expect((await api.buy(c.token, p.id, "500")).status).toBe(409);
    await status("ended");
    expect((await api.buy(c.token, p.id, "500")).status).toBe(409);
    await status("open");
    expect((await api.buy(c.token, p.id, "500")).status).toBe(200);
  });

  it("another customer's order is 404 everywhere", async () => {
    const a = await fundedCustomer(app, database, "1000");
    const b = await registerCustomer(app);
    const p = await api.product("arbitrage", 7);
    const order = await api.buy(a.token, p.id, "500");
    expect((await api.order(b.token, order.result.id)).status).toBe(404);
    expect((await api.redeem(b.token, order.result.id)).status).toBe(404);
    expect(
      (await api.call("GET", `/api/prod/appProductOrder/incomeList?orderId=${order.result.id}`, b.token)).status,
    ).toBe(404);
    expect((await api.listMy(b.token)).result.total).toBe(0);
  });

  it("the same request twice buys once; concurrent buys respect the per-customer limit", async () => {
    const c = await fundedCustomer(app, database, "300000");
    const p = await api.product("arbitrage", 7);
    const [x, y] = await Promise.all([
      api.buy(c.token, p.id, "700", "same-1"),
      api.buy(c.token, p.id, "700", "same-1"),
    ]);
    expect(x.status).toBe(200);
    expect(y.result.id).toBe(x.result.id);
    expect((await api.buy(c.token, p.id, "800", "same-1")).status).toBe(409);
    expect(await balances(database, c.id)).toEqual({ spot: "299300", earn: "700" });

    // Limit 100,000 per customer: three concurrent 40,000 orders on top of 700 → only two fit.
    const results = await Promise.all([1, 2, 3].map((i) => api.buy(c.token, p.id, "40000", `limit-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.find((r) => r.status !== 200);
    expect(refused?.status).toBe(409);
    expect(refused?.message).toMatch(/at most 100000/);
    expect(await balances(database, c.id)).toEqual({ spot: "219300", earn: "80700" });
  });
});
