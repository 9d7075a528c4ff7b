// API hot-path figures (issue 9): the real product (buildApp on PostgreSQL, listening on a
// loopback port, logger at warn as in production) against a bare Fastify + pg server doing
// the same database work (bench/api-baseline.ts, its own process), both driven by autocannon
// in a third process (bench/api-load.ts) so the load generator never shares an event loop
// with a server it measures. Prints req/s, p50/p99 and the product/baseline ratio for the
// balance read, the asset centre and the symbol list, then p50/p99 of futures opens.
//
//   npm run bench:api                                  # local PostgreSQL, 10 s per run
//   DATABASE_URL=postgres://… npm run bench:api -- --duration 20 --connections 32
//
// It creates a scratch database next to DATABASE_URL's, migrates and seeds it, and drops it
// at the end. The market feed does not run (MARKET_AUTOSTART=false): one tick per symbol
// gives the rates, so no background ticking competes with the requests being measured.
// Goal: ratio ≥ 0.8 for the reads.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import inspector from "node:inspector/promises";
import os from "node:os";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type App, buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { Database } from "../src/db";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { createSession } from "../src/lib/sessions";
import { batch, type LedgerOp, platformAccount, userAccount } from "../src/modules/ledger/service";
import { databaseUrlFor } from "../test/pg-urls";
import type { LoadJob, LoadResult } from "./api-load";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    pool: { type: "string", default: "10" },
    traders: { type: "string", default: "200" },
    only: { type: "string", default: "" },
    // Write a CPU profile of the product's process during each product run into this folder.
    profile: { type: "string", default: "" },
  },
});
const DURATION_S = Number(args.duration);
const WARMUP_S = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const POOL = Number(args.pool);
const TRADERS = Number(args.traders);
for (const [name, v] of Object.entries({ DURATION_S, CONNECTIONS, POOL, TRADERS })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad option ${name}: ${v}`);
}
process.env.DATABASE_URL ||= "postgres://postgres@127.0.0.1:5432/test";

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// Children run through the same loader (tsx) as this process, without a profiler flag.
const nodeArgs = process.execArgv.filter((a) => !a.startsWith("--cpu-prof"));
const children = new Set<ChildProcess>();

function runChild(file: string, argv: string[]): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, here(file), ...argv], { stdio: ["ignore", "pipe", "inherit"] });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = runChild("./api-load.ts", [JSON.stringify(job)]);
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as LoadResult);
    });
  });
}

async function startBaseline(databaseUrl: string, productUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = runChild("./api-baseline.ts", [databaseUrl, String(POOL), productUrl]);
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`baseline exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** Starts the inspector's CPU profiler; the returned function stops it and writes the profile. */
async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new inspector.Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  return async (file) => {
    const { profile } = await session.post("Profiler.stop");
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`  (CPU profile of the product run: ${file})`);
  };
}

async function baselineCpu(base: string): Promise<NodeJS.CpuUsage> {
  return (await (await fetch(`${base}/__cpu`)).json()) as NodeJS.CpuUsage;
}

async function newUsers(database: Database, prefix: string, count: number): Promise<number[]> {
  const rows = await database.query<{ id: number | string }>(
    "INSERT INTO users (username) SELECT $1 || i FROM generate_series(1, $2::int) AS i RETURNING id",
    [prefix, count],
  );
  return rows.map((r) => Number(r.id));
}

const fund = (runId: string, userId: number, currency: string, amount: string): LedgerOp => ({
  type: "transfer",
  currency,
  debit: platformAccount("clearing"),
  credit: userAccount(userId),
  amount,
  key: `bench:api:${runId}:fund:${userId}:${currency}`,
  kind: "deposit",
  reference: { type: "bench", id: runId },
});

const openBody = (seq: number) => {
  const long = seq % 2 === 0;
  return {
    symbol: "BTCUSDT",
    direction: long ? "long" : "short",
    margin: "10",
    leverage: 2,
    takeProfit: long ? "72000" : "48000",
    stopLoss: long ? "48000" : "72000",
  };
};

async function expectOk(url: string, token: string, body?: unknown): Promise<string> {
  const res = await fetch(url, {
    method: body ? "POST" : "GET",
    headers: { "x-access-token": token, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} → ${res.status} ${text.slice(0, 300)}`);
  return text;
}

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms` +
  (r.non2xx || r.errors || r.timeouts ? `  (non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})` : "");

async function main() {
  const { database, label, cleanup } = await openBenchDatabase("candor_bench_api", POOL);
  let app: App | null = null;
  try {
    await migrate(database);
    await seed(database, { sandbox: true });
    const [dbName] = await database.query<{ name: string }>("SELECT current_database() AS name");
    const databaseUrl = databaseUrlFor(process.env.DATABASE_URL as string, dbName?.name ?? "");
    const config = loadConfig({
      DATA_DIR: `/tmp/candor-bench-api-${process.pid}`,
      LOG_LEVEL: "warn",
      MARKET_AUTOSTART: "false",
      MARKET_HISTORY: "none",
      // No sample IEO projects and contests (modules/samples) in the measured database.
      SANDBOX_SAMPLES: "false",
      // High enough never to refuse the bench, but the limiter still counts every request.
      RATE_LIMIT_PER_MINUTE: "100000000",
      DATABASE_URL: databaseUrl,
    });
    app = await buildApp({ config, database });
    const a = app;
    for (const s of await a.market.list()) {
      const price = s.symbol === "BTCUSDT" ? "60000" : s.symbol === "ETHUSDT" ? "3000" : "100";
      a.market.ingest({ symbol: s.symbol, price, ts: Date.now() });
    }
    const productUrl = await a.listen({ port: 0, host: "127.0.0.1" });

    // The reader: balances in three currencies, a withdrawal hold, one open position.
    const runId = randomBytes(4).toString("hex");
    const [reader] = await newUsers(database, `bench_api_${runId}_reader`, 1);
    if (reader === undefined) throw new Error("no reader");
    await batch(database.db, [
      fund(runId, reader, "USDT", "25000"),
      fund(runId, reader, "BTC", "0.75"),
      fund(runId, reader, "ETH", "12.5"),
      {
        type: "hold",
        currency: "USDT",
        debit: userAccount(reader),
        credit: platformAccount("clearing"),
        amount: "120",
        key: `bench:api:${runId}:hold`,
        kind: "withdrawal",
        reference: { type: "bench", id: runId },
      },
    ]);
    const readerToken = await createSession(database.db, reader, "bench");
    await expectOk(`${productUrl}/api/trade/appTradePositions/create`, readerToken, openBody(0));

    // The traders of the open run, funded, each with one position already (warm accounts).
    const traders = await newUsers(database, `bench_api_${runId}_trader_`, TRADERS);
    await batch(
      database.db,
      traders.map((id) => fund(runId, id, "USDT", "1000000")),
    );
    const traderTokens: string[] = [];
    for (const id of traders) traderTokens.push(await createSession(database.db, id, "bench"));

    const baseline = await startBaseline(databaseUrl, productUrl);
    const load0 = os.loadavg()[0]?.toFixed(1) ?? "?";
    console.log(`api bench on ${label}`);
    console.log(
      `  machine: ${os.cpus().length} CPUs, load average ${load0} at start; autocannon c=${CONNECTIONS}, ` +
        `${DURATION_S} s per run after ${WARMUP_S} s warm-up; product ${productUrl}, baseline ${baseline.url}\n`,
    );

    const reads = [
      { name: "balance read", path: "/api/finance/appWallet/queryUserBalance", tokens: [readerToken] },
      { name: "asset centre", path: "/api/finance/appWallet/queryUserAssets", tokens: [readerToken] },
      { name: "symbol list", path: "/api/trade/appSymbol/list", tokens: [] },
    ].filter((r) => !args.only || r.name.startsWith(args.only));
    const summary: string[] = [];
    for (const read of reads) {
      for (const base of [productUrl, baseline.url]) await expectOk(`${base}${read.path}`, readerToken);
      const measure = async (base: string) => {
        const job = { url: `${base}${read.path}`, connections: CONNECTIONS, tokens: read.tokens };
        if (WARMUP_S > 0) await load({ ...job, durationS: WARMUP_S });
        const cpu = base === productUrl ? () => Promise.resolve(process.cpuUsage()) : () => baselineCpu(base);
        const profiling = base === productUrl && args.profile ? await startProfile() : null;
        const before = await cpu();
        const result = await load({ ...job, durationS: DURATION_S });
        const after = await cpu();
        if (profiling) await profiling(`${args.profile}/${read.name.replace(/ /g, "-")}.cpuprofile`);
        const cpuMs = (after.user + after.system - before.user - before.system) / 1000;
        return { ...result, cpuMsPerRequest: cpuMs / Math.max(1, result.requests) };
      };
      const product = await measure(productUrl);
      const bare = await measure(baseline.url);
      const ratio = product.rps / Math.max(bare.rps, 1e-9);
      const cpuRatio = bare.cpuMsPerRequest / Math.max(product.cpuMsPerRequest, 1e-9);
      console.log(`${read.name} (GET ${read.path})`);
      console.log(`  product   ${fmt(product)}`);
      console.log(`  baseline  ${fmt(bare)}`);
      console.log(
        `  ratio     ${ratio.toFixed(2)}× throughput; server CPU per request ${product.cpuMsPerRequest.toFixed(3)} ms ` +
          `vs ${bare.cpuMsPerRequest.toFixed(3)} ms (${cpuRatio.toFixed(2)}×)\n`,
      );
      summary.push(`${read.name} ${ratio.toFixed(2)}× (CPU ${cpuRatio.toFixed(2)}×)`);
    }

    if (!args.only || "futures open".startsWith(args.only)) {
      const bodies = Array.from({ length: 64 }, (_, i) => openBody(i));
      const job: Omit<LoadJob, "durationS"> = {
        url: `${productUrl}/api/trade/appTradePositions/create`,
        method: "POST",
        connections: CONNECTIONS,
        tokens: traderTokens,
        bodies,
      };
      // Opens need a fresh quote: BTCUSDT ticks 10 times a second meanwhile (a random walk
      // that never reaches the positions' take-profit / stop-loss).
      const ticker = setInterval(() => {
        const price = (60000 + Math.round((Math.random() - 0.5) * 400)).toFixed(2);
        a.market.ingest({ symbol: "BTCUSDT", price, ts: Date.now() });
      }, 100);
      if (WARMUP_S > 0) await load({ ...job, durationS: WARMUP_S });
      const opens = await load({ ...job, durationS: DURATION_S });
      console.log(`futures open (POST /api/trade/appTradePositions/create, ${TRADERS} customers, product only)`);
      console.log(`  product   ${fmt(opens)}`);
      if (opens.non2xx > 0) {
        // Name what was refused: a few sequential opens, their distinct answers.
        const seen = new Map<string, number>();
        for (let i = 0; i < 20; i++) {
          const res = await fetch(job.url, {
            method: "POST",
            headers: {
              "x-access-token": traderTokens[i % traderTokens.length] as string,
              "content-type": "application/json",
            },
            body: JSON.stringify(openBody(i)),
          });
          const key = `${res.status} ${res.status === 200 ? "" : (await res.text()).replace(/"timestamp":\d+/, "").slice(0, 160)}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        for (const [key, n] of seen) console.log(`  probe: ${n}× ${key}`);
      }
      // Opens autocannon gave up on at the end are still running: let them finish before
      // the pool closes (the count of positions stops growing).
      let last = -1;
      for (;;) {
        const [row] = await database.query<{ n: string | number }>("SELECT count(*) AS n FROM futures_positions");
        if (Number(row?.n) === last) break;
        last = Number(row?.n);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      clearInterval(ticker);
      console.log("");
    }
    console.log(
      `summary: ${summary.join(", ")} (goal ≥ 0.80× for reads; CPU = baseline's server CPU per request / the product's)`,
    );
    baseline.child.kill("SIGTERM");
  } finally {
    for (const child of children) child.kill("SIGTERM");
    if (app) await app.close();
    await cleanup();
  }
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  for (const child of children) child.kill("SIGKILL");
  process.exit(1);
});
