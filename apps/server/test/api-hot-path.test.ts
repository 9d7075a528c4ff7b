// The request hot path after the speed work (issue 9): security headers set from constants
// are exactly helmet's, on every kind of response; the balance read sums in SQL and still
// gives the same figures, frozen kinds and operator order; the session lookup still slides.
import { DecimalString, envelope, MarketSymbol, UserAssets, UserBalance } from "@candor/contract";
import helmet from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fastSerializerCompiler } from "../src/lib/fast-serializer";
import {
  getBalances,
  getSpotTotals,
  hold,
  numericToMoneyString,
  platformAccount,
  transfer,
  userAccount,
} from "../src/modules/ledger/service";
import { SECURITY_HEADERS } from "../src/plugins/security";
import { setupApp } from "./helper";
import { api, createOperator, fund, registerCustomer, setPrices, uniq } from "./wallet/factory";

const { app, database } = await setupApp();
const { get, post } = api(app);
setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });

/** What @fastify/helmet sent with the configuration the app used before the constants. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const bare = Fastify();
  await bare.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["'self'", "https:"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
  });
  bare.get("/x", async () => ({}));
  const res = await bare.inject("/x");
  await bare.close();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!["content-type", "content-length", "date", "connection"].includes(name)) out[name] = String(value);
  }
  return out;
}

const securityPart = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(SECURITY_HEADERS).map((name) => [name, headers[name]]));

describe("security headers", () => {
  it("are exactly the headers helmet sent with the same configuration", async () => {
    expect(SECURITY_HEADERS).toEqual(await helmetHeaders());
  });

  it("are on API answers, errors, unknown API paths and the app's pages alike", async () => {
    const token = (await registerCustomer(app)).token;
    const cases = [
      { url: "/api/health" },
      { url: "/api/finance/appWallet/queryUserBalance", headers: { "x-access-token": token } },
      { url: "/api/finance/appWallet/queryUserBalance" }, // 401
      { url: "/api/no/such/endpoint" }, // 404 envelope
      { url: "/" }, // the web app (or its not-built page)
    ];
    const statuses: number[] = [];
    for (const c of cases) {
      const res = await app.inject({ method: "GET", ...c });
      statuses.push(res.statusCode);
      expect(securityPart(res.headers), c.url).toEqual(SECURITY_HEADERS);
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 401, 404]);
  });
});

describe("spot totals summed by the database", () => {
  it("prints NUMERIC text the way toMoneyString does", () => {
    expect(numericToMoneyString("25000.000000000000000000")).toBe("25000");
    expect(numericToMoneyString("0.500000000000000000")).toBe("0.5");
    expect(numericToMoneyString("-12.340000000000000000")).toBe("-12.34");
    expect(numericToMoneyString("0.000000000000000000")).toBe("0");
    expect(numericToMoneyString("100")).toBe("100");
    expect(numericToMoneyString("0.000000000000000001")).toBe("0.000000000000000001");
  });

  it("match the per-account balances: spot less holds is available; holds and the frozen kind are frozen", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "1000.123456");
    await fund(database, c.id, "BTC", "0.000000000000000001");
    const key = `hot-path:${uniq()}`;
    await hold(database.db, {
      currency: "USDT",
      debit: userAccount(c.id),
      credit: platformAccount("clearing"),
      amount: "0.123456",
      key: `${key}:hold`,
      kind: "test_hold",
      reference: { type: "test", id: key },
    });
    await transfer(database.db, {
      currency: "USDT",
      debit: platformAccount("treasury"),
      credit: userAccount(c.id, "frozen"),
      amount: "5",
      key: `${key}:frozen`,
      kind: "test_funding",
      reference: { type: "test", id: key },
    });
    await transfer(database.db, {
      currency: "USDT",
      debit: platformAccount("treasury"),
      credit: userAccount(c.id, "earn"),
      amount: "7",
      key: `${key}:earn`,
      kind: "test_funding",
      reference: { type: "test", id: key },
    });
    expect(await getSpotTotals(database.db, c.id)).toEqual([
      { currency: "BTC", available: "0.000000000000000001", frozen: "0" },
      { currency: "USDT", available: "1000", frozen: "5.123456" },
    ]);
    // The same figures as summing the accounts one by one (earn is neither).
    const accounts = await getBalances(database.db, c.id, { currency: "USDT" });
    expect(accounts.map((a) => [a.kind, a.available, a.held, a.balance])).toEqual([
      ["earn", "7", "0", "7"],
      ["frozen", "5", "0", "5"],
      ["spot", "1000", "0.123456", "1000.123456"],
    ]);

    const res = await get("/api/finance/appWallet/queryUserBalance", c.token);
    const by = Object.fromEntries(res.result.map((b: { currency: string }) => [b.currency, b]));
    expect(by.USDT).toEqual({ currency: "USDT", available: "1000", frozen: "5.123456", usdtValue: "1005.123456" });
    // 1e-18 BTC is worth 5e-14 USDT: truncated to 8 places it shows as 0, never rounded up.
    expect(by.BTC).toEqual({ currency: "BTC", available: "0.000000000000000001", frozen: "0", usdtValue: "0" });
  });

  it("list currencies in the operator's order, changed at once when the operator edits it", async () => {
    const operator = await createOperator(app, database);
    const c = await registerCustomer(app);
    const before = (await get("/api/finance/appWallet/queryUserBalance", c.token)).result;
    expect(before[0].currency).toBe("USDT");
    const moved = await post("/api/operator/wallet/currency/update", operator.token, { currency: "ETH", sort: 1 });
    expect(moved.status).toBe(200);
    const after = (await get("/api/finance/appWallet/queryUserBalance", c.token)).result;
    expect(after.map((b: { currency: string }) => b.currency).slice(0, 2)).toEqual(["ETH", "USDT"]);
    expect(after).toHaveLength(before.length);
  });
});

describe("hot routes serialise with fast-json-stringify", () => {
  const Row = envelope(z.array(z.object({ currency: z.string(), usdtValue: DecimalString.nullable() })));

  it("writes the same JSON as the zod serializer and drops fields not in the schema", () => {
    const stringify = fastSerializerCompiler({ schema: Row });
    const data = {
      success: true,
      code: 200,
      message: "Success",
      result: [
        { currency: "USDT", usdtValue: "1.5", internal: "secret" },
        { currency: "BTC", usdtValue: null },
      ],
      timestamp: 1,
      extra: { anything: 1 },
    };
    const out = stringify(data);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(Row.encode(data as z.infer<typeof Row>))));
    expect(out).not.toContain("secret");
    expect(out).not.toContain("extra");
  });

  it("refuses output that lacks a required field (the route answers 500, details hidden)", async () => {
    const stringify = fastSerializerCompiler({ schema: Row });
    expect(() => stringify({ success: true, code: 200, message: "Success", timestamp: 1 })).toThrow(/result/);
    const bare = Fastify();
    bare.get(
      "/broken",
      { serializerCompiler: fastSerializerCompiler, schema: { response: { 200: Row } } },
      async () => ({ success: true, code: 200, message: "Success", timestamp: 1 }),
    );
    const res = await bare.inject("/broken");
    expect(res.statusCode).toBe(500);
    await bare.close();
  });

  it("the balance read, asset centre and symbol list answer what their contract schemas allow", async () => {
    const c = await registerCustomer(app);
    await fund(database, c.id, "USDT", "12.5");
    const checks = [
      { url: "/api/finance/appWallet/queryUserBalance", schema: envelope(z.array(UserBalance)) },
      { url: "/api/finance/appWallet/queryUserAssets", schema: envelope(UserAssets) },
      { url: "/api/trade/appSymbol/list", schema: envelope(z.array(MarketSymbol)) },
    ];
    for (const check of checks) {
      const res = await app.inject({ method: "GET", url: check.url, headers: { "x-access-token": c.token } });
      expect(res.statusCode, check.url).toBe(200);
      const body = res.json();
      // Exactly what the zod serializer would have written for the same value.
      expect(body, check.url).toEqual(JSON.parse(JSON.stringify(check.schema.parse(body))));
      expect(Object.keys(body.result).length, check.url).toBeGreaterThan(0);
    }
    const symbols = (await get("/api/trade/appSymbol/list")).result;
    const btc = symbols.find((s: { symbol: string }) => s.symbol === "BTCUSDT");
    expect(btc).toMatchObject({
      price: expect.stringMatching(/^50000(\.0+)?$/),
      ts: expect.any(Number),
      marketOpen: expect.any(Boolean),
    });
  });
});
