// The chain watcher against a real local chain (ganache in process): 10,000 customer
// addresses, blocks of 100 ERC-20 transfers to them.
//   1. Catch-up: B such blocks waiting; how fast one watcher reads, records and credits them
//      (blocks/s; goal ≥ 50), with the time split between reading+recording and crediting.
//   2. Credit latency: the watcher running as it does in production (poll every 500 ms); a
//      transfer, then the block that makes its threshold; the time from mining that block
//      to the committed credit (p50 / p99; goal p99 ≤ 1 s).
//
//   npm run bench:chain                                  # in-memory PGlite
//   DATABASE_URL=postgres://… npm run bench:chain -- --blocks 200 --samples 50
import os from "node:os";
import { parseArgs } from "node:util";
import pino from "pino";
import type { Address } from "viem";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { auditLedger } from "../src/modules/ledger/service";
import { ChainWatchLeader } from "../src/modules/wallet/chain/leader";
import { EvmWatcher } from "../src/modules/wallet/chain/watcher";
import { chainConfig, startChain } from "../test/chain/chain";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    addresses: { type: "string", default: "10000" },
    blocks: { type: "string", default: "50" },
    perBlock: { type: "string", default: "100" },
    samples: { type: "string", default: "30" },
    confirmations: { type: "string", default: "12" },
  },
});
const ADDRESSES = Number(args.addresses);
const BLOCKS = Number(args.blocks);
const PER_BLOCK = Number(args.perBlock);
const SAMPLES = Number(args.samples);
const CONFIRMATIONS = Number(args.confirmations);

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

const chain = await startChain();
const bench = await openBenchDatabase("candor_bench_chain", 6);
const { database } = bench;
const log = pino({ level: "warn" });
try {
  await migrate(database);
  await seed(database, { sandbox: true });
  const usdt = await chain.deployToken(6);
  const config = chainConfig(chain, [{ symbol: "USDT", contract: usdt, decimals: 6 }], {
    confirmations: CONFIRMATIONS,
    pollMs: 500,
  });

  // Customers and their addresses (random ones: the watcher reads the table, not the xpub).
  await database.exec(`INSERT INTO users (username) SELECT 'chainbench' || g FROM generate_series(1, ${ADDRESSES}) g`);
  const addresses = await database.query<{ address: string }>(
    `INSERT INTO evm_deposit_addresses (chain_id, address, user_id)
     SELECT ${config.chainId}, substr('0x' || encode(sha256(('chainbench' || id)::bytea), 'hex'), 1, 42), id
       FROM users WHERE username LIKE 'chainbench%'
     RETURNING address`,
  );
  const targets = addresses.map((a) => a.address as Address);
  if (targets.some((a) => a.length !== 42)) throw new Error("bad bench address");

  const watcher = new EvmWatcher({ db: database.db, chain: config, log, maxBlocksPerRound: 1000 });
  await watcher.round(); // starts following at the head

  // ---------------------------------------------------------------- 1. catch-up
  const made = Date.now();
  for (let b = 0; b < BLOCKS; b++) {
    const to = Array.from({ length: PER_BLOCK }, (_, i) => targets[(b * PER_BLOCK + i) % targets.length] as Address);
    await chain.batchToken(usdt, to, "20", 6);
  }
  const head = await chain.head();
  console.log(`chain: ${BLOCKS} blocks × ${PER_BLOCK} transfers made in ${ms(Date.now() - made)}`);

  let readMs = 0;
  let recordMs = 0;
  let creditMs = 0;
  let recorded = 0;
  let credited = 0;
  const started = performance.now();
  while (watcher.processedBlock < head) {
    const r = await watcher.round();
    readMs += r.readMs;
    recordMs += r.recordMs;
    creditMs += r.creditMs;
    recorded += r.recorded;
    credited += r.credited;
  }
  const totalMs = performance.now() - started;
  const blocks = BLOCKS;
  console.log(
    `catch-up: ${blocks} blocks, ${recorded} transfers recorded, ${credited} credited in ${ms(totalMs)}` +
      ` → ${(blocks / (totalMs / 1000)).toFixed(1)} blocks/s (goal ≥ 50)`,
  );
  const ownMs = totalMs - readMs;
  console.log(
    `  reading from the node (ganache, in this process): ${ms(readMs)}; ` +
      `recording: ${ms(recordMs)} (${(recorded / (recordMs / 1000)).toFixed(0)} transfers/s); ` +
      `crediting: ${ms(creditMs)} (${(credited / (creditMs / 1000)).toFixed(0)} credits/s, up to 1000 per ledger transaction, beside reading)`,
  );
  console.log(
    `  the watcher's own work (all but reading): ${ms(ownMs)} → ${(blocks / (ownMs / 1000)).toFixed(1)} blocks/s`,
  );

  // ---------------------------------------------------------------- 2. credit latency
  // The backlog first: every transfer above is credited (the watcher at the head).
  await chain.mine(CONFIRMATIONS);
  while (watcher.processedBlock < (await chain.head())) await watcher.round();
  const leader = new ChainWatchLeader({ database, watcher, log }, { pollMs: config.pollMs ?? 500, retryMs: 2000 });
  leader.start();
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const target = targets[i] as Address;
    const hash = await chain.sendToken(usdt, target, "15", 6);
    await chain.mine(CONFIRMATIONS - 2);
    // Start the clock at a random point of the poll cycle, as a real block would.
    await new Promise((r) => setTimeout(r, Math.random() * 500));
    const t0 = performance.now();
    await chain.mine(1); // the threshold block
    for (;;) {
      const [row] = await database.query<{ status: number }>(
        "SELECT status FROM deposits WHERE tx_hash = $1 AND chain_state <> 'dropped'",
        [hash],
      );
      if (row && Number(row.status) === 1) break;
      if (performance.now() - t0 > 10_000) throw new Error(`deposit ${hash} not credited within 10 s`);
      await new Promise((r) => setTimeout(r, 2));
    }
    latencies.push(performance.now() - t0);
  }
  await leader.stop();
  console.log(
    `credit latency after the threshold block (${SAMPLES} samples, poll 500 ms): ` +
      `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (goal p99 ≤ 1 s)`,
  );

  const audit = await auditLedger(database.db);
  console.log(`ledger audit: ${JSON.stringify(audit).slice(0, 200)}`);
  console.log(`${bench.label}; ${os.cpus().length} cores, Node ${process.version}`);
} finally {
  await bench.cleanup();
  await chain.close();
}
