// Issue 32 §3: settlement reads the recorded tick sequence; the bus is only a wake-up. A
// tick whose bus message never reaches the settlement leader is still evaluated, once:
// a stop-loss crossed only in that tick closes the position at that tick's price.
import { describe, expect, it } from "vitest";
import { detail, openOk, settled, tick } from "../contracts/factory";
import { fundedCustomer } from "../factory";
import { setupApp } from "../helper";

const { app, database } = await setupApp();

describe("a tick lost on the bus", () => {
  it("is still settled: the stop-loss closes the position at the lost tick", async () => {
    const t = await fundedCustomer(app, database);
    tick(app, "BTCUSDT", "60000");
    await settled(app);
    const p = await openOk(app, t, {
      symbol: "BTCUSDT",
      direction: "long",
      margin: "100",
      leverage: 2,
      stopLoss: "59000",
    });
    // The crossing tick's bus message is lost, and so is the next one's, back above the
    // stop-loss: only the leader's own reading of the recorded sequence (its poll) finds them.
    app.settlement.dropBusTicks = 2;
    const crossing = tick(app, "BTCUSDT", "58500");
    tick(app, "BTCUSDT", "60500");
    await expect.poll(async () => (await detail(app, t, p.id)).status, { timeout: 3000 }).toBe("closed");
    const d = await detail(app, t, p.id);
    expect(d.closeReason).toBe("stopLoss");
    const [row] = await database.query<{ close_tick_at: Date; close_tick_price: string }>(
      "SELECT close_tick_at, close_tick_price FROM futures_positions WHERE id = $1",
      [p.id],
    );
    expect(row?.close_tick_at.getTime()).toBe(crossing.ts);
    expect(Number(row?.close_tick_price)).toBe(58500);
  });
});
