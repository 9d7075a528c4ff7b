// One tick re-evaluates 10,000 open positions of its symbol and picks exactly the
// positions the domain's evaluatePosition closes. How fast is measured by
// `npm run bench:trade`, not here: a timed assertion on a shared machine is a coin toss.
import { dec, evaluatePosition, quoteFromMid } from "@candor/domain";
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { IndexedPositionData } from "../../src/modules/contracts/events";
import { FuturesSettler } from "../../src/modules/contracts/settler";
import type { MarketTick } from "../../src/modules/market/types";
import { setupApp } from "../helper";

const { app } = await setupApp();
const N = 10_000;
app.market.ingest({ symbol: "ETHUSDT", price: "3000", ts: Date.now() - 60_000 });

/** Positions around 3000: longs and shorts, some with TP/SL, close-out at 2x leverage. */
function positions(): IndexedPositionData[] {
  return Array.from({ length: N }, (_, i) => {
    const long = i % 2 === 0;
    const open = dec(2950).plus(i % 100);
    const quantity = "0.0667";
    const margin = "100";
    const distance = dec(50).div(quantity);
    return {
      id: 10_000_000 + i,
      userId: 1,
      symbol: "ETHUSDT",
      direction: long ? "long" : "short",
      openPrice: open.toFixed(),
      quantity,
      margin,
      takeProfit: i % 3 === 0 ? (long ? open.plus(200 + (i % 50)) : open.minus(200 + (i % 50))).toFixed() : null,
      stopLoss: i % 5 === 0 ? (long ? open.minus(300) : open.plus(300)).toFixed() : null,
      closeOutPrice: (long ? open.minus(distance) : open.plus(distance)).toFixed(2),
      openTickTs: 0,
    };
  });
}

const tickAt = (price: string, ts: number): MarketTick => ({
  symbol: "ETHUSDT",
  price,
  ts,
  volume: "0",
  source: "manual",
});

describe("evaluating 10,000 open positions on one tick", () => {
  it("closes nothing on quiet ticks and exactly what evaluatePosition closes on a big move", async () => {
    const settler = new FuturesSettler(
      { db: app.database.db, market: app.market, bus: app.bus, log: pino({ level: "silent" }) },
      { concurrency: 1 },
    );
    await settler.recover(); // index from the database (none here), then follows bus events
    const all = positions();
    for (const position of all) app.bus.publish("futures.position", { type: "opened", position });
    expect(settler.indexed).toBeGreaterThanOrEqual(N);

    // Ticks that reach no trigger close nothing.
    for (let k = 0; k < 40; k++) {
      const price = dec(3000)
        .plus(k - 20)
        .toFixed(2);
      expect(settler.evaluate(tickAt(price, 1000 + k))).toBe(0);
    }

    // A tick far up closes exactly the positions evaluatePosition closes.
    const info = app.market.symbol("ETHUSDT");
    const q = quoteFromMid("3230", info.spread, info.pricePrecision);
    const expected = all.filter((p) => evaluatePosition(p, q.bid, q.ask) !== null).length;
    expect(expected).toBeGreaterThan(100);
    expect(settler.evaluate(tickAt("3230", 5000))).toBe(expected);
    await settler.idle(); // none of them exist in the database: each is dropped from the index
    expect(settler.indexed).toBe(N - expected);
    expect(settler.stats.skipped).toBe(expected);

    for (const position of all) app.bus.publish("futures.position", { type: "closed", position });
    expect(settler.indexed).toBe(0);
    await settler.stop();
  });
});
