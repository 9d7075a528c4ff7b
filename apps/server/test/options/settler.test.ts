// The options settler: settles on time without waiting for a tick event, recovers
// orders that expired while no node led (from recorded ticks, after a restart), and
// two leaders racing over the same orders still settle each exactly once.
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { OptionSettler } from "../../src/modules/options/settler";
import { auth, createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, post, tick, transfersOf } from "./trading-helpers";

const { app, database, config } = await setupApp();
const silent = app.log;

async function buy(token: string, symbol: string, setId: number, direction: "up" | "down", amount: string) {
  const res = await post(app, token, "/api/trade/appSecondContractOrder/buy", { symbol, setId, direction, amount });
  expect(res.status).toBe(200);
  return res.body.result as { id: number; expiresAt: string };
}

async function setId(token: string, symbol: string, periodSeconds: number) {
  const list = (await get(app, token, `/api/trade/appSecondContractSet/list?symbol=${symbol}`)).body.result;
  return (list as Array<{ id: number; periodSeconds: number }>).find((s) => s.periodSeconds === periodSeconds)?.id ?? 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("operator settings", () => {
  it("an operator adds a 5 s period; customers see it; bought orders keep their terms", async () => {
    const op = await createOperator(app, database);
    const saved = await app.inject({
      method: "POST",
      url: "/api/operator/options/settings/save",
      headers: auth(op.token),
      payload: {
        symbol: "DOGEUSDT",
        periodSeconds: 5,
        payoutRate: "0.9",
        minAmount: "1",
        maxAmount: "50",
        sortOrder: 0,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({
      symbol: "DOGEUSDT",
      periodSeconds: 5,
      payoutRate: "0.9",
      enabled: true,
    });
    const bad = await app.inject({
      method: "POST",
      url: "/api/operator/options/settings/save",
      headers: auth(op.token),
      payload: { symbol: "DOGEUSDT", periodSeconds: 5, payoutRate: "0.9", minAmount: "10", maxAmount: "5" },
    });
    expect(bad.statusCode).toBe(400);
    const c = await registerCustomer(app, { countryCode: "US" });
    const forbidden = await app.inject({
      method: "GET",
      url: "/api/operator/options/settings",
      headers: auth(c.token),
    });
    expect(forbidden.statusCode).toBe(403);
    const all = await app.inject({
      method: "GET",
      url: "/api/operator/options/settings?symbol=DOGEUSDT",
      headers: auth(op.token),
    });
    expect(all.json().result.map((s: { periodSeconds: number }) => s.periodSeconds)).toEqual([5, 30, 60, 120, 300]);
  });
});

describe("on time", () => {
  it("an order bought elsewhere settles within moments of expiry with no tick event after it (scan + timer)", async () => {
    // No engine delivering ticks: only a stand-alone settler's timer can settle.
    await app.settlement.stop();
    const standalone = new OptionSettler(app.optionService, silent, { scanMs: 100 });
    try {
      await standalone.recover();
      const c = await registerCustomer(app, { countryCode: "US" });
      await fund(database, c.id, "USDT", "100");
      const id = await setId(c.token, "DOGEUSDT", 5);
      tick(app, "DOGEUSDT", "0.16");
      const o = await buy(c.token, "DOGEUSDT", id, "up", "10");
      const expiresAt = Date.parse(o.expiresAt);
      // The deciding tick is recorded (its time is at/after expiry); no tick reaches a settler.
      tick(app, "DOGEUSDT", "0.16001", expiresAt + 1);
      let settledAt = 0;
      for (let i = 0; i < 80 && !settledAt; i++) {
        await sleep(100);
        const r = (await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${o.id}`)).body.result;
        if (r.status === "settled") settledAt = Date.now();
      }
      expect(settledAt).toBeGreaterThanOrEqual(expiresAt);
      expect(settledAt - expiresAt).toBeLessThan(1500);
      expect(standalone.settledCount).toBe(1);
      expect(await available(database, c.id, "USDT")).toBe("109");
    } finally {
      await standalone.stop();
      await app.settlement.start();
    }
  });

  it("with the engine leading, the tick that reaches expiry settles the order at once", async () => {
    expect(app.settlement.isLeader).toBe(true);
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const id = await setId(c.token, "TRXUSDT", 30);
    tick(app, "TRXUSDT", "0.28");
    const o = await buy(c.token, "TRXUSDT", id, "down", "10");
    tick(app, "TRXUSDT", "0.27999", Date.parse(o.expiresAt));
    let status = "open";
    for (let i = 0; i < 50 && status === "open"; i++) {
      await sleep(20);
      status = (await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${o.id}`)).body.result.status;
    }
    expect(status).toBe("settled");
  });
});

describe("recovery", () => {
  it("a new leader settles what expired while nobody led, from the recorded ticks in the database", async () => {
    await app.settlement.stop();
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const id30 = await setId(c.token, "LTCUSDT", 30);
    tick(app, "LTCUSDT", "90");
    const up = await buy(c.token, "LTCUSDT", id30, "up", "100");
    const down = await buy(c.token, "LTCUSDT", id30, "down", "100");
    const expiresAt = Date.parse(down.expiresAt);
    tick(app, "LTCUSDT", "91", expiresAt + 50);
    await app.market.flush();
    expect((await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${up.id}`)).body.result.status).toBe(
      "open",
    );

    // "Restart": a second app on the same database, its market reloaded from storage; it leads.
    const restarted = await buildApp({ config, database, logger: false });
    await restarted.ready();
    try {
      expect(restarted.settlement.isLeader).toBe(true);
      await restarted.optionSettler.idle();
      const ups = await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${up.id}`);
      const downs = await get(app, c.token, `/api/trade/appSecondContractOrder/detail/${down.id}`);
      expect(ups.body.result).toMatchObject({ status: "settled", result: "win", closePrice: "91.00" });
      expect(downs.body.result).toMatchObject({ status: "settled", result: "lose", payout: "0" });
      expect(await available(database, c.id, "USDT")).toBe("985");
    } finally {
      await restarted.close();
      await app.settlement.start();
    }
  });

  it("two leaders recovering the same orders at once settle each exactly once", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const id30 = await setId(c.token, "AVAXUSDT", 30);
    await app.settlement.stop();
    tick(app, "AVAXUSDT", "14");
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await buy(c.token, "AVAXUSDT", id30, i % 2 ? "up" : "down", "10"));
    tick(app, "AVAXUSDT", "14.01", Math.max(...orders.map((o) => Date.parse(o.expiresAt))));
    const a = new OptionSettler(app.optionService, silent, { scanMs: 60_000, concurrency: 4 });
    const b = new OptionSettler(app.optionService, silent, { scanMs: 60_000, concurrency: 4 });
    try {
      await Promise.all([a.recover(), b.recover()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await app.settlement.start();
    }
    expect(a.settledCount + b.settledCount).toBe(5);
    for (const o of orders) {
      const keys = (await transfersOf(database, "option", o.id)).map((t) => t.key);
      expect(keys.filter((k) => k === `settle:option:${o.id}`)).toHaveLength(1);
    }
    // 2 winners (up) get 18.5 each, 3 losers nothing: 1000 − 50 + 37.
    expect(await available(database, c.id, "USDT")).toBe("987");
  });
});
