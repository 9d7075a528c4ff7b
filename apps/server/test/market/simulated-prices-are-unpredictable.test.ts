// Issue 32 §1: the simulator's next price is nobody's to know. Without MARKET_SEED it draws
// from node:crypto and nothing in the logs lets a reader replay the walk; with MARKET_SEED
// (tests, sandbox demos) the same seed still gives the same prices, and the start log says so
// without printing the seed.
import { nextSimTick, seededRng } from "@candor/domain";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import type { Config } from "../../src/config";
import { simParams } from "../../src/modules/market/feeds/sim";
import type { MarketTick } from "../../src/modules/market/service";
import { createTestDatabase, testConfig } from "../helper";

async function loggedApp(overrides: Partial<Config>) {
  const lines: string[] = [];
  const database = await createTestDatabase();
  const config = testConfig({ logLevel: "info", marketHistory: "none", ...overrides });
  const app = await buildApp({
    config,
    database,
    logger: { level: "info", stream: { write: (line: string) => lines.push(line) } },
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, lines };
}

/** Every integer a log reader can find in the log lines: each one a candidate seed. */
function numbersIn(lines: readonly string[]): number[] {
  const found = new Set<number>();
  for (const line of lines) for (const m of line.matchAll(/\d{1,10}/g)) found.add(Number(m[0]));
  return [...found].filter((n) => n <= 4_294_967_295);
}

/** Start the feed, note the price the walk starts from, and wait for its first tick. */
async function firstLiveTick(app: Awaited<ReturnType<typeof loggedApp>>["app"], symbol: string) {
  const ticks: MarketTick[] = [];
  const off = app.market.onTick((t) => {
    if (t.symbol === symbol && t.source === "sim") ticks.push(t);
  });
  await app.market.start();
  const info = app.market.symbol(symbol);
  const from = app.market.lastTick(symbol)?.price ?? info.referencePrice;
  const end = Date.now() + 3000;
  while (ticks.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  off();
  await app.market.stopFeed();
  const tick = ticks[0];
  if (!tick) throw new Error(`no ${symbol} tick within 3 s`);
  /** The first tick a walk seeded with `seed` would give (the sim feed's own steps). */
  const replay = (seed: number) =>
    nextSimTick(Number(from), simParams(info), seededRng(seed, symbol)).price.toFixed(info.pricePrecision);
  return { tick, replay };
}

describe("without MARKET_SEED", async () => {
  const { app, lines } = await loggedApp({ marketSeed: undefined });

  it("a log reader cannot predict the simulator's next price", async () => {
    const { tick, replay } = await firstLiveTick(app, "BTCUSDT");
    const seedsThatPredictIt = numbersIn(lines).filter((seed) => replay(seed) === tick.price);
    expect(lines.some((l) => l.includes("market feed started"))).toBe(true);
    expect(seedsThatPredictIt).toEqual([]);
    expect(lines.join("")).not.toMatch(/"seed"/);
  });
});

describe("with MARKET_SEED", async () => {
  const { app, lines } = await loggedApp({ marketSeed: 424_242 });

  it("prices are reproducible from the seed, and the start log says so without printing it", async () => {
    const { tick, replay } = await firstLiveTick(app, "ETHUSDT");
    expect(tick.price).toBe(replay(424_242));
    const started = lines.find((l) => l.includes("market feed started"));
    expect(started).toContain("prices are reproducible from MARKET_SEED");
    expect(lines.join("")).not.toContain("424242");
  });
});
