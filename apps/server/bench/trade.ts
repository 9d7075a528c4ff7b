// Futures trading figures: opening positions at a target rate through the HTTP layer of an
// in-process app (p50/p99 latency, achieved rate, and what the house exposure check inside
// each open costs), and re-evaluating 10,000 open positions of one symbol on each tick
// (p50/p99 over many ticks).
//
//   npm run bench:trade                                   # in-memory PGlite (one connection)
//   DATABASE_URL=postgres://… npm run bench:trade -- --rate 300 --seconds 10 --positions 10000
//
// On PostgreSQL it creates a scratch database next to the configured one, migrates and
// seeds it, runs, and drops it; it never writes into real data. Requests are fired on a
// fixed schedule (open loop: a slow answer does not slow the arrivals), so latency
// includes any queueing. Goals (issue 6): p99 ≤ 40 ms at 300 opens/s on PostgreSQL;
// ≤ 20 ms per tick for 10,000 open positions; the exposure check ("Money that cannot be
// gamed", item 7: reserve the position's worst case on the house's open sum, lock it, read
// the booked balance) adds ≤ 1 ms p99 to an open at 300/s.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { dec } from "@candor/domain";
import { type App, buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { createSession } from "../src/lib/sessions";
import { batch, type LedgerOp, platformAccount, userAccount } from "../src/modules/ledger/service";
import { exposureCheckTimings } from "../src/modules/risk/service";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    rate: { type: "string", default: "300" },
    seconds: { type: "string", default: "10" },
    positions: { type: "string", default: "10000" },
    ticks: { type: "string", default: "500" },
    users: { type: "string", default: "500" },
    pool: { type: "string", default: "20" },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const POSITIONS = Number(args.positions);
const TICKS = Number(args.ticks);
const USERS = Number(args.users);
const POOL = Number(args.pool);
for (const [name, v] of Object.entries({ RATE, SECONDS, POSITIONS, TICKS, USERS, POOL })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad --${name.toLowerCase()}: ${v}`);
}
const SYMBOL = "BTCUSDT";
const START_PRICE = "60000";

const open = () => openBenchDatabase("candor_bench_trade", POOL);

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
const ms = (v: number) => `${v.toFixed(2)} ms`;

interface Customer {
  id: number;
  token: string;
}

async function customers(app: App, database: Database, runId: string): Promise<Customer[]> {
  const ids = (
    await database.query<{ id: number | string }>(
      "INSERT INTO users (username) SELECT $1 || i FROM generate_series(1, $2::int) AS i RETURNING id",
      [`bench_trade_${runId}_`, USERS],
    )
  ).map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 500) {
    await batch(
      database.db,
      ids.slice(i, i + 500).map(
        (userId): LedgerOp => ({
          type: "transfer",
          currency: "USDT",
          debit: platformAccount("clearing"),
          credit: userAccount(userId),
          amount: "1000000",
          key: `bench:trade:${runId}:fund:${userId}`,
          kind: "deposit",
          reference: { type: "bench", id: runId },
        }),
      ),
    );
  }
  const out: Customer[] = [];
  for (const id of ids) out.push({ id, token: await createSession(app.database.db, id, "bench") });
  return out;
}

/** One position far from any trigger: TP/SL 20 % away, close-out 25 % away at 2x. */
function openBody(seq: number) {
  const long = seq % 2 === 0;
  return {
    symbol: SYMBOL,
    direction: long ? "long" : "short",
    margin: "10",
    leverage: 2,
    takeProfit: long ? "72000" : "48000",
    stopLoss: long ? "48000" : "72000",
  };
}

async function openOne(app: App, who: Customer, seq: number): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: "POST",
    url: "/api/trade/appTradePositions/create",
    headers: { "x-access-token": who.token },
    payload: openBody(seq),
  });
  if (res.statusCode !== 200) throw new Error(`create → ${res.statusCode} ${res.body.slice(0, 200)}`);
  return performance.now() - started;
}

async function main() {
  const { database, label, cleanup } = await open();
  let app: App | null = null;
  try {
    await migrate(database);
    await seed(database, { sandbox: true });
    const config = loadConfig({
      DATA_DIR: `/tmp/candor-bench-trade-${process.pid}`,
      LOG_LEVEL: "silent",
      MARKET_AUTOSTART: "false",
      MARKET_HISTORY: "none",
      RATE_LIMIT_PER_MINUTE: "100000000",
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const a = app;
    const runId = randomBytes(4).toString("hex");
    let price = dec(START_PRICE);
    let ts = Date.now();
    const tick = () => {
      // A small random walk that never reaches any TP/SL/close-out of the bench's positions.
      price = dec(START_PRICE).plus(dec(Math.round((Math.random() - 0.5) * 400)));
      ts = Math.max(ts + 1, Date.now());
      a.market.ingest({ symbol: SYMBOL, price: price.toFixed(2), ts });
    };
    tick();
    const load = () => os.loadavg()[0]?.toFixed(1) ?? "?";
    console.log(`trade bench on ${label}`);
    console.log(`  machine: ${os.cpus().length} CPUs, load average ${load()} at start`);
    console.log(`  settlement leader: ${a.settlement.isLeader}; ${USERS} customers funded\n`);
    const who = await customers(a, database, runId);
    const pick = (seq: number) => who[seq % who.length] as Customer;

    // Warm-up: one position per customer (their margin accounts exist from then on, as for
    // anyone who traded before), route compilation, prepared statements, pool connections.
    // Ticks flow meanwhile: on a loaded machine the warm-up outlasts a quote's freshness.
    const warmTicks = setInterval(tick, 100);
    let warm = 0;
    await Promise.all(
      Array.from({ length: database.kind === "postgres" ? 8 : 1 }, async () => {
        while (warm < who.length) {
          const seq = warm++;
          await openOne(a, pick(seq), seq);
        }
      }),
    );

    clearInterval(warmTicks);

    // ── 1. Opens at a target rate (open loop), with 10 ticks/s flowing meanwhile ─────────
    const latencies: number[] = [];
    let failed = 0;
    let firstError = "";
    const inFlight = new Set<Promise<void>>();
    const total = Math.round(RATE * SECONDS);
    const cpu = process.cpuUsage();
    const started = performance.now();
    let sent = 0;
    const tickTimer = setInterval(tick, 100);
    exposureCheckTimings.samples = [];
    exposureCheckTimings.enabled = true;
    await new Promise<void>((resolve) => {
      const pump = setInterval(() => {
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
        while (sent < due) {
          const seq = 1000 + sent++;
          const p = openOne(a, pick(seq), seq)
            .then((l) => {
              latencies.push(l);
            })
            .catch((err: Error) => {
              failed++;
              firstError ||= err.message;
            })
            .finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
        if (sent >= total) {
          clearInterval(pump);
          resolve();
        }
      }, 2);
    });
    await Promise.all(inFlight);
    clearInterval(tickTimer);
    exposureCheckTimings.enabled = false;
    const checks = exposureCheckTimings.samples.sort((x, y) => x - y);
    const elapsed = (performance.now() - started) / 1000;
    const cpuUsed = process.cpuUsage(cpu);
    latencies.sort((x, y) => x - y);
    const achieved = latencies.length / elapsed;
    console.log(
      `1. open positions at ${RATE}/s for ${SECONDS} s (POST /api/trade/appTradePositions/create, in-process)`,
    );
    console.log(
      `   achieved ${achieved.toFixed(0)}/s   p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   ` +
        `max ${ms(latencies.at(-1) ?? 0)}   (${latencies.length} ok, ${failed} failed${firstError ? `: ${firstError}` : ""})`,
    );
    console.log(
      `   node CPU ${((cpuUsed.user + cpuUsed.system) / 1000 / Math.max(1, latencies.length)).toFixed(2)} ms per open`,
    );
    console.log(
      `   of which the house exposure check (reserve the worst case on the open sum, wait for its row lock, read ` +
        `the booked balance): p50 ${ms(percentile(checks, 50))}   p99 ${ms(percentile(checks, 99))}   ` +
        `max ${ms(checks.at(-1) ?? 0)}   (${checks.length} checks)\n`,
    );

    // ── 2. Top up to POSITIONS open positions on one symbol ───────────────────────────────
    const open0 = a.futures.settler.indexed;
    const topUp = Math.max(0, POSITIONS - open0);
    const fillStarted = performance.now();
    let next = 0;
    const workers = database.kind === "postgres" ? Math.max(1, POOL - 4) : 1;
    const fillTicks = setInterval(tick, 100);
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < topUp) {
          const seq = 1_000_000 + next++;
          await openOne(a, pick(seq), seq);
        }
      }),
    );
    clearInterval(fillTicks);
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    console.log(
      `2. ${topUp} more opens as fast as possible (${workers} at a time): ${(topUp / Math.max(fillSeconds, 1e-9)).toFixed(0)}/s; ` +
        `${a.futures.settler.indexed} positions open on ${SYMBOL}\n`,
    );

    // ── 3. One tick re-evaluates every open position of its symbol ────────────────────────
    const evaluation: number[] = [];
    const ingestion: number[] = [];
    const cpuPerTick: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      tick();
      const c1 = process.cpuUsage(c0);
      ingestion.push(performance.now() - t0);
      cpuPerTick.push((c1.user + c1.system) / 1000);
      evaluation.push(a.futures.settler.stats.lastEvaluationMs);
      if (a.futures.settler.stats.lastEvaluatedPositions < POSITIONS) {
        throw new Error(`only ${a.futures.settler.stats.lastEvaluatedPositions} positions evaluated`);
      }
      if (i % 50 === 49) await new Promise((r) => setImmediate(r));
    }
    evaluation.sort((x, y) => x - y);
    ingestion.sort((x, y) => x - y);
    cpuPerTick.sort((x, y) => x - y);
    console.log(
      `3. re-evaluating ${a.futures.settler.stats.lastEvaluatedPositions} open positions per tick, ${TICKS} ticks`,
    );
    console.log(
      `   evaluation p50 ${ms(percentile(evaluation, 50))}   p99 ${ms(percentile(evaluation, 99))}   max ${ms(evaluation.at(-1) ?? 0)}`,
    );
    console.log(
      `   whole tick (ingest: candles, recorded ticks, websocket fan-out, settlers) p50 ${ms(percentile(ingestion, 50))}   ` +
        `p99 ${ms(percentile(ingestion, 99))}`,
    );
    console.log(
      `   CPU time per tick (excludes time this process waited for a core) p50 ${ms(percentile(cpuPerTick, 50))}   ` +
        `p99 ${ms(percentile(cpuPerTick, 99))}\n`,
    );

    // ── 4. A new leader loads the index and replays recorded ticks ────────────────────────
    await a.market.flush();
    await a.settlement.stop();
    const recoverStarted = performance.now();
    await a.settlement.start();
    console.log(
      `4. leader start (load ${a.futures.settler.indexed} open positions, replay recorded ticks): ${ms(performance.now() - recoverStarted)}`,
    );
    console.log(
      `\n   settled during the bench: ${a.futures.settler.stats.settled} (expected 0: prices stay away from every trigger)`,
    );
    console.log(`   load average ${load()} at the end`);
    console.log(
      JSON.stringify({
        database: database.kind,
        rate: RATE,
        seconds: SECONDS,
        achievedPerSecond: Number(achieved.toFixed(1)),
        openP50Ms: Number(percentile(latencies, 50).toFixed(2)),
        openP99Ms: Number(percentile(latencies, 99).toFixed(2)),
        exposureCheckP50Ms: Number(percentile(checks, 50).toFixed(3)),
        exposureCheckP99Ms: Number(percentile(checks, 99).toFixed(3)),
        failed,
        positions: a.futures.settler.indexed,
        evaluationP50Ms: Number(percentile(evaluation, 50).toFixed(3)),
        evaluationP99Ms: Number(percentile(evaluation, 99).toFixed(3)),
        tickP99Ms: Number(percentile(ingestion, 99).toFixed(3)),
        tickCpuP99Ms: Number(percentile(cpuPerTick, 99).toFixed(3)),
        loadAverage: load(),
      }),
    );
  } finally {
    await app?.close();
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
