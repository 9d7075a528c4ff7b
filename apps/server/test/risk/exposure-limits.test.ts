// Exposure limits of the house and treasury accounts: new risk whose worst case would take
// an account below −limit is refused with 409 and moves nothing; closing still works when
// the limit is reached; concurrent trades never jointly cross it; operators see the figure.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { auth, createOperator, fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, platformBalance, post } from "../options/trading-helpers";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

// BTC 65000 with spread 0.0004: bid 64987, ask 65013.
beforeEach(() => {
  app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: Date.now() });
});

async function setLimit(body: Record<string, unknown>) {
  const res = await app.inject({
    method: "POST",
    url: "/api/operator/risk/limits",
    headers: auth(operator.token),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result;
}

async function exposure() {
  const res = await app.inject({ method: "GET", url: "/api/operator/risk/exposure", headers: auth(operator.token) });
  expect(res.statusCode).toBe(200);
  return res.json().result as {
    rows: Array<{
      currency: string;
      account: string;
      balance: string;
      open: string;
      limit: string;
      headroom: string;
      paused: boolean;
    }>;
  };
}

async function optionSet(token: string) {
  const res = await get(app, token, "/api/trade/appSecondContractSet/list?symbol=BTCUSDT");
  return res.body.result.find((s: { periodSeconds: number }) => s.periodSeconds === 30) as { id: number };
}

describe("exposure limits: refusals before the limit is crossed", () => {
  it("refuses an option whose possible profit would take the house past its limit, and moves nothing", async () => {
    await setLimit({ currency: "USDT", limit: "1000" });
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    const set = await optionSet(c.token);
    const houseBefore = await platformBalance(database, "house", "USDT");
    // 0.85 × 2000 = 1700 > 1000 of headroom.
    const refused = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "BTCUSDT",
      setId: set.id,
      direction: "up",
      amount: "2000",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("paused");
    expect(await available(database, c.id, "USDT")).toBe("5000");
    expect(await platformBalance(database, "house", "USDT")).toBe(houseBefore);
    // 0.85 × 1000 = 850 fits.
    const ok = await post(app, c.token, "/api/trade/appSecondContractOrder/buy", {
      symbol: "BTCUSDT",
      setId: set.id,
      direction: "up",
      amount: "1000",
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a futures position whose notional would take the house past its limit", async () => {
    // 1000 of room for new risk, beside what is open already (the option of the test before).
    const before = (await exposure()).rows.find((r) => r.currency === "USDT" && r.account === "house");
    const used = -Number(before?.balance ?? 0) + Number(before?.open ?? 0);
    await setLimit({ currency: "USDT", limit: (used + 1000).toFixed(8) });
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    const body = { symbol: "BTCUSDT", direction: "long", leverage: "2" };
    const refused = await post(app, c.token, "/api/trade/appTradePositions/create", { ...body, margin: "600" });
    expect(refused.status).toBe(409);
    expect(await available(database, c.id, "USDT")).toBe("5000");
    const ok = await post(app, c.token, "/api/trade/appTradePositions/create", { ...body, margin: "400" });
    expect(ok.status).toBe(200);
  });

  it("refuses a flash exchange that would take the treasury past its limit in the currency it delivers", async () => {
    await setLimit({ currency: "BTC", limit: "0.01" });
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    const treasuryBefore = await platformBalance(database, "treasury", "BTC");
    const refused = await post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", {
      from: "USDT",
      to: "BTC",
      amount: "1000",
    });
    expect(refused.status).toBe(409);
    expect(await available(database, c.id, "USDT")).toBe("5000");
    expect(await available(database, c.id, "BTC")).toBe("0");
    expect(await platformBalance(database, "treasury", "BTC")).toBe(treasuryBefore);
    await setLimit({ currency: "BTC", limit: null });
  });

  it("refuses a spot limit buy whose fill would take the treasury past its limit", async () => {
    await setLimit({ currency: "BTC", limit: "0.01" });
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "5000");
    const refused = await post(app, c.token, "/api/trade/appSpotOrder/create", {
      symbol: "BTCUSDT",
      side: "buy",
      type: "limit",
      quantity: "0.02",
      price: "60000",
    });
    expect(refused.status).toBe(409);
    expect(await available(database, c.id, "USDT")).toBe("5000");
    await setLimit({ currency: "BTC", limit: null });
  });
});

describe("exposure limits never stop customers from leaving", () => {
  it("closes a position while new risk is paused", async () => {
    await setLimit({ currency: "USDT", limit: "1000000" });
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    const opened = await post(app, c.token, "/api/trade/appTradePositions/create", {
      symbol: "BTCUSDT",
      direction: "long",
      leverage: "2",
      margin: "100",
    });
    expect(opened.status).toBe(200);
    await setLimit({ currency: "USDT", limit: "0.000001" });
    const blocked = await post(app, c.token, "/api/trade/appTradePositions/create", {
      symbol: "BTCUSDT",
      direction: "long",
      leverage: "2",
      margin: "100",
    });
    expect(blocked.status).toBe(409);
    app.market.ingest({ symbol: "BTCUSDT", price: "66000", ts: Date.now() });
    const closed = await post(app, c.token, `/api/trade/appTradePositions/close/${opened.body.result.id}`);
    expect(closed.status).toBe(200);
    expect(closed.body.result.status).toBe("closed");
    await setLimit({ currency: "USDT", limit: null });
  });
});

describe("exposure limits under concurrent trades", () => {
  it("lets exactly as many of 20 parallel exchanges through as the treasury limit allows", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "10000");
    const before = await platformBalance(database, "treasury", "BTC");
    // Each exchange of 100 USDT delivers 0.00153814 BTC; leave room for exactly 6.
    await setLimit({ currency: "BTC", limit: (-Number(before) + 0.0098).toFixed(8) });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(app, c.token, "/api/trade/appFlashExchangeLog/flashExchange", {
          from: "USDT",
          to: "BTC",
          amount: "100",
          clientRequestId: randomUUID(),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14);
    expect(await available(database, c.id, "USDT")).toBe("9400");
    await setLimit({ currency: "BTC", limit: null });
  });
});

describe("the operator's exposure figure", () => {
  it("shows balance, limit, headroom and pause per account and currency", async () => {
    await setLimit({ defaultUsdt: "5000000", currency: "USDT", limit: "2000" });
    const { rows } = await exposure();
    const house = rows.find((r) => r.currency === "USDT" && r.account === "house");
    expect(house).toBeDefined();
    expect(house?.limit).toBe("2000");
    // Balance − the worst cases still open + limit.
    expect(Number(house?.headroom)).toBeCloseTo(Number(house?.balance) - Number(house?.open) + 2000, 6);
    const btc = rows.find((r) => r.currency === "BTC" && r.account === "treasury");
    // The default (5,000,000 USDT) at 65000 per BTC.
    expect(Number(btc?.limit)).toBeCloseTo(5_000_000 / 65_000, 6);
    await setLimit({ currency: "USDT", limit: null });
  });

  it("is for operators only, and validates changes", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    expect((await app.inject({ method: "GET", url: "/api/operator/risk/exposure" })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/api/operator/risk/exposure", headers: auth(c.token) })).statusCode,
    ).toBe(403);
    const bad = await app.inject({
      method: "POST",
      url: "/api/operator/risk/limits",
      headers: auth(operator.token),
      payload: { currency: "USDT", limit: "-5" },
    });
    expect(bad.statusCode).toBe(400);
    const empty = await app.inject({
      method: "POST",
      url: "/api/operator/risk/limits",
      headers: auth(operator.token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});
