// Flash exchange through the API: the quote shown before confirming (rate, spread,
// balances before/after), execution at the live rate through USDT in one ledger batch,
// idempotency, 409 on insufficient balance, 400 on bad currencies, records and isolation.
import { beforeEach, describe, expect, it } from "vitest";
import { fund, registerCustomer } from "../factory";
import { setupApp } from "../helper";
import { available, get, platformBalance, post, transfersOf } from "../options/trading-helpers";

const { app, database } = await setupApp();
// BTC spread 0.0004 around 65000: bid 64987, ask 65013. ETH 0.0005 around 3000: bid 2999.25, ask 3000.75.
// Fresh ticks at the same prices before each test (rates come from ticks at most a minute old).
beforeEach(() => {
  app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: Date.now() });
  app.market.ingest({ symbol: "ETHUSDT", price: "3000", ts: Date.now() });
});

const exchange = (token: string, body: Record<string, unknown>) =>
  post(app, token, "/api/trade/appFlashExchangeLog/flashExchange", body);

describe("currencies and quotes", () => {
  it("lists the exchangeable currencies with decimals and USDT price", async () => {
    const res = await app.inject({ method: "GET", url: "/api/trade/appFlashExchangeLog/currencies" });
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list).toContainEqual({ currency: "USDT", precision: 6, usdtPrice: "1" });
    expect(list).toContainEqual({ currency: "BTC", precision: 8, usdtPrice: "65000.00" });
  });

  it("quotes rate, spread cost, received and balances before/after without moving money", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "2000");
    const res = await get(app, c.token, "/api/trade/appFlashExchangeLog/quote?from=usdt&to=BTC&amount=1000");
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      from: "USDT",
      to: "BTC",
      amount: "1000",
      rate: "0.000015381539",
      midRate: "0.000015384615",
      received: "0.01538153",
      spreadCost: "0.0002",
      fromPrice: { bid: "1", ask: "1" },
      toPrice: { bid: "64987", ask: "65013" },
      fromBalanceBefore: "2000",
      fromBalanceAfter: "1000",
      toBalanceBefore: "0",
      toBalanceAfter: "0.01538153",
      sufficient: true,
    });
    expect(Number(res.body.result.spreadCostAmount)).toBeGreaterThan(0);
    expect(await available(database, c.id, "USDT")).toBe("2000");
    const poor = await get(app, c.token, "/api/trade/appFlashExchangeLog/quote?from=BTC&to=USDT&amount=1");
    expect(poor.body.result).toMatchObject({ sufficient: false, fromBalanceAfter: "-1" });
  });
});

describe("executing", () => {
  it("USDT → BTC at the quoted rate, atomically via the treasury", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "2000");
    const treasuryBtc = await platformBalance(database, "treasury", "BTC");
    const res = await exchange(c.token, { from: "USDT", to: "BTC", amount: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ rate: "0.000015381539", received: "0.01538153", from: "USDT", to: "BTC" });
    expect(await available(database, c.id, "USDT")).toBe("1000");
    expect(await available(database, c.id, "BTC")).toBe("0.01538153");
    expect(Number(await platformBalance(database, "treasury", "BTC"))).toBeCloseTo(Number(treasuryBtc) - 0.01538153, 8);
    const legs = await transfersOf(database, "flash_exchange", res.body.result.id);
    expect(legs.map((t) => [t.key, t.currency, t.amount, t.kind])).toEqual([
      [`exchange:${res.body.result.id}:pay`, "USDT", "1000", "exchange"],
      [`exchange:${res.body.result.id}:receive`, "BTC", "0.01538153", "exchange"],
    ]);
  });

  it("BTC → ETH goes through USDT with the spread on both legs, truncated to ETH's decimals", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "BTC", "0.5");
    const res = await exchange(c.token, { from: "BTC", to: "ETH", amount: "0.5" });
    // 0.5 × 64987 / 3000.75 = 10.82845955...
    expect(res.body.result).toMatchObject({ rate: "21.656919103557", received: "10.82845955" });
    expect(await available(database, c.id, "BTC")).toBe("0");
    expect(await available(database, c.id, "ETH")).toBe("10.82845955");
  });

  it("not enough balance is a 409 and nothing is written", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "10");
    const res = await exchange(c.token, { from: "USDT", to: "ETH", amount: "10.5" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Insufficient USDT balance");
    expect(await available(database, c.id, "USDT")).toBe("10");
    expect((await get(app, c.token, "/api/trade/appFlashExchangeLog/listMy")).body.result.total).toBe(0);
  });

  it("same or unknown currency, too many decimals, too small an amount are 400s naming the field", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const same = await exchange(c.token, { from: "USDT", to: "usdt", amount: "1" });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe("to: choose a currency different from USDT");
    const unknown = await exchange(c.token, { from: "USDT", to: "XYZ", amount: "1" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("to: XYZ cannot be exchanged");
    expect((await exchange(c.token, { from: "NOPE", to: "BTC", amount: "1" })).body.message).toBe(
      "from: NOPE cannot be exchanged",
    );
    expect((await exchange(c.token, { from: "USDT", to: "BTC", amount: "1.1234567" })).body.message).toBe(
      "amount can have at most 6 decimals",
    );
    expect((await exchange(c.token, { from: "USDT", to: "BTC", amount: "0.5" })).body.message).toBe(
      "amount: the value must be at least 1 USDT",
    );
    expect((await exchange(c.token, { from: "USDT", to: "BTC", amount: "-1" })).status).toBe(400);
    expect((await exchange(c.token, { from: "USDT", to: "BTC" })).status).toBe(400);
    expect(await available(database, c.id, "USDT")).toBe("100");
  });

  it("is idempotent with clientRequestId (even when two arrive at once)", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "300");
    const body = { from: "USDT", to: "ETH", amount: "100", clientRequestId: "swap-1" };
    const [a, b] = await Promise.all([exchange(c.token, body), exchange(c.token, body)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.body.result.id).toBe(b.body.result.id);
    const again = await exchange(c.token, body);
    expect(again.body.result).toEqual(a.body.result);
    expect(await available(database, c.id, "USDT")).toBe("200");
    expect((await exchange(c.token, { ...body, amount: "50" })).status).toBe(409);
    expect((await get(app, c.token, "/api/trade/appFlashExchangeLog/listMy")).body.result.total).toBe(1);
  });
});

describe("stale prices", () => {
  it("a rate from a tick older than the crypto limit (5 s) is refused with 409", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    app.market.ingest({ symbol: "SOLUSDT", price: "140", ts: Date.now() - 5 * 60_000 });
    const res = await exchange(c.token, { from: "USDT", to: "SOL", amount: "10" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Price not available right now, please try again");
    expect(await available(database, c.id, "USDT")).toBe("100");
  });
});

describe("records", () => {
  it("lists my records newest first, paged; another customer's record is 404", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    const other = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    const first = (await exchange(c.token, { from: "USDT", to: "BTC", amount: "10" })).body.result;
    const second = (await exchange(c.token, { from: "USDT", to: "ETH", amount: "20" })).body.result;
    const page1 = await get(app, c.token, "/api/trade/appFlashExchangeLog/listMy?pageNo=1&pageSize=1");
    expect(page1.body.result).toMatchObject({ total: 2, pageNo: 1, pageSize: 1 });
    expect(page1.body.result.records.map((r: { id: number }) => r.id)).toEqual([second.id]);
    const page2 = await get(app, c.token, "/api/trade/appFlashExchangeLog/listMy?pageNo=2&pageSize=1");
    expect(page2.body.result.records[0]).toMatchObject({ id: first.id, from: "USDT", to: "BTC", amount: "10" });
    expect((await get(app, c.token, `/api/trade/appFlashExchangeLog/detail/${first.id}`)).status).toBe(200);
    expect((await get(app, other.token, `/api/trade/appFlashExchangeLog/detail/${first.id}`)).status).toBe(404);
    expect((await get(app, other.token, "/api/trade/appFlashExchangeLog/listMy")).body.result.total).toBe(0);
    const anonymous = await app.inject({ method: "GET", url: "/api/trade/appFlashExchangeLog/listMy" });
    expect(anonymous.statusCode).toBe(401);
  });
});
