// Options through the API: seeded settings, buying (stake moved at once, opens at the
// latest tick), settlement from the first recorded tick at or after expiry (win, lose,
// draw), the evidence ticks, stake limits, idempotency, isolation and demo money.
import { describe, expect, it } from "vitest";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, platformBalance, post, tick, transfersOf } from "./trading-helpers";

const { app, database } = await setupApp();

async function settings(token: string, symbol: string) {
  const res = await get(app, token, `/api/trade/appSecondContractSet/list?symbol=${symbol}`);
  expect(res.status).toBe(200);
  return res.body.result as Array<{
    id: number;
    periodSeconds: number;
    payoutRate: string;
    minAmount: string;
    maxAmount: string;
  }>;
}

async function setOf(token: string, symbol: string, periodSeconds: number) {
  const found = (await settings(token, symbol)).find((s) => s.periodSeconds === periodSeconds);
  if (!found) throw new Error(`no ${periodSeconds}s setting for ${symbol}`);
  return found;
}

/** Settle now (the engine may already have): the settlement is idempotent. */
async function settle(id: number) {
  const outcome = await app.optionService.settle(id);
  expect(["settled", "done"]).toContain(outcome);
}

async function order(token: string, id: number) {
  const res = await get(app, token, `/api/trade/appSecondContractOrder/detail/${id}`);
  expect(res.status).toBe(200);
  return res.body.result;
}

describe("settings", () => {
  it("are seeded per symbol: 30/60/120/300 s with payout rates and stake limits", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const list = await settings(c.token, "btcusdt");
    expect(list.map((s) => [s.periodSeconds, s.payoutRate, s.minAmount, s.maxAmount])).toEqual([
      [30, "0.85", "10", "10000"],
      [60, "0.82", "10", "10000"],
      [120, "0.8", "10", "10000"],
      [300, "0.75", "10", "10000"],
    ]);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ["id", "maxAmount", "minAmount", "payoutRate", "periodSeconds", "symbol"].sort(),
    );
    expect((await get(app, c.token, "/api/trade/appSecondContractSet/list?symbol=NOPE")).status).toBe(404);
    expect((await get(app, c.token, "/api/trade/appSecondContractSet/list")).status).toBe(400);
  });

  it("need a login", async () => {
    const res = await app.inject({ method: "GET", url: "/api/trade/appSecondContractSet/list?symbol=BTCUSDT" });
    expect(res.statusCode).toBe(401);
  });
});

describe("buying and settling from recorded ticks", () => {
  it("an up option wins: opens at the latest tick, settles at the first tick at or after expiry, pays the profit from the house", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const set = await setOf(c.token, "BTCUSDT", 30);
    const open = tick(app, "BTCUSDT", "65000.12");
    const houseBefore = await platformBalance(database, "house", "USDT");

    const bought = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "BTCUSDT",
      setId: set.id,
      direction: "up",
      amount: 100,
    });
    expect(bought.status).toBe(200);
    const o = bought.body.result;
    expect(o).toMatchObject({ openPrice: "65000.12", status: "open", result: null, payout: null, closePrice: null });
    expect(o.openTick).toEqual({ price: "65000.12", ts: open.ts });
    const expiresAt = Date.parse(o.expiresAt);
    // The window starts at the opening tick (issue "Money that cannot be gamed", item 5).
    expect(expiresAt - o.openTick.ts).toBe(30_000);
    // The stake left the available balance at once, for the options account.
    expect(await available(database, c.id, "USDT")).toBe("900");
    expect(await available(database, c.id, "USDT", "options")).toBe("100");
    const [stake] = await transfersOf(database, "option", o.id);
    expect(stake).toMatchObject({ key: `option:${o.id}:stake`, kind: "option_stake", amount: "100" });

    // Not due before a tick at or after expiry is recorded.
    tick(app, "BTCUSDT", "65100", expiresAt - 1);
    expect(await app.optionService.settle(o.id)).toBe("notDue");
    tick(app, "BTCUSDT", "65000.13", expiresAt + 400); // the deciding tick
    tick(app, "BTCUSDT", "64000", expiresAt + 900); // later: irrelevant
    await settle(o.id);

    const done = await order(c.token, o.id);
    expect(done).toMatchObject({
      status: "settled",
      result: "win",
      payout: "185",
      closePrice: "65000.13",
      closeTick: { price: "65000.13", ts: expiresAt + 400 },
      openTick: { price: "65000.12", ts: open.ts },
    });
    expect(await available(database, c.id, "USDT")).toBe("1085");
    expect(await available(database, c.id, "USDT", "options")).toBe("0");
    expect(Number(await platformBalance(database, "house", "USDT"))).toBe(Number(houseBefore) - 85);
    const keys = (await transfersOf(database, "option", o.id)).map((t) => t.key).sort();
    expect(keys).toEqual([`option:${o.id}:stake`, `settle:option:${o.id}`, `settle:option:${o.id}:profit`].sort());
  });

  it("a down option loses when the price rises: the stake goes to the house, payout 0", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "500");
    const set = await setOf(c.token, "ETHUSDT", 60);
    tick(app, "ETHUSDT", "3100.50");
    const houseBefore = await platformBalance(database, "house", "USDT");
    const o = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "ETHUSDT",
        setId: set.id,
        direction: "down",
        amount: "50.5",
      })
    ).body.result;
    const expiresAt = Date.parse(o.expiresAt);
    tick(app, "ETHUSDT", "3100.51", expiresAt);
    await settle(o.id);
    expect(await order(c.token, o.id)).toMatchObject({ result: "lose", payout: "0", closePrice: "3100.51" });
    expect(await available(database, c.id, "USDT")).toBe("449.5");
    expect(await available(database, c.id, "USDT", "options")).toBe("0");
    expect(Number(await platformBalance(database, "house", "USDT"))).toBeCloseTo(Number(houseBefore) + 50.5, 8);
  });

  it("an equal price is a draw: the stake is refunded", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const set = await setOf(c.token, "SOLUSDT", 120);
    tick(app, "SOLUSDT", "140.25");
    const o = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "SOLUSDT",
        setId: set.id,
        direction: "up",
        amount: "100",
      })
    ).body.result;
    tick(app, "SOLUSDT", "140.25", Date.parse(o.expiresAt) + 1);
    await settle(o.id);
    expect(await order(c.token, o.id)).toMatchObject({ result: "draw", payout: "100", closePrice: "140.25" });
    expect(await available(database, c.id, "USDT")).toBe("100");
    const kinds = (await transfersOf(database, "option", o.id)).map((t) => t.kind);
    expect(kinds).toEqual(["option_stake", "option_refund"]);
  });

  it("settles exactly once however many settlers race for it", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const set = await setOf(c.token, "BNBUSDT", 30);
    tick(app, "BNBUSDT", "900");
    const o = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "BNBUSDT",
        setId: set.id,
        direction: "down",
        amount: "200",
      })
    ).body.result;
    tick(app, "BNBUSDT", "899.9", Date.parse(o.expiresAt) + 10);
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => app.optionService.settle(o.id)));
    expect(outcomes.filter((x) => x === "settled").length).toBeLessThanOrEqual(1);
    expect(outcomes.every((x) => x === "settled" || x === "done")).toBe(true);
    expect(await order(c.token, o.id)).toMatchObject({ result: "win", payout: "370" });
    expect(await available(database, c.id, "USDT")).toBe("1170");
    expect((await transfersOf(database, "option", o.id)).length).toBe(3);
  });

  it("lists my orders newest first with the deciding ticks as evidence", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const set = await setOf(c.token, "XRPUSDT", 30);
    const longer = await setOf(c.token, "XRPUSDT", 60);
    tick(app, "XRPUSDT", "2.2");
    const first = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "XRPUSDT",
        setId: set.id,
        direction: "up",
        amount: "10",
      })
    ).body.result;
    const second = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "XRPUSDT",
        setId: longer.id,
        direction: "down",
        amount: "20",
      })
    ).body.result;
    tick(app, "XRPUSDT", "2.1999", Date.parse(first.expiresAt) + 5);
    await settle(first.id);

    const list = await get(app, c.token, "/api/trade/appSecondContractOrder/listMy?pageSize=10");
    expect(list.status).toBe(200);
    expect(list.body.result.total).toBe(2);
    const [newest, oldest] = list.body.result.records;
    expect(newest).toMatchObject({ id: second.id, status: "open", result: null, closeTick: null });
    expect(oldest).toMatchObject({
      id: first.id,
      symbol: "XRPUSDT",
      direction: "up",
      amount: "10",
      openPrice: "2.2000",
      closePrice: "2.1999",
      result: "lose",
      payout: "0",
      status: "settled",
      openTick: { price: "2.2000" },
      closeTick: { price: "2.1999" },
    });
    for (const key of [
      "id",
      "symbol",
      "direction",
      "amount",
      "openPrice",
      "closePrice",
      "result",
      "payout",
      "status",
      "expiresAt",
    ]) {
      expect(oldest).toHaveProperty(key);
    }
    const settled = await get(app, c.token, "/api/trade/appSecondContractOrder/listMy?status=settled");
    expect(settled.body.result.records.map((r: { id: number }) => r.id)).toEqual([first.id]);
  });
});

describe("rules", () => {
  it("stake limits, decimals, balance and unknown settings", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "50");
    const set = await setOf(c.token, "LTCUSDT", 60);
    tick(app, "LTCUSDT", "90", Date.now());
    const buy = (body: Record<string, unknown>) =>
      post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "LTCUSDT",
        setId: set.id,
        direction: "up",
        amount: "20",
        ...body,
      });
    const below = await buy({ amount: "9.99" });
    expect(below.status).toBe(400);
    expect(below.body.message).toBe("amount: the minimum is 10 USDT");
    const above = await buy({ amount: "10000.01" });
    expect(above.status).toBe(400);
    expect(above.body.message).toBe("amount: the maximum is 10000 USDT");
    expect((await buy({ amount: "10.123456789" })).body.message).toBe("amount can have at most 8 decimals");
    expect((await buy({ amount: "-5" })).status).toBe(400);
    expect((await buy({ direction: "sideways" })).status).toBe(400);
    const poor = await buy({ amount: "60" });
    expect(poor.status).toBe(409);
    expect(poor.body.message).toBe("Insufficient USDT balance");
    expect((await buy({ setId: 999_999 })).status).toBe(404);
    const otherSymbol = await setOf(c.token, "DOTUSDT", 60);
    expect((await buy({ setId: otherSymbol.id })).status).toBe(404);
    // Nothing was taken by the refused orders.
    expect(await available(database, c.id, "USDT")).toBe("50");
    expect((await get(app, c.token, "/api/trade/appSecondContractOrder/listMy")).body.result.total).toBe(0);
  });

  it("the same clientRequestId returns the first order without a second stake", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const set = await setOf(c.token, "DOTUSDT", 30);
    tick(app, "DOTUSDT", "2.8", Date.now());
    const body = { symbol: "DOTUSDT", setId: set.id, direction: "up", amount: "30", clientRequestId: "opt-1" };
    const [a, b] = await Promise.all([
      post(app, c.token, "/api/trade/appSecondContractOrder/buy", body),
      post(app, c.token, "/api/trade/appSecondContractOrder/buy", body),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.result.id).toBe(b.body.result.id);
    expect(await available(database, c.id, "USDT")).toBe("70");
    const reused = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", { ...body, amount: "31" });
    expect(reused.status).toBe(409);
  });

  it("another customer's order is not found", async () => {
    const owner = await registerCustomer(app, { countryCode: "US" });
    const other = await registerCustomer(app, { countryCode: "US" });
    await fund(database, owner.id, "USDT", "100");
    const set = await setOf(owner.token, "AVAXUSDT", 30);
    tick(app, "AVAXUSDT", "14", Date.now());
    const o = (
      await post(app, owner.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "AVAXUSDT",
        setId: set.id,
        direction: "up",
        amount: "10",
      })
    ).body.result;
    expect((await get(app, other.token, `/api/trade/appSecondContractOrder/detail/${o.id}`)).status).toBe(404);
    expect((await get(app, other.token, "/api/trade/appSecondContractOrder/listMy")).body.result.total).toBe(0);
  });

  it("refuses a buy when the latest price is stale", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const set = await setOf(c.token, "LINKUSDT", 30);
    tick(app, "LINKUSDT", "13.5", Date.now() - 5 * 60_000);
    const res = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "LINKUSDT",
      setId: set.id,
      direction: "up",
      amount: "10",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Price not available right now, please try again");
  });
});

describe("demo money", () => {
  it("a demo option stakes and settles VUSDT from the demo account (granted on first use), never touching real USDT", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const set = await setOf(c.token, "ADAUSDT", 30);
    tick(app, "ADAUSDT", "0.45", Date.now());
    const o = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "ADAUSDT",
        setId: set.id,
        direction: "up",
        amount: "1000",
        mode: "demo",
      })
    ).body.result;
    expect(o).toMatchObject({ mode: "demo", currency: "VUSDT" });
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("9000");
    tick(app, "ADAUSDT", "0.4501", Date.parse(o.expiresAt));
    await settle(o.id);
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("10850");
    expect(await available(database, c.id, "USDT")).toBe("100");
    // Lists are per mode: real by default.
    expect((await get(app, c.token, "/api/trade/appSecondContractOrder/listMy")).body.result.total).toBe(0);
    const demo = await get(app, c.token, "/api/trade/appSecondContractOrder/listMy?mode=demo");
    expect(demo.body.result.records[0]).toMatchObject({ id: o.id, result: "win", payout: "1850" });
  });

  it("a demo reset cancels open demo options and refunds their stakes before restoring the default balance", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const set = await setOf(c.token, "ADAUSDT", 300);
    tick(app, "ADAUSDT", "0.46", Date.now() + 60_000);
    const o = (
      await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
        symbol: "ADAUSDT",
        setId: set.id,
        direction: "down",
        amount: "500",
        mode: "demo",
      })
    ).body.result;
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("9500");
    const reset = await post(app, c.token, "/api/trade/appDemoAccount/reset", {});
    expect(reset.status).toBe(200);
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("10000");
    expect(await available(database, c.id, "VUSDT", "options")).toBe("0");
    const after = await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${o.id}`);
    expect(after.body.result).toMatchObject({ status: "cancelled", result: null, payout: "500" });
    // A later tick past expiry settles nothing.
    tick(app, "ADAUSDT", "0.1", Date.parse(o.expiresAt) + 1);
    expect(await app.optionService.settle(o.id)).toBe("done");
    expect(await available(database, c.id, "VUSDT", "demo")).toBe("10000");
  });
});
