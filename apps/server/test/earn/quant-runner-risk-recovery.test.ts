// The treasury's exposure limit brakes a strategy's own trades (no fill, nothing moved,
// the order keeps running), but never a stop: the customer can always leave. And a level
// crossed while no node led is acted on when a node takes over (recover()).

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnOrders } from "../../src/modules/earn/schema";
import { updateRiskLimits } from "../../src/modules/risk/service";
import { fund, registerCustomer } from "../factory";
import { get, platformBalance, post, waitFor } from "../options/trading-helpers";
import { orderRow, quantProduct, setupQuantApp, startQuantOrder } from "./quant-helpers";

const { app, database } = await setupQuantApp();

let clock = Date.now();
function tick(symbol: string, price: string) {
  clock = Math.max(clock + 1, Date.now());
  const t = app.market.ingest({ symbol, price, ts: clock });
  if (!t) throw new Error("tick ignored");
  return t;
}

describe("quant runner: the treasury's exposure limit and recovery after a leader change", () => {
  it("a buy past the BTC limit does not fill; a stop past the USDT limit still sells and returns the value", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick("BTCUSDT", "65000");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "BTCUSDT",
      params: { rangePct: "0.1", levels: 6 },
    });
    const id = await startQuantOrder(app, c, productId, "1000");
    const btcBefore = await platformBalance(database, "treasury", "BTC");
    // The treasury may hand out almost no more BTC than it has.
    await updateRiskLimits(database.db, app.market, { currency: "BTC", limit: "0.000001" });
    tick("BTCUSDT", "63000");
    await app.quant.runner.idle();
    const fills = async () => (await get(app, c.token, `/api/prod/appProductOrder/fills?orderId=${id}`)).body.result;
    expect((await fills()).total).toBe(0);
    expect(await platformBalance(database, "treasury", "BTC")).toBe(btcBefore);
    expect((await orderRow(database, id)).status).toBe("running");

    // Lift the BTC limit: the next tick buys.
    await updateRiskLimits(database.db, app.market, { currency: "BTC", limit: null });
    tick("BTCUSDT", "63000");
    await waitFor(fills, (f) => f.total >= 1);
    await app.quant.runner.idle();
    // Now the treasury may pay out no USDT below what it holds: a strategy sell would be refused…
    const usdt = await platformBalance(database, "treasury", "USDT");
    await updateRiskLimits(database.db, app.market, { currency: "USDT", limit: "0.000001" });
    tick("BTCUSDT", "66400");
    await app.quant.runner.idle();
    // The treasury got 499.06 USDT for the BTC; the sale would pay out 525.78.
    expect(usdt).toBe("499.059792");
    expect((await fills()).total).toBe(1);
    // …but the customer's stop sells and returns the value anyway.
    const stop = await post(app, c.token, "/api/prod/appProductOrder/stop", { id });
    expect(stop.status).toBe(200);
    expect(stop.body.result).toMatchObject({ status: "ended", endReason: "stopped" });
    expect((await fills()).records[0]).toMatchObject({ side: "sell", reason: "stop" });
  });

  it("a level crossed while no node led is bought at the live price when the runner recovers", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "1000");
    tick("SOLUSDT", "140");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "SOLUSDT",
      params: { rangePct: "0.1", levels: 6 }, // floor 126, buy 131.6 137.2, …, ceiling 154
    });
    const id = await startQuantOrder(app, c, productId, "1000");
    await app.quant.runner.stop(); // leadership lost
    const crossed = tick("SOLUSDT", "137");
    await app.quant.runner.idle();
    const fills = async () => (await get(app, c.token, `/api/prod/appProductOrder/fills?orderId=${id}`)).body.result;
    expect((await fills()).total).toBe(0);
    await app.quant.runner.recover(); // leading again
    const after = await waitFor(fills, (f) => f.total >= 1);
    expect(after.records[0]).toMatchObject({ side: "buy", reason: "grid_buy", tickTs: crossed.ts });
  });

  it("an order past its term that the term job did not end is ended by the runner once the price is fresh", async () => {
    const c = await registerCustomer(app, { countryCode: "US" });
    await fund(database, c.id, "USDT", "100");
    tick("SOLUSDT", "140");
    const productId = await quantProduct(database, {
      strategy: "grid",
      symbol: "SOLUSDT",
      params: { rangePct: "0.1", levels: 6 },
    });
    const id = await startQuantOrder(app, c, productId, "100");
    // As if the term-end job had given up (e.g. the price was stale each time it ran).
    await database.db
      .update(earnOrders)
      .set({ endAt: new Date(app.clock.nowMs() - 60_000) })
      .where(eq(earnOrders.id, id));
    const row = await waitFor(
      () => orderRow(database, id),
      (r) => r.status === "ended",
    );
    expect(row).toMatchObject({ status: "ended", endReason: "term" });
    expect(Number(row.returnedAmount)).toBe(100); // nothing was bought: the cash comes back
  });
});
