// Product switches and per-country gating: an admin pauses a product for new orders or
// withholds it from more countries; the deployment's own list (options: EU, UK, Australia)
// cannot be lifted from the console; what a customer already holds can still be closed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balance, closeRes, open, openOk, tick } from "../contracts/factory";
import { auth, createOperator, fund, fundedCustomer, registerCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const admin = await createOperator(app, database);
tick(app, "XAUUSD", "2400");

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const product of ["futures", "spot", "exchange"])
    await setGate({ product, enabled: true, blockedCountries: [] });
});

async function setGate(body: Record<string, unknown>, token = admin.token) {
  return app.inject({ method: "POST", url: "/api/operator/products/update", headers: auth(token), payload: body });
}

async function gates() {
  const res = await app.inject({ method: "GET", url: "/api/operator/products/list", headers: auth(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Array<{
    product: string;
    enabled: boolean;
    blockedCountries: string[];
    deploymentBlockedCountries: string[];
  }>;
}

const position = { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 10 };

describe("product switches", () => {
  it("a paused product refuses new orders with a translated 403, while open positions still close", async () => {
    const t = await fundedCustomer(app, database, "1000");
    const held = await openOk(app, t, position);
    expect((await setGate({ product: "futures", enabled: false })).statusCode).toBe(200);

    const before = await balance(database, t.id);
    const refused = await open(app, t, position);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("New Futures orders are paused");
    const zh = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/create",
      headers: { ...auth(t.token), "x-lang": "zh-cn" },
      payload: position,
    });
    expect(zh.json().message).toContain("合約 目前暫停接受新訂單");
    expect(await balance(database, t.id)).toBe(before);

    // Exiting is never gated.
    expect((await closeRes(app, t, held.id)).statusCode).toBe(200);
    // Demo trading is its own product: still open.
    const demo = await open(app, t, { ...position, mode: "demo" });
    expect(demo.statusCode, demo.body).toBe(200);

    await setGate({ product: "futures", enabled: true });
    expect((await open(app, t, position)).statusCode).toBe(200);
  });

  it("the public list tells the caller what takes new orders, and why not", async () => {
    await setGate({ product: "exchange", enabled: false });
    const guest = await app.inject({ method: "GET", url: "/api/set/products" });
    expect(guest.statusCode).toBe(200);
    const list = guest.json().result as Array<{ product: string; offered: boolean; reason: string | null }>;
    expect(list.find((p) => p.product === "exchange")).toEqual({
      product: "exchange",
      offered: false,
      reason: "paused",
    });
    expect(list.find((p) => p.product === "spot")).toEqual({ product: "spot", offered: true, reason: null });

    const gb = await registerCustomer(app, { countryCode: "GB" });
    const mine = await app.inject({ method: "GET", url: "/api/set/products", headers: auth(gb.token) });
    const options = (mine.json().result as Array<{ product: string; reason: string | null }>).find(
      (p) => p.product === "options",
    );
    expect(options?.reason).toBe("country");
  });
});

describe("per-country gating", () => {
  it("withholds a product from the admin's countries only, and the deployment's list stays", async () => {
    const th = await registerCustomer(app, { countryCode: "TH" });
    const us = await registerCustomer(app, { countryCode: "US" });
    for (const c of [th, us]) await fund(database, c.id, "USDT", "500");
    const saved = await setGate({ product: "exchange", enabled: true, blockedCountries: ["th", "TH"] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.blockedCountries).toEqual(["TH"]);

    const convert = (token: string) =>
      app.inject({
        method: "POST",
        url: "/api/trade/appFlashExchangeLog/flashExchange",
        headers: auth(token),
        payload: { from: "USDT", to: "BTC", amount: "10" },
      });
    const refused = await convert(th.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe("Convert is not offered to residents of your country (TH).");
    expect(await balance(database, th.id)).toBe("500");
    app.market.ingest({ symbol: "BTCUSDT", price: "65000", ts: Date.now() });
    const allowed = await convert(us.token);
    expect(allowed.statusCode, allowed.body).toBe(200);

    // Options: the deployment withholds them from the UK; an empty admin list does not lift it.
    await setGate({ product: "options", enabled: true, blockedCountries: ["GB"] });
    const optionsGate = (await gates()).find((g) => g.product === "options");
    expect(optionsGate?.deploymentBlockedCountries).toContain("GB");
    expect(optionsGate?.blockedCountries).toEqual([]);
  });

  it("bad input is a 400 naming the field, and only an admin may change a switch", async () => {
    for (const body of [
      { product: "casino", enabled: false },
      { product: "spot" },
      { product: "spot", enabled: true, blockedCountries: ["Thailand"] },
      { product: "spot", enabled: "no" },
    ]) {
      const res = await setGate(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const customer = await registerCustomer(app);
    expect((await setGate({ product: "spot", enabled: false }, customer.token)).statusCode).toBe(403);
    expect((await gates()).find((g) => g.product === "spot")?.enabled).toBe(true);
  });

  it("every change is in the audit log with the state before it", async () => {
    await setGate({ product: "spot", enabled: false, blockedCountries: ["VN"] });
    const res = await app.inject({
      method: "GET",
      url: "/api/operator/audit/list?pageSize=5",
      headers: auth(admin.token),
    });
    const entry = (res.json().result.records as Array<{ action: string; targetType: string; before: unknown }>).find(
      (r) => r.targetType === "product_gate",
    );
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry?.before)).toContain('"product":"spot"');
  });
});
