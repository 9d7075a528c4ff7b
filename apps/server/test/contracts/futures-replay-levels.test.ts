// Replaying recorded ticks after a failover: a stop-loss counts only from the tick it was
// set at (a 10:05 stop never fires on a 10:00 tick), and a settlement still failing when
// leadership ends holds the watermark at its tick, so the next leader settles it from the
// replay instead of skipping past it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readWatermarks } from "../../src/modules/settlement/watermarks";
import { auth, fundedCustomer } from "../factory";
import { setupApp } from "../helper";
import { detail, openOk, settled, tick } from "./factory";

const { app, database } = await setupApp();
const settler = app.futures.settler;

beforeEach(() => {
  vi.spyOn(app.market, "isMarketOpen").mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  settler.hooks = {};
});

/** A leader change: this node stops leading and becomes leader again (recover + replay). */
async function failover() {
  await app.settlement.stop();
  await app.settlement.start();
  // On a busy machine the leader lock may be retaken on a later try (PostgreSQL releases it
  // on another connection): wait until this node leads again and every settler recovered.
  await expect
    .poll(
      () => {
        const status = app.settlement.status();
        return status.leader && status.settlers.every((s) => s.ready);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await settled(app);
}

describe("replay after a failover", () => {
  it("does not fire a stop-loss on a tick from before it was set, but does on a later crossing tick", async () => {
    const t = await fundedCustomer(app, database);
    tick(app, "BTCUSDT", "60000");
    const p = await openOk(app, t, { symbol: "BTCUSDT", direction: "long", margin: "100", leverage: 2 });
    await settler.flushWatermarks();
    // The leader dies: nothing evaluates the next ticks until the next leader replays them.
    settler.kill();
    const dip = tick(app, "BTCUSDT", "59000");
    tick(app, "BTCUSDT", "60000");
    // The customer sets a stop-loss at 59500 now (valid: above the close-out, below the price).
    const res = await app.inject({
      method: "POST",
      url: "/api/trade/appTradePositions/updateStopLoss",
      headers: auth(t.token),
      payload: { id: p.id, stopLoss: "59500" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await app.market.flush();

    await failover();
    expect(settler.stats.replayedTicks).toBeGreaterThanOrEqual(3);
    // The 59000 dip happened before the stop-loss existed: still open.
    expect((await detail(app, t, p.id)).status).toBe("open");

    const crossing = tick(app, "BTCUSDT", "59400");
    await settled(app);
    expect(crossing.ts).toBeGreaterThan(dip.ts);
    expect(await detail(app, t, p.id)).toMatchObject({
      status: "closed",
      closeReason: "stopLoss",
      closeTick: { ts: crossing.ts },
    });
  });

  it("a settlement still failing when leadership ends is settled by the next leader from its tick", async () => {
    const t = await fundedCustomer(app, database);
    tick(app, "ETHUSDT", "3000");
    const p = await openOk(app, t, {
      symbol: "ETHUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
      takeProfit: "3100",
    });
    let attempts = 0;
    settler.hooks = {
      beforeCommit: (id) => {
        if (id !== p.id) return;
        attempts++;
        throw new Error("database trouble");
      },
    };
    const trigger = tick(app, "ETHUSDT", "3150");
    // The price comes back: only the trigger tick closes the position.
    tick(app, "ETHUSDT", "3000");
    await app.market.flush();
    await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(2), { timeout: 5000, interval: 10 });

    // Leadership ends while the settlement still fails: it is given up, the watermark stays at its tick.
    await app.settlement.stop();
    expect((await detail(app, t, p.id)).status).toBe("open");
    expect((await readWatermarks(database.db, "futures")).get("ETHUSDT")).toBe(trigger.ts);

    settler.hooks = {};
    await app.settlement.start();
    await settled(app);
    expect(await detail(app, t, p.id)).toMatchObject({
      status: "closed",
      closeReason: "takeProfit",
      closeTick: { ts: trigger.ts },
    });
  });
});
