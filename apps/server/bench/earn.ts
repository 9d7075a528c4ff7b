// Earn daily accrual throughput: N running fixed-term orders, one daily job, the time it
// takes and accruals (= ledger transfers) per second.
//
//   npm run bench:earn                                   # in-memory PGlite
//   DATABASE_URL=postgres://… npm run bench:earn -- --orders 100000 --batch 1000 --workers 2
//
// It migrates a scratch database, seeds the products, inserts the customers and their
// running orders directly (the bench measures the daily job, not buying), then runs the
// daily job for tomorrow's date through the same code the scheduler runs
// (accrueDaily, --workers partitions of the orders side by side) and checks that every
// order was paid exactly once and the ledger still sums to zero.
import os from "node:os";
import { parseArgs } from "node:util";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { BusinessClock } from "../src/modules/clock/service";
import { accrueDaily } from "../src/modules/earn/accrual";
import { batch, platformAccount, userAccount } from "../src/modules/ledger/service";
import type { MarketService } from "../src/modules/market/service";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    batch: { type: "string", default: "1000" },
    workers: { type: "string", default: "2" },
    users: { type: "string", default: "20000" },
  },
});
const ORDERS = Number(args.orders);
const BATCH = Number(args.batch);
const WORKERS = Number(args.workers);
const USERS = Math.min(Number(args.users), ORDERS);

const bench = await openBenchDatabase("candor_bench_earn", WORKERS + 2);
const { database } = bench;
try {
  await migrate(database);
  await seed(database, { sandbox: true });
  const db = database.db;
  const [product] = await database.query<{ id: string; daily_rate: string }>(
    "SELECT id, daily_rate FROM earn_products WHERE type = 'arbitrage' ORDER BY term_days LIMIT 1",
  );
  if (!product) throw new Error("no fixed-term product seeded");
  const setupStarted = Date.now();
  await database.exec(
    // Invite codes of its own (the random default collides now and then among 20,000).
    `INSERT INTO users (username, password_hash, invite_code)
     SELECT 'bench' || g, 'x', 'BENCH' || g FROM generate_series(1, ${USERS}) g`,
  );
  // Bought yesterday at noon (UTC): tomorrow's 00:00 run owes each order one day.
  await database.exec(
    `INSERT INTO earn_orders (user_id, product_id, type, currency, amount, status, term_days, daily_rate,
                              early_redemption, start_at, end_at)
     SELECT u.id, ${product.id}, 'arbitrage', 'USDT', 1000 + (g % 9000), 'running', 7, ${product.daily_rate}, false,
            date_trunc('day', now()) + interval '12 hours', date_trunc('day', now()) + interval '7 days 12 hours'
     FROM generate_series(1, ${ORDERS}) g
     JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'bench%') u
       ON u.n = 1 + (g % ${USERS})`,
  );
  // A live ledger has history: each customer's deposit, booked through the ledger.
  const ids = (
    await database.query<{ id: string }>("SELECT id FROM users WHERE username LIKE 'bench%' ORDER BY id")
  ).map((r) => Number(r.id));
  for (let i = 0; i < ids.length; i += 1000) {
    await batch(
      db,
      ids.slice(i, i + 1000).map((id) => ({
        type: "transfer" as const,
        currency: "USDT",
        debit: platformAccount("clearing"),
        credit: userAccount(id),
        amount: "1000",
        key: `bench-deposit:${id}`,
        kind: "deposit",
        reference: { type: "bench", id },
      })),
    );
  }
  // … and statistics on its tables (autovacuum); fresh bulk inserts have none yet.
  await database.exec("ANALYZE");
  const setupSeconds = (Date.now() - setupStarted) / 1000;

  const clock = new BusinessClock(db);
  await clock.load();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const market = { lastTick: () => undefined } as unknown as MarketService;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { paid } = await accrueDaily({ db, clock, market, quant: null }, tomorrow, WORKERS, BATCH);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

  const [check] = await database.query<{ orders: string; once: string; transfers: string }>(
    `SELECT (SELECT count(*) FROM earn_orders WHERE accrued_days = 1) AS once,
            (SELECT count(*) FROM earn_orders) AS orders,
            (SELECT count(*) FROM ledger_transfers WHERE kind = 'earn_interest') AS transfers`,
  );
  const [sums] = await database.query<{ bad: string }>(
    `SELECT count(*) AS bad FROM (SELECT currency, sum(credits_posted - debits_posted) s FROM ledger_accounts GROUP BY currency) x WHERE s <> 0`,
  );
  console.log(`earn daily accrual — ${bench.label}`);
  console.log(
    `machine: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(`setup: ${USERS} customers and ${ORDERS} running orders inserted in ${setupSeconds.toFixed(1)} s`);
  console.log(
    `daily job for ${tomorrow}: ${paid} accruals in ${seconds.toFixed(2)} s = ${Math.round(paid / seconds)} accruals/s ` +
      `(${WORKERS} workers, batches of ${BATCH}); Node CPU ${((cpu.user + cpu.system) / 1000 / paid).toFixed(3)} ms per accrual`,
  );
  console.log(
    `check: ${check?.once}/${check?.orders} orders paid exactly one day, ${check?.transfers} interest transfers, ` +
      `currencies not summing to zero: ${sums?.bad}`,
  );
  console.log("goal: ≥ 5,000 accruals/s on PostgreSQL");
} finally {
  await bench.cleanup();
}
