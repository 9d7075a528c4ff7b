// Ledger throughput and latency: single transfers and batches per second, p50/p99.
//
//   npm run bench:ledger                       # in-memory PGlite (one connection: no real concurrency)
//   DATABASE_URL=postgres://… npm run bench:ledger -- --seconds 5 --concurrency 16 --batch 100 \
//     --batch-concurrency 4 --users 20000 --only single,serial,hot-one,deposits,batch,two-phase
//   DATABASE_URL=postgres://… npm run bench:ledger -- --baseline pgbench
//
// `--baseline pgbench` first runs `pgbench -N` on a scratch database of the same server with
// each worker count used below, and prints each workload's rate as a ratio of it (issue 38;
// ./pgbench-baseline.ts). Skipped, with a message, when pgbench is missing or on PGlite.
//
// Concurrent single calls are grouped into shared transactions (group commit, issue 9):
// each line shows the calls per group; `--group off` measures every call in its own
// transaction, `--in-flight N` / `--group-max N` tune the groups in flight and their size.
//
// Platform accounts are split into LEDGER_PLATFORM_SHARDS shards (default 8, --shards
// overrides it for this run): "deposits" books clearing → customer on the shards the
// ledger picks, "hot-one" the same with 1 shard (every deposit on one clearing row).
//
// On PostgreSQL it creates a scratch database next to the configured one (transfers are
// immutable, so the bench never writes into real data), migrates it, runs, and drops it.
// Each workload runs for a fixed time with N workers, each on its own pooled connection.

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import type { LedgerKind } from "@candor/contract";
import type { Database } from "../src/db";
import { migrate } from "../src/db/migrate";
import {
  batch,
  getGroupCommitStats,
  getOneStatementStats,
  getRetryStats,
  type LedgerOp,
  platformAccount,
  setGroupCommit,
  type TransferOp,
  userAccount,
} from "../src/modules/ledger/service";
import { platformShards, setPlatformShards } from "../src/modules/ledger/shards";
import { type PgbenchFigures, pgbenchBaseline, ratioNote } from "./pgbench-baseline";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "16" },
    batch: { type: "string", default: "100" },
    // Batches lock ~2 accounts per transfer; many of them at once mostly wait for each other.
    "batch-concurrency": { type: "string", default: "4" },
    users: { type: "string", default: "20000" },
    only: { type: "string", default: "single,serial,hot-one,deposits,batch,two-phase" },
    shards: { type: "string" },
    group: { type: "string", default: "on" },
    "in-flight": { type: "string" },
    "group-max": { type: "string" },
    baseline: { type: "string" },
  },
});
const ONLY = new Set(args.only.split(","));
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const BATCH_SIZE = Number(args.batch);
const BATCH_CONCURRENCY = Number(args["batch-concurrency"]);
const USERS = Number(args.users);
for (const [name, v] of Object.entries({ SECONDS, CONCURRENCY, BATCH_SIZE, BATCH_CONCURRENCY, USERS })) {
  if (!Number.isFinite(v) || v <= 0) throw new Error(`bad --${name.toLowerCase()}: ${v}`);
}

if (args.shards !== undefined) setPlatformShards(Number(args.shards));
const SHARDS = platformShards();
setGroupCommit({
  enabled: args.group !== "off",
  ...(args["in-flight"] ? { inFlight: Number(args["in-flight"]) } : {}),
  ...(args["group-max"] ? { maxOps: Number(args["group-max"]) } : {}),
});
const GROUPING = setGroupCommit({}); // the settings in force

const open = () => openBenchDatabase("candor_bench", Math.max(CONCURRENCY, BATCH_CONCURRENCY) + 2);

interface Figures {
  workload: string;
  workers: number;
  /** This workload's transfers/s ÷ pgbench -N's tps with as many clients (--baseline pgbench). */
  vsPgbench: number | null;
  transfers: number;
  calls: number;
  failed: number;
  seconds: number;
  transfersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time this Node process spent per call (the database's own CPU is not included). */
  nodeCpuMsPerCall: number;
  /** CPU time of the database server's backends per call (PostgreSQL on this machine only). */
  dbCpuMsPerCall: number | null;
  /** Group commit: calls committed per shared transaction, and calls re-run alone. */
  callsPerGroup: number | null;
  rerunAlone: number;
  /** Groups written as one statement (issue 38), and calls or groups the database sent the ordinary way. */
  groupsInOneStatement: number;
  fellBack: number;
  /** Transactions re-run after a deadlock / serialization failure / lost race. */
  retried: number;
}

/**
 * CPU time (ms) used so far by each PostgreSQL backend serving this database, read from
 * /proc — only possible when the server runs on this machine; null otherwise. Lets the
 * figures be read independently of how busy a shared machine is.
 */
async function backendCpu(database: Database): Promise<Map<number, number> | null> {
  if (database.kind !== "postgres") return null;
  const pids = await database.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  );
  const cpu = new Map<number, number>();
  for (const { pid } of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // utime + stime, 100 ticks/s
    } catch {
      return null;
    }
  }
  return cpu;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

/** Runs `makeCall` from `workers` loops for `seconds`; each call moves `perCall` transfers. */
async function run(
  database: Database,
  workload: string,
  workers: number,
  perCall: number,
  makeCall: (worker: number, seq: number) => Promise<unknown>,
): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const dbBefore = await backendCpu(database);
  const groupsBefore = getGroupCommitStats();
  const statementsBefore = getOneStatementStats();
  const retriedBefore = getRetryStats().retried;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let seq = 0; performance.now() < deadline; seq++) {
        const t0 = performance.now();
        try {
          await makeCall(worker, seq);
          latencies.push(performance.now() - t0);
        } catch (err) {
          failed++;
          if (failed <= 3) console.error(`  ${workload}: ${(err as Error).message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpuUsed = process.cpuUsage(cpu);
  const dbAfter = await backendCpu(database);
  const groupsAfter = getGroupCommitStats();
  const statementsAfter = getOneStatementStats();
  const groups = groupsAfter.groups - groupsBefore.groups;
  const grouped = groupsAfter.groupedCalls - groupsBefore.groupedCalls;
  const singles = groupsAfter.singles - groupsBefore.singles;
  const dbMs =
    dbBefore && dbAfter ? [...dbAfter].reduce((sum, [pid, ms]) => sum + ms - (dbBefore.get(pid) ?? 0), 0) : null;
  latencies.sort((a, b) => a - b);
  return {
    workload,
    workers,
    vsPgbench: null,
    transfers: latencies.length * perCall,
    calls: latencies.length,
    failed,
    seconds: Number(elapsed.toFixed(2)),
    transfersPerSecond: Math.round((latencies.length * perCall) / elapsed),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    nodeCpuMsPerCall: Number(((cpuUsed.user + cpuUsed.system) / 1000 / Math.max(1, latencies.length)).toFixed(3)),
    dbCpuMsPerCall: dbMs === null ? null : Number((dbMs / Math.max(1, latencies.length)).toFixed(3)),
    // Calls that had a transaction of their own count as groups of one.
    callsPerGroup: groups + singles === 0 ? null : Number(((grouped + singles) / (groups + singles)).toFixed(2)),
    rerunAlone: groupsAfter.rerunAlone - groupsBefore.rerunAlone,
    groupsInOneStatement: statementsAfter.groups - statementsBefore.groups,
    fellBack: statementsAfter.fellBack - statementsBefore.fellBack,
    retried: getRetryStats().retried - retriedBefore,
  };
}

async function main() {
  let baseline: Map<number, PgbenchFigures> | null = null;
  if (args.baseline !== undefined) {
    if (args.baseline !== "pgbench") throw new Error(`--baseline takes "pgbench", not ${args.baseline}`);
    const url = process.env.DATABASE_URL;
    if (!url) console.log("  baseline: pgbench needs PostgreSQL (DATABASE_URL) — skipped on PGlite");
    else {
      const workers = [
        ...(["single", "hot-one", "deposits", "hot", "two-phase"].some((w) => ONLY.has(w)) ? [CONCURRENCY] : []),
        ...(ONLY.has("serial") ? [1] : []),
        ...(ONLY.has("batch") ? [BATCH_CONCURRENCY] : []),
      ];
      console.log(`pgbench baseline (load average ${os.loadavg()[0]?.toFixed(1)} at start)`);
      baseline = await pgbenchBaseline(url, workers, SECONDS);
    }
  }
  const { database, label, cleanup } = await open();
  try {
    await migrate(database);
    const db = database.db;
    const runId = randomBytes(4).toString("hex");

    // Customers, each funded with 1,000,000 USDT (1,000 deposits per batch).
    const users = (
      await database.query<{ id: number | string }>(
        // Invite codes of the run's own (the random default collides now and then among 20,000).
        `INSERT INTO users (username, invite_code) SELECT $1 || i, 'B' || $1 || i
         FROM generate_series(1, $2::int) AS i RETURNING id`,
        [`bench_${runId}_`, USERS],
      )
    ).map((r) => Number(r.id));
    for (let i = 0; i < users.length; i += 1000) {
      await batch(
        db,
        users.slice(i, i + 1000).map(
          (userId): LedgerOp => ({
            type: "transfer",
            currency: "USDT",
            debit: platformAccount("clearing"),
            credit: userAccount(userId),
            amount: "1000000",
            key: `bench:${runId}:fund:${userId}`,
            kind: "deposit",
            reference: { type: "bench", id: runId },
          }),
        ),
      );
    }

    const pick = () => users[Math.floor(Math.random() * users.length)] ?? 0;
    const payment = (key: string): TransferOp => {
      const from = pick();
      let to = pick();
      while (to === from) to = pick();
      return {
        type: "transfer",
        currency: "USDT",
        debit: userAccount(from),
        credit: userAccount(to),
        amount: "0.01",
        key,
        kind: "transfer" as LedgerKind, // a bench-only reason code
        reference: { type: "bench", id: runId },
      };
    };
    // The ledger call of a confirmed deposit (modules/wallet/deposit-credit.ts).
    let depositSeq = 0;
    const deposit = (key: string): LedgerOp => {
      const id = `${runId}-${++depositSeq}`;
      return {
        type: "transfer",
        currency: "USDT",
        debit: platformAccount("clearing"),
        credit: userAccount(pick()),
        amount: "0.01",
        key: `deposit:${key}:${id}`,
        kind: "deposit",
        reference: { type: "deposit", id },
      };
    };

    const results: Figures[] = [];
    const note = (f: Figures) => {
      const base = baseline?.get(f.workers);
      if (base) f.vsPgbench = Number((f.transfersPerSecond / base.tps).toFixed(2));
      results.push(f);
      console.log(
        `  ${f.workload.padEnd(46)} ${String(f.transfersPerSecond).padStart(7)} transfers/s   p50 ${f.p50Ms
          .toFixed(2)
          .padStart(
            7,
          )} ms   p99 ${f.p99Ms.toFixed(2).padStart(7)} ms   CPU/call node ${f.nodeCpuMsPerCall.toFixed(2)} ms, db ${f.dbCpuMsPerCall === null ? (database.kind === "pglite" ? "(inside Node)" : "?") : `${f.dbCpuMsPerCall.toFixed(2)} ms`}   ${f.callsPerGroup === null ? "no grouping" : `${f.callsPerGroup.toFixed(1)} calls/group (${f.rerunAlone} re-run alone, ${f.groupsInOneStatement} groups in one statement, ${f.fellBack} sent the ordinary way)`}   (${f.calls} calls, ${f.failed} failed, ${f.retried} retried)`,
      );
      const ratio = ratioNote(baseline, f.workers, f.transfersPerSecond, f.p50Ms);
      if (ratio) console.log(`  ${"".padEnd(46)} ${ratio}`);
    };

    console.log(`ledger bench on ${label}`);
    const load = () => os.loadavg()[0]?.toFixed(1) ?? "?";
    console.log(`  ${USERS} funded customers, ${SECONDS} s per workload, ${CONCURRENCY} workers`);
    console.log(`  platform shards: ${SHARDS} (LEDGER_PLATFORM_SHARDS${args.shards ? ", --shards" : ""})`);
    console.log(
      `  group commit: ${GROUPING.enabled ? `on, ${GROUPING.inFlight} groups in flight (1 on PGlite), up to ${GROUPING.maxOps} operations each` : "off (--group off)"}`,
    );
    console.log(`  machine: ${os.cpus().length} CPUs, load average ${load()} at start\n`);
    // Warm-up: plans, caches, pool connections.
    await run(database, "warm-up", CONCURRENCY, 1, (w, s) => batch(db, [payment(`bench:${runId}:warm:${w}:${s}`)]));

    if (ONLY.has("single"))
      note(
        await run(database, `single transfer, customer → customer`, CONCURRENCY, 1, (w, s) =>
          batch(db, [payment(`bench:${runId}:single:${w}:${s}`)]),
        ),
      );
    if (ONLY.has("serial"))
      note(
        await run(database, `single transfer, 1 worker (latency floor)`, 1, 1, (w, s) =>
          batch(db, [payment(`bench:${runId}:serial:${w}:${s}`)]),
        ),
      );
    if (ONLY.has("hot-one")) {
      setPlatformShards(1);
      note(
        await run(database, `deposit, one clearing account (1 shard)`, CONCURRENCY, 1, (w, s) =>
          batch(db, [deposit(`bench:${runId}:hot:${w}:${s}`)]),
        ),
      );
      setPlatformShards(SHARDS);
    }
    if (ONLY.has("deposits") || ONLY.has("hot"))
      note(
        await run(database, `deposit, clearing → customer (${SHARDS} shards)`, CONCURRENCY, 1, (w, s) =>
          batch(db, [deposit(`bench:${runId}:dep:${w}:${s}`)]),
        ),
      );
    if (ONLY.has("batch"))
      note(
        await run(
          database,
          `batch of ${BATCH_SIZE}, customer → customer, ${BATCH_CONCURRENCY} workers`,
          BATCH_CONCURRENCY,
          BATCH_SIZE,
          (w, s) =>
            batch(
              db,
              Array.from({ length: BATCH_SIZE }, (_, i) => payment(`bench:${runId}:batch:${w}:${s}:${i}`)),
            ),
        ),
      );
    if (ONLY.has("two-phase"))
      note(
        await run(database, `two-phase: hold then post (2 transfers)`, CONCURRENCY, 2, async (w, s) => {
          const held = await batch(db, [{ ...payment(`bench:${runId}:hold:${w}:${s}`), type: "hold" }]);
          const pendingId = held.transfers[0]?.id ?? 0;
          await batch(db, [{ type: "post", pendingId, key: `bench:${runId}:post:${w}:${s}` }]);
        }),
      );

    const [counts] = await database.query<{ n: string | number }>("SELECT count(*) AS n FROM ledger_transfers");
    console.log(`\n  ${counts?.n} transfers written in total; load average ${load()} at the end`);
    console.log(
      JSON.stringify({
        database: database.kind,
        concurrency: CONCURRENCY,
        shards: SHARDS,
        groupCommit: GROUPING,
        loadAverage: load(),
        baseline: baseline ? [...baseline.values()] : null,
        results,
      }),
    );
  } finally {
    await cleanup();
  }
}

await main();
