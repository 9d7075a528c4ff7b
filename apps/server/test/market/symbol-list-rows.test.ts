// The symbol list reuses each symbol's price row between ticks, and the whole list and its
// JSON while nothing in it changed (issue 9: the list was recomputed with decimals and
// re-serialised on every request). Reuse must never be stale: a new tick, a changed spread
// (operator, then loadSymbols) and a disabled symbol each show at once; and the answer is
// byte for byte what the route serializer and the envelope plugin made of it before.
import { envelope, LANGS, MarketSymbol } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { t } from "../../src/i18n";
import { fastSerializerCompiler } from "../../src/lib/fast-serializer";
import { setupApp } from "../helper";
import { get, tick } from "../options/trading-helpers";

const { app, database } = await setupApp();

type Row = { symbol: string; price: string | null; bid: string | null; ask: string | null; spread: string };
const row = async (symbol: string) => {
  const res = await get(app, "", "/api/trade/appSymbol/list");
  expect(res.status).toBe(200);
  return (res.body.result as Row[]).find((r) => r.symbol === symbol) as Row;
};

/** The body the route made before (zod schema → fast-json-stringify; "Success" translated). */
const previousSerializer = fastSerializerCompiler({ schema: envelope(z.array(MarketSymbol)) });

describe("symbol list rows", () => {
  it("follow every tick and a changed spread, and are equal between ticks", async () => {
    tick(app, "ETHUSDT", "2000");
    const first = await row("ETHUSDT");
    expect(first.price).toBe("2000.00");
    expect(await row("ETHUSDT")).toEqual(first);

    tick(app, "ETHUSDT", "2100");
    const second = await row("ETHUSDT");
    expect(second.price).toBe("2100.00");
    expect(second.bid).not.toBe(first.bid);

    await database.query("UPDATE market_symbols SET spread = '0.01' WHERE symbol = 'ETHUSDT'");
    await app.market.loadSymbols();
    const third = await row("ETHUSDT");
    expect(third.spread).toBe("0.01");
    expect(third.ask).not.toBe(second.ask);
    expect(third.price).toBe("2100.00");
  });

  it("are one list between ticks, a new one after a tick, per asset class", async () => {
    tick(app, "BTCUSDT", "60000");
    const all = await app.market.list();
    expect(await app.market.list()).toBe(all);
    expect(Object.isFrozen(all) && Object.isFrozen(all[0])).toBe(true);
    const crypto = await app.market.list("crypto");
    expect(crypto).not.toBe(all);
    expect(await app.market.list("crypto")).toBe(crypto);
    expect(crypto.every((s) => s.assetClass === "crypto")).toBe(true);

    tick(app, "BTCUSDT", "60001");
    const after = await app.market.list();
    expect(after).not.toBe(all);
    expect(after.find((s) => s.symbol === "BTCUSDT")?.price).toBe("60001.00");
    // The rows of the other symbols are the same objects' values.
    expect(after.find((s) => s.symbol === "ETHUSDT")).toEqual(all.find((s) => s.symbol === "ETHUSDT"));
    expect((await app.market.list("crypto")).find((s) => s.symbol === "BTCUSDT")?.price).toBe("60001.00");
  });

  it("a disabled symbol leaves the list at once, and comes back when enabled", async () => {
    const symbols = async () => (await get(app, "", "/api/trade/appSymbol/list")).body.result.map((r: Row) => r.symbol);
    expect(await symbols()).toContain("ETHUSDT");
    await database.query("UPDATE market_symbols SET enabled = false WHERE symbol = 'ETHUSDT'");
    await app.market.loadSymbols();
    expect(await symbols()).not.toContain("ETHUSDT");
    await database.query("UPDATE market_symbols SET enabled = true WHERE symbol = 'ETHUSDT'");
    await app.market.loadSymbols();
    expect(await symbols()).toContain("ETHUSDT");
  });

  it("answer byte for byte as before, in every language, with the time of the request", async () => {
    tick(app, "BTCUSDT", "61234.5");
    for (const [i, lang] of LANGS.entries()) {
      const query = i % 2 === 0 ? "" : "?assetClass=crypto";
      const before = Date.now();
      const res = await app.inject({
        method: "GET",
        url: `/api/trade/appSymbol/list${query}`,
        headers: { "x-lang": lang },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      const timestamp = res.json().timestamp as number;
      expect(timestamp).toBeGreaterThanOrEqual(before);
      const rows = await app.market.list(query ? "crypto" : undefined);
      const expected = previousSerializer({
        success: true,
        code: 200,
        message: t(lang, "ok"),
        result: rows,
        timestamp,
      });
      expect(res.body, lang).toBe(expected);
    }
    // The same list again: the cached JSON, a new time.
    const a = await app.inject({ method: "GET", url: "/api/trade/appSymbol/list" });
    await new Promise((resolve) => setImmediate(resolve));
    const b = await app.inject({ method: "GET", url: "/api/trade/appSymbol/list" });
    expect(a.json().result).toEqual(b.json().result);
    // The seed path serves the same call.
    const alias = await app.inject({ method: "GET", url: "/api/public/getTicketList" });
    expect(alias.json().result).toEqual(a.json().result);
  });
});
