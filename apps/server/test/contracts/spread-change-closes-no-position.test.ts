// Issue "Money that cannot be gamed", item 13: an operator's spread change applies to new
// trades only. An open position is valued and settled with the spread recorded at its open,
// so widening a spread cannot push a position through its stop-loss or its close-out level:
// the same mid price after the change leaves it open, its P&L unchanged; a position opened
// after the change pays the new spread.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLedger } from "../../src/modules/ledger/service";
import { auth, createOperator, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { closeRes, detail, openOk, settled, tick } from "./factory";

const { app, database } = await setupApp();
const operator = await createOperator(app, database);

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function setSpread(symbol: string, spread: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/operator/market/symbols/update",
    headers: auth(operator.token),
    payload: { symbol, spread },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a spread change does not close positions", () => {
  it("widening XAUUSD's spread to 5 % does not close out a 20x long at an unchanged price", async () => {
    const trader = await fundedCustomer(app, database, "1000");
    tick(app, "XAUUSD", "2400");
    const p = await openOk(app, trader, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 20 });
    tick(app, "XAUUSD", "2400");
    await settled(app);
    const before = await detail(app, trader, p.id);
    expect(before.status).toBe("open");

    // The wider spread's bid (2340) is below the close-out level (~2352).
    await setSpread("XAUUSD", "0.05");
    tick(app, "XAUUSD", "2400");
    await settled(app);
    const after = await detail(app, trader, p.id);
    expect(after.status).toBe("open");
    expect(after.pnl).toBe(before.pnl);

    // A new position pays the new spread.
    const later = await openOk(app, trader, { symbol: "XAUUSD", direction: "long", margin: "100", leverage: 20 });
    expect(Number(later.openPrice)).toBeGreaterThanOrEqual(2460);

    // Closing the first one settles at the bid of its own spread.
    const closed = await closeRes(app, trader, p.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(Number(closed.json().result.closePrice)).toBeGreaterThan(2399);
    await setSpread("XAUUSD", "0.0001");
  });

  it("widening BTCUSDT's spread does not trigger a stop-loss just below the bid", async () => {
    const trader = await fundedCustomer(app, database, "1000");
    tick(app, "BTCUSDT", "60000");
    const p = await openOk(app, trader, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
      stopLoss: "59900",
    });
    await setSpread("BTCUSDT", "0.01"); // bid 59700 < stop-loss
    tick(app, "BTCUSDT", "60000");
    await settled(app);
    expect((await detail(app, trader, p.id)).status).toBe("open");
    // A real move through the stop-loss still closes it, at its own spread's bid.
    tick(app, "BTCUSDT", "59800");
    await settled(app);
    await vi.waitFor(async () => {
      const d = await detail(app, trader, p.id);
      expect(d).toMatchObject({ status: "closed", closeReason: "stopLoss" });
    });
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});
