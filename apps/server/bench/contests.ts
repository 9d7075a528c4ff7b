// Contest ranking per tick: N entrants in one running contest, each with CUSDT in their
// contest account (granted through the ledger) and one open contest position on BTCUSDT
// (long or short, sizes spread), the leader's RankingBoard loaded from the database, then a
// stream of BTCUSDT ticks; each tick revalues every entry's position and re-ranks the whole
// contest (the work done on the tick path). Reports p50 / p99 per tick, and how long one
// persist of the ranking (equity, yield, rank of every entry) takes.
//
//   npm run bench:contests                                     # in-memory PGlite
//   DATABASE_URL=postgres://… npm run bench:contests -- --entrants 10000 --ticks 2000
import os from "node:os";
import { parseArgs } from "node:util";
import pino from "pino";
import { migrate } from "../src/db/migrate";
import { seed } from "../src/db/seed";
import { RankingBoard } from "../src/modules/contests/board";
import { batch, platformAccount, userAccount } from "../src/modules/ledger/service";
import type { MarketService } from "../src/modules/market/service";
import type { MarketTick, SymbolInfo } from "../src/modules/market/types";
import { openBenchDatabase } from "./scratch-database";

const { values: args } = parseArgs({
  options: {
    entrants: { type: "string", default: "10000" },
    ticks: { type: "string", default: "2000" },
  },
});
const ENTRANTS = Number(args.entrants);
const TICKS = Number(args.ticks);

const bench = await openBenchDatabase("candor_bench_contests", 4);
const { database } = bench;
try {
  await migrate(database);
  await seed(database, { sandbox: true });
  const db = database.db;
  const [info] = await database.query<{ spread: string; price_precision: number; qty_precision: number }>(
    "SELECT spread, price_precision, qty_precision FROM market_symbols WHERE symbol = 'BTCUSDT'",
  );
  if (!info) throw new Error("BTCUSDT is not seeded");

  const setupStarted = Date.now();
  const [contest] = await database.query<{ id: string }>(
    `INSERT INTO contests (name, start_at, end_at, entry_start, entry_end, prize, prize_split, entry_funds, symbols, status)
     VALUES ('{"en-us":"Bench cup"}', now() - interval '1 hour', now() + interval '7 days', now() - interval '2 hours',
             now() + interval '1 day', 1000, '["0.5","0.3","0.2"]', 10000, '["BTCUSDT"]', 1) RETURNING id`,
  );
  if (!contest) throw new Error("contest not created");
  const contestId = Number(contest.id);
  await database.exec(
    `INSERT INTO users (username, password_hash) SELECT 'contestbench' || g, 'x' FROM generate_series(1, ${ENTRANTS}) g`,
  );
  await database.exec(
    `INSERT INTO contest_entries (contest_id, user_id, status, entry_funds, joined_at, equity, day_equity)
     SELECT ${contestId}, id, 1, 10000, now(), 10000, 10000 FROM users WHERE username LIKE 'contestbench%'`,
  );
  // Entry funds through the ledger (9,000 CUSDT available + 1,000 in margin, as after an open).
  const users = (
    await database.query<{ id: string }>("SELECT id FROM users WHERE username LIKE 'contestbench%' ORDER BY id")
  ).map((r) => Number(r.id));
  for (let i = 0; i < users.length; i += 500) {
    await batch(
      db,
      users.slice(i, i + 500).flatMap((id) => [
        {
          type: "transfer" as const,
          currency: "CUSDT",
          debit: platformAccount("treasury"),
          credit: userAccount(id, "contest"),
          amount: "9000",
          key: `bench-contest:${id}`,
          kind: "contest_grant",
          reference: { type: "bench", id },
        },
        {
          type: "transfer" as const,
          currency: "CUSDT",
          debit: platformAccount("treasury"),
          credit: userAccount(id, "margin"),
          amount: "1000",
          key: `bench-contest-margin:${id}`,
          kind: "futures_margin",
          reference: { type: "bench", id },
        },
      ]),
    );
  }
  // One open contest position each: long or short, 1,000 CUSDT margin, leverage 1–10.
  await database.exec(
    `INSERT INTO futures_positions (user_id, mode, currency, symbol, direction, margin, leverage, quantity, open_price,
                                    open_fee, close_out_price, open_tick_price, open_tick_at, contest_id)
     SELECT u.id, 'contest', 'CUSDT', 'BTCUSDT', CASE WHEN u.n % 2 = 0 THEN 'long' ELSE 'short' END, 1000,
            1 + (u.n % 10), round((1000 * (1 + (u.n % 10)) / 60000.0)::numeric, 5), 60000, 0,
            CASE WHEN u.n % 2 = 0 THEN 30000 ELSE 90000 END, 60000, now(), ${contestId}
     FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE username LIKE 'contestbench%') u`,
  );
  await database.exec("ANALYZE");
  const setupSeconds = (Date.now() - setupStarted) / 1000;

  const symbol = {
    symbol: "BTCUSDT",
    base: "BTC",
    quote: "USDT",
    pricePrecision: Number(info.price_precision),
    qtyPrecision: Number(info.qty_precision),
    spread: info.spread,
    enabled: true,
  } as unknown as SymbolInfo;
  let last: MarketTick | undefined = { symbol: "BTCUSDT", price: "60000", ts: Date.now() } as MarketTick;
  const market = {
    findSymbol: (s: string) => (s === "BTCUSDT" ? symbol : undefined),
    lastTick: () => last,
  } as unknown as MarketService;
  const log = pino({ level: "silent" });
  const board = new RankingBoard({ db, market, log }, { reconcileMs: 3_600_000, persistMs: 3_600_000 });
  const loadStarted = performance.now();
  await board.recover();
  const loadMs = performance.now() - loadStarted;
  const loaded = board.boards.get(contestId)?.entries.length ?? 0;

  let ts = Date.now();
  let price = 60000;
  const tickAt = (p: number): MarketTick => {
    ts += 1;
    last = { symbol: "BTCUSDT", price: p.toFixed(2), ts } as MarketTick;
    return last;
  };
  for (let i = 0; i < 200; i++) board.applyTick("BTCUSDT", tickAt(price).price); // warm-up
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    price = Math.min(66000, Math.max(54000, price + (Math.random() - 0.5) * 60));
    const tick = tickAt(price);
    const cpu = process.cpuUsage();
    const started = performance.now();
    board.applyTick("BTCUSDT", tick.price); // revalue every entry + re-rank the contest
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const pctOf = (list: number[], p: number) =>
    list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;

  const persistStarted = performance.now();
  await board.flush();
  const persistMs = performance.now() - persistStarted;
  const top = board.boards.get(contestId)?.entries.slice(0, 3) ?? [];
  await board.stop();

  console.log(`contests: ranking recomputed per tick — ${bench.label}`);
  console.log(
    `machine: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(`setup: ${ENTRANTS} entrants with one open contest position each, in ${setupSeconds.toFixed(1)} s`);
  console.log(`leader start: ${loaded} entries loaded from the database in ${loadMs.toFixed(0)} ms`);
  console.log(
    `${TICKS} BTCUSDT ticks, each revaluing and re-ranking ${loaded} entrants: ` +
      `p50 ${pctOf(times, 50).toFixed(3)} ms, p99 ${pctOf(times, 99).toFixed(3)} ms, max ${pctOf(times, 100).toFixed(3)} ms per tick (wall clock)`,
  );
  console.log(
    `  process CPU time per tick: p50 ${pctOf(cpuTimes, 50).toFixed(3)} ms, p99 ${pctOf(cpuTimes, 99).toFixed(3)} ms`,
  );
  console.log(`persist (equity, yield, rank of every entry, one statement): ${persistMs.toFixed(0)} ms`);
  console.log(
    `top 3 at ${price.toFixed(2)}: ${top.map((e) => `#${e.rank} entry ${e.id} ${(e.yieldRate * 100).toFixed(2)}%`).join(", ")}`,
  );
  console.log("goal: p99 ≤ 20 ms per tick");
} finally {
  await bench.cleanup();
}
