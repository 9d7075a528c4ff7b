// The settlement leader reads the recorded tick sequence from a persisted cursor (issue 32
// §3): it reports its lag in ticks and ms, and a new leader resumes from the cursor the last
// one left, evaluating each tick once, none skipped.
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { MarketTick } from "../../src/modules/market/types";
import { SettlementEngine, type Settler } from "../../src/modules/settlement/engine";
import { auth, createOperator } from "../factory";
import { setupApp } from "../helper";
import { cursorName, fakeMarket } from "./fake-market";

const { app, database } = await setupApp();
const log = pino({ level: "silent" });
let lockKey = 9_300_000 + Math.floor(Math.random() * 1000);

function recorder(name: string) {
  const seen: number[] = [];
  const settler: Settler = {
    name,
    recover: async () => {},
    onTick: async (tick: MarketTick) => {
      seen.push(tick.seq ?? -1);
    },
  };
  return { settler, seen };
}

describe("the recorded tick sequence", () => {
  it("reports the settlers' lag in ticks and ms, and catches up", async () => {
    const market = fakeMarket();
    // No poll within the test, and the wake-ups lost: the ticks wait in the sequence.
    const engine = new SettlementEngine({
      cursorName: cursorName(),
      database,
      market,
      log,
      lockKey: lockKey++,
      pollMs: 60_000,
    });
    const { settler, seen } = recorder("lagging");
    engine.register(settler);
    await engine.start();
    engine.dropBusTicks = 3;
    market.emit();
    market.emit();
    market.emit();
    const lag = await engine.lag();
    expect(lag).toMatchObject({ cursor: 0, head: 3, ticks: 3 });
    expect(lag.ms).toBeGreaterThan(Date.now() - 60_000); // the oldest waiting tick is at ts 1 (1970)
    expect((await engine.statusWithLag()).lag?.ticks).toBe(3);
    await engine.caughtUp();
    expect(seen).toEqual([1, 2, 3]);
    expect(await engine.lag()).toMatchObject({ cursor: 3, head: 3, ticks: 0 });
    await engine.stop();
  });

  it("a new leader resumes from the persisted cursor: nothing evaluated twice, nothing skipped", async () => {
    const market = fakeMarket();
    const name = cursorName();
    const first = new SettlementEngine({ cursorName: name, database, market, log, lockKey: lockKey++ });
    const a = recorder("first");
    first.register(a.settler);
    await first.start();
    market.emit();
    market.emit();
    await first.caughtUp();
    await first.stop();
    // Recorded while nobody leads.
    market.emit();
    market.emit();
    const second = new SettlementEngine({ cursorName: name, database, market, log, lockKey: lockKey++ });
    const b = recorder("second");
    second.register(b.settler);
    await second.start();
    await second.caughtUp();
    market.emit();
    await second.caughtUp();
    expect(a.seen).toEqual([1, 2]);
    expect(b.seen).toEqual([3, 4, 5]);
    await second.stop();
  });

  it("the operator status of the app's engine includes the lag", async () => {
    const operator = await createOperator(app, database);
    app.market.ingest({ symbol: "BTCUSDT", price: "60000" });
    await app.settlement.caughtUp();
    const res = await app.inject({
      method: "GET",
      url: "/api/operator/settlement/status",
      headers: auth(operator.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { lag, skippedSeqs } = res.json().result;
    expect(lag).toMatchObject({ ticks: 0 });
    expect(lag.cursor).toBeGreaterThan(0);
    expect(lag.cursor).toBe(lag.head);
    expect(lag.ms).toBeGreaterThanOrEqual(0);
    expect(skippedSeqs).toBe(0);
  });
});
