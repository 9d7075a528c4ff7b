// Hot routes serialise with fast-json-stringify (the speed work of issue 9): the same JSON as
// the zod serializer, fields not in the schema dropped, output lacking a required field refused;
// the balance read, asset centre and symbol list answer what their contract schemas allow.
import { DecimalString, envelope, MarketSymbol, UserAssets, UserBalance } from "@candor/contract";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fastSerializerCompiler } from "../src/lib/fast-serializer";
import { fund, registerCustomer } from "./factory";
import { setupApp } from "./helper";
import { api, setPrices } from "./wallet/factory";

const { app, database } = await setupApp();
const { get } = api(app);
setPrices(app, { BTCUSDT: "50000", ETHUSDT: "2500" });

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
