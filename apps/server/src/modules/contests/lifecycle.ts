// A contest's life on the business clock: the start job (0 → 1 at startAt), the end job
// (key contest:end:<id> at endAt, exactly once; a second run changes and pays nothing),
// the daily 00:00 UTC equity snapshot, and closing one entry (shared by exit and end):
// contest positions closed at market (recorded ticks), open contest orders cancelled, the
// final equity taken, the virtual money swept back to the treasury.
import { ContestStatuses } from "@candor/contract";
import { contestYieldRate, dec, finalRanking, prizeAmounts, toMoneyString } from "@candor/domain";
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import { AppError } from "../../lib/errors";
import type { AppEvents, EventBus } from "../../lib/event-bus";
import type { BusinessClock } from "../clock/service";
import {
  closeAllAtMarket,
  countClosedContestPositions,
  type FuturesPositionRow,
  publishClosed,
} from "../contracts/service";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";
import { cancelContestOrders, countFilledContestOrders } from "../spot/service";
import type { RankingBoard } from "./board";
import { entryMoney, requireFreshHoldingPrices, sweepContestMoney } from "./money";
import { type ContestEntryRow, type ContestRow, contestEntries, contests } from "./schema";

export const JOB_CONTEST_START = "contests.start";
export const JOB_CONTEST_END = "contests.end";
export const JOB_CONTESTS_DAILY = "contests.daily";

export interface ContestsDeps {
  db: Db;
  market: MarketService;
  clock: BusinessClock;
  bus?: EventBus<AppEvents>;
  log: FastifyBaseLogger;
  board?: RankingBoard;
}

export interface ClosedEntry {
  equity: string;
  yieldRate: string;
  positions: FuturesPositionRow[];
}

/**
 * Inside `tx`, the entry row locked by the caller: closes everything and sweeps the money.
 * Every price used (positions closed, holdings valued) must be fresh and its market open:
 * otherwise 409 (marketPriceStale / marketClosed) and the caller's transaction rolls back.
 */
export async function closeEntry(
  deps: ContestsDeps,
  tx: Db,
  entry: ContestEntryRow,
  status: -2 | -3,
  rank: number | null,
): Promise<ClosedEntry> {
  const positions = await closeAllAtMarket(
    { db: deps.db, market: deps.market },
    tx,
    entry.userId,
    "contest",
    entry.contestId,
  );
  await cancelContestOrders(tx, entry.userId, entry.contestId);
  await requireFreshHoldingPrices(tx, deps.market, entry.userId);
  const money = await entryMoney(tx, deps.market, entry.userId);
  await sweepContestMoney(tx, entry.contestId, entry.id, entry.userId);
  const closedTrades =
    (await countClosedContestPositions(tx, entry.userId, entry.contestId)) +
    (await countFilledContestOrders(tx, entry.userId, entry.contestId));
  const yieldRate = contestYieldRate(money.equity, entry.entryFunds);
  await tx
    .update(contestEntries)
    .set({
      status,
      equity: money.equity,
      yieldRate,
      rank,
      closedTrades,
      ...(status === ContestStatuses.exited ? { exitedAt: deps.clock.now() } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(contestEntries.id, entry.id));
  return { equity: money.equity, yieldRate, positions };
}

/** Start job: 0 → 1 (the clock already treats the contest as running from startAt). */
export async function startContest(deps: ContestsDeps, id: number): Promise<void> {
  await ledgerTransaction(deps.db, async (tx) => {
    const [c] = await tx
      .update(contests)
      .set({ status: ContestStatuses.running, updatedAt: sql`now()` })
      .where(and(eq(contests.id, id), eq(contests.status, ContestStatuses.upcoming)))
      .returning();
    if (c)
      await tx
        .update(contestEntries)
        .set({ status: ContestStatuses.running })
        .where(and(eq(contestEntries.contestId, id), eq(contestEntries.status, ContestStatuses.upcoming)));
  });
}

/**
 * End job: every live entry closed (its own transaction, so 10,000 entries do not make one
 * giant transaction; a rerun continues where a crash stopped), the final ranking by exact
 * yield (ties: earlier entry first) frozen, prizes paid in USDT from the rewards account to
 * the winners' spot accounts (keys contest:<id>:prize:<entryId>), status -2.
 */
export async function endContest(
  deps: ContestsDeps,
  id: number,
): Promise<{ paid: number; entries: number; waiting: number }> {
  const { db } = deps;
  const [contest] = await db.select().from(contests).where(eq(contests.id, id));
  if (!contest) return { paid: 0, entries: 0, waiting: 0 };
  const live = await db
    .select()
    .from(contestEntries)
    .where(and(eq(contestEntries.contestId, id), inArray(contestEntries.status, [0, 1])))
    .orderBy(asc(contestEntries.id));
  const closedPositions: FuturesPositionRow[] = [];
  // An entry whose prices are not fresh (a stalled feed, a closed market) stays live: it is
  // never closed at a stale price; the job runs again until every entry closed, and only
  // then ranks and pays.
  let waiting = 0;
  for (const e of live) {
    let closed: ClosedEntry | null;
    try {
      closed = await ledgerTransaction(db, async (tx) => {
        const [locked] = await tx
          .select()
          .from(contestEntries)
          .where(and(eq(contestEntries.id, e.id), inArray(contestEntries.status, [0, 1])))
          .for("update");
        if (!locked) return null;
        return closeEntry(deps, tx, locked, -2, null);
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 409) throw err;
      waiting++;
      continue;
    }
    if (closed) closedPositions.push(...closed.positions);
  }
  if (closedPositions.length > 0) publishClosed({ db, market: deps.market, bus: deps.bus }, closedPositions);
  if (waiting > 0) {
    deps.log.warn({ contest: id, waiting }, "contests: end waits for fresh prices");
    return { paid: 0, entries: 0, waiting };
  }
  deps.board?.drop(id);

  // Final ranking (exact decimals) and prizes, in one transaction with the contest row locked.
  const result = await ledgerTransaction(db, async (tx) => {
    const [c] = await tx.select().from(contests).where(eq(contests.id, id)).for("update");
    if (!c) return { paid: 0, entries: 0, payouts: [] as Payout[] };
    const ended = await tx
      .select()
      .from(contestEntries)
      .where(and(eq(contestEntries.contestId, id), eq(contestEntries.status, ContestStatuses.ended)));
    // Idle entries (fewer closed trades than the contest asks) rank after the traders and
    // win nothing; a prize needs a profit unless the contest's rules say otherwise.
    const ranked = finalRanking(
      ended,
      { minClosedTrades: c.minClosedTrades, needsProfit: c.prizeNeedsProfit },
      prizeAmounts(c.prize, c.prizeSplit).map((p) => p.amount),
    );
    const payouts: Payout[] = [];
    let paidTotal = dec(0);
    for (const { entry: e, rank, prize: amount } of ranked) {
      const prize = amount === null ? null : { amount };
      let prizeTransferId = e.prizeTransferId;
      let prizeAmount = e.prize;
      if (prize && dec(prize.amount).gt(0)) {
        const res = await batch(tx, [
          {
            type: "transfer",
            currency: "USDT",
            debit: platformAccount("rewards"),
            credit: userAccount(e.userId, "spot"),
            amount: prize.amount,
            key: `contest:${id}:prize:${e.id}`,
            kind: "contest_prize",
            reference: { type: "contest_entry", id: e.id },
            memo: `Contest ${id}: prize for rank ${rank}`,
          },
        ]);
        const transferId = res.transfers[0]?.id;
        if (transferId !== undefined && e.prizeTransferId === null) {
          prizeTransferId = transferId;
          prizeAmount = prize.amount;
          payouts.push({ userId: e.userId, entryId: e.id, rank, amount: prize.amount });
        }
        paidTotal = paidTotal.plus(prize.amount);
      }
      await tx
        .update(contestEntries)
        .set({ rank, prize: prizeAmount, prizeTransferId, updatedAt: sql`now()` })
        .where(eq(contestEntries.id, e.id));
    }
    await tx
      .update(contests)
      .set({
        status: ContestStatuses.ended,
        prizesPaid: toMoneyString(paidTotal),
        endedAt: c.endedAt ?? deps.clock.now(),
        updatedAt: sql`now()`,
      })
      .where(eq(contests.id, id));
    return { paid: payouts.length, entries: ended.length, payouts };
  });
  for (const p of result.payouts) {
    deps.bus?.publish("contest.prize_paid", { ...p, contestId: id, currency: "USDT" });
  }
  deps.log.info({ contest: id, entries: result.entries, paid: result.paid }, "contests: ended");
  return { paid: result.paid, entries: result.entries, waiting: 0 };
}

/** How soon the end job runs again while an entry waits for a fresh price. */
export const CONTEST_END_RETRY_MS = 60_000;

interface Payout {
  userId: number;
  entryId: number;
  rank: number;
  amount: string;
}

/** Daily 00:00 UTC: every live entry's equity becomes its day_equity (once per date). */
export async function snapshotDaily(deps: ContestsDeps, date: string): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select()
    .from(contestEntries)
    .where(
      and(inArray(contestEntries.status, [0, 1]), or(isNull(contestEntries.dayDate), lt(contestEntries.dayDate, date))),
    );
  let n = 0;
  for (const e of rows) {
    const live = deps.board?.boards.get(e.contestId)?.byUser.get(e.userId);
    const equity = live ? live.equity.toFixed(8) : (await entryMoney(db, deps.market, e.userId)).equity;
    await db
      .update(contestEntries)
      .set({ dayEquity: toMoneyString(equity), dayDate: date })
      .where(and(eq(contestEntries.id, e.id), or(isNull(contestEntries.dayDate), lt(contestEntries.dayDate, date))));
    n++;
  }
  return n;
}

export type { ContestRow };
