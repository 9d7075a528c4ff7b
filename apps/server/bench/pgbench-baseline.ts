// `bench:ledger --baseline pgbench`: PostgreSQL's own rate on the same server, measured in
// the same run just before the ledger's workloads, so the two can be compared on a shared
// machine (issue 38). For each worker count the ledger bench uses, it runs
// `pgbench -N -c <n>` (TPC-B-like without the branch/teller updates: per transaction one
// UPDATE, one SELECT and one INSERT between BEGIN and END) on a scratch database created
// beside the configured one (`pgbench -i`, scale 1) and dropped afterwards.
import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { promisify } from "node:util";
import { openPostgres } from "../src/db";
import { adminUrl, databaseUrlFor } from "../test/pg-urls";

const run = promisify(execFile);

export interface PgbenchFigures {
  clients: number;
  /** Transactions per second (without initial connection time). */
  tps: number;
  /** pgbench's average latency per transaction (ms). */
  latencyMs: number;
}

/** pgbench on PATH, or in the PostgreSQL 15 (or any) server package; null when missing. */
export function findPgbench(): string | null {
  if (spawnSync("pgbench", ["--version"], { stdio: "ignore" }).status === 0) return "pgbench";
  const candidates = ["/usr/lib/postgresql/15/bin/pgbench"];
  try {
    for (const v of fs.readdirSync("/usr/lib/postgresql")) candidates.push(`/usr/lib/postgresql/${v}/bin/pgbench`);
  } catch {
    // no server packages here
  }
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

function parse(clients: number, output: string): PgbenchFigures {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  const latency = /latency average = ([\d.]+) ms/.exec(output);
  if (!tps || !latency) throw new Error(`unexpected pgbench output:\n${output}`);
  return { clients, tps: Math.round(Number(tps[1])), latencyMs: Number(latency[1]) };
}

/**
 * Runs `pgbench -N` for `seconds` with each of `clientCounts` on a scratch database of the
 * server at `url`. Returns null (after printing why) when pgbench is missing.
 */
export async function pgbenchBaseline(
  url: string,
  clientCounts: number[],
  seconds: number,
): Promise<Map<number, PgbenchFigures> | null> {
  const pgbench = findPgbench();
  if (!pgbench) {
    console.log("  baseline: pgbench not found (PATH, /usr/lib/postgresql/*/bin) — skipped; install postgresql-client");
    return null;
  }
  const name = `candor_bench_pgbench_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = await openPostgres(adminUrl(url), 1);
  const figures = new Map<number, PgbenchFigures>();
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
    const target = databaseUrlFor(url, name);
    await run(pgbench, ["-i", "-q", "-s", "1", target]);
    for (const clients of [...new Set(clientCounts)].sort((a, b) => b - a)) {
      const threads = String(Math.max(1, Math.min(clients, os.cpus().length)));
      const { stdout } = await run(pgbench, [
        "-N",
        "-c",
        String(clients),
        "-j",
        threads,
        "-T",
        String(seconds),
        target,
      ]);
      const f = parse(clients, stdout);
      figures.set(clients, f);
      console.log(
        `  baseline: pgbench -N -c ${String(clients).padEnd(3)} ${String(f.tps).padStart(7)} tps, latency average ${f.latencyMs.toFixed(2)} ms`,
      );
    }
  } finally {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
  return figures;
}

/** "0.87× pgbench -c 16" beside a workload, or "" without a baseline. */
export function ratioNote(
  baseline: Map<number, PgbenchFigures> | null,
  workers: number,
  transfersPerSecond: number,
  p50Ms: number,
): string {
  const f = baseline?.get(workers);
  if (!f) return "";
  const rate = `${(transfersPerSecond / f.tps).toFixed(2)}× pgbench -N -c ${workers} (${f.tps} tps)`;
  // One worker: latency is what is compared (issue 38: p50 within 2× pgbench's latency).
  return workers === 1 ? `${rate}, p50 ${(p50Ms / f.latencyMs).toFixed(2)}× its ${f.latencyMs} ms` : rate;
}
