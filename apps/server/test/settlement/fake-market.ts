// A market for engine tests: ticks recorded in memory in sequence (as the feed leader records
// them in market_ticks), then published on an in-process bus with their seq.
import { randomBytes } from "node:crypto";
import { InProcessBus } from "../../src/lib/event-bus";
import type { MarketTick } from "../../src/modules/market/types";

export function fakeMarket() {
  const bus = new InProcessBus<{ "market.tick": MarketTick }>();
  const recorded: MarketTick[] = [];
  let ts = 1;
  return {
    recorded,
    onTick: (handler: (tick: MarketTick) => void) => bus.subscribe("market.tick", handler),
    emit: (symbol = "BTCUSDT") => {
      const tick: MarketTick = { symbol, price: "1", ts: ts++, volume: "0", source: "manual" };
      const seq = recorded.length + 1;
      recorded.push({ ...tick, seq });
      bus.publish("market.tick", { ...tick, seq });
    },
    ticksAfter: async (seq: number, limit: number) => recorded.filter((t) => (t.seq ?? 0) > seq).slice(0, limit),
    lastRecordedSeq: async () => recorded.length,
    flushTicks: async () => 0,
  };
}

/** A cursor row of its own for each engine a test builds next to the app's. */
export const cursorName = () => `test-${randomBytes(4).toString("hex")}`;
