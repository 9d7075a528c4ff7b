// Tick → settler latency through the recorded pipeline (issue 32 §3): the whole app on
// PGlite (or DATABASE_URL), 20 symbols × 20 ticks/s ingested on this node (the feed
// leader): each tick is recorded (group commit), published with its seq, and the settlement
// leader reads it from the recorded sequence and hands it to every settler. A bench settler
// registered next to the real ones notes, per tick, the time from ingest to its onTick.
// Prints p50 / p99 / max ms, the settler lag at the end, and checks that every tick came
// once, in order. Goal: p99 ≤ 250 ms at 20 ticks/s per symbol.
//
//   npm run bench:settle-lag                         # PGlite, 20 symbols, 20 ticks/s, 20 s
//   npm run bench:settle-lag -- --symbols 20 --rate 20 --seconds 30
import { parseArgs } from "node:util";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import type { MarketTick } from "../src/modules/market/types";
import { registerSettler } from "../src/modules/settlement/service";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    symbols: { type: "string", default: "20" },
    rate: { type: "string", default: "20" },
    seconds: { type: "string", default: "20" },
  },
});
const SYMBOLS = Number(args.symbols);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);

const bench = await openBenchDatabase("candor_bench_settle_lag", 8);
const { database } = bench;
try {
  await migrate(database);
  await seed(database, { sandbox: true });
  const config = loadConfig({
    DATA_DIR: `/tmp/candor-bench-settle-lag-${process.pid}`,
    LOG_LEVEL: "silent",
    MARKET_AUTOSTART: "false",
    MARKET_HISTORY: "none",
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const symbols = app.market
    .knownSymbols()
    .slice(0, SYMBOLS)
    .map((s) => ({ symbol: s.symbol, price: Number(s.referencePrice) }));
  if (symbols.length < SYMBOLS) console.log(`only ${symbols.length} symbols are seeded`);

  const ingestedAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastSeq = 0;
  let outOfOrder = 0;
  let twice = 0;
  registerSettler(app, {
    name: "bench-lag",
    recover: async () => {},
    onTick: async (tick: MarketTick) => {
      const key = `${tick.symbol}:${tick.ts}`;
      const at = ingestedAt.get(key);
      if (at === undefined) twice++;
      else latencies.push(performance.now() - at);
      ingestedAt.delete(key);
      if ((tick.seq ?? 0) <= lastSeq) outOfOrder++;
      lastSeq = tick.seq ?? lastSeq;
    },
  });
  await app.settlement.caughtUp();

  // Each symbol ticks RATE times a second, the symbols spread over the interval.
  let sent = 0;
  let ts = Date.now();
  const timers = symbols.map((s, i) =>
    setTimeout(
      () => {
        const t = setInterval(() => {
          s.price *= 1 + (Math.random() - 0.5) * 0.0004;
          ts = Math.max(ts + 1, Date.now());
          ingestedAt.set(`${s.symbol}:${ts}`, performance.now());
          if (app.market.ingest({ symbol: s.symbol, price: s.price.toFixed(8), ts })) sent++;
        }, 1000 / RATE);
        timers.push(t as unknown as NodeJS.Timeout);
      },
      (i * 1000) / RATE / symbols.length,
    ),
  );
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  for (const t of timers) {
    clearTimeout(t);
    clearInterval(t);
  }
  const lag = await app.settlement.lag();
  await app.settlement.caughtUp();

  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  console.log(
    `bench:settle-lag (${database.kind}): ${symbols.length} symbols × ${RATE} ticks/s for ${SECONDS} s, ${sent} ticks, ${app.market.ticks.written.batches} write batches`,
  );
  console.log(
    `tick → settler: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (goal p99 ≤ 250 ms)`,
  );
  console.log(`lag at the end of the load: ${lag.ticks} ticks, ${lag.ms} ms; delivered ${latencies.length}/${sent}`);
  console.log(
    `out of order ${outOfOrder}, twice ${twice}, missing ${sent - latencies.length}, holes passed ${app.settlement.status().skippedSeqs}`,
  );
  await app.close();
} finally {
  await bench.cleanup();
}
