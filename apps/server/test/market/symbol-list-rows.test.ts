// The symbol list reuses each symbol's price row between ticks (issue 9: the list was
// recomputed with decimals on every request). A reused row must never be stale: a new
// tick, a changed spread (operator, then loadSymbols) each show at once.
import { describe, expect, it } from "vitest";
import { setupApp } from "../helper";
import { get, tick } from "../options/trading-helpers";

const { app, database } = await setupApp();

type Row = { symbol: string; price: string | null; bid: string | null; ask: string | null; spread: string };
const row = async (symbol: string) => {
  const res = await get(app, "", "/api/trade/appSymbol/list");
  expect(res.status).toBe(200);
  return (res.body.result as Row[]).find((r) => r.symbol === symbol) as Row;
};

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
});
