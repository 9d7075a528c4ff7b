// Trading contests (CONTRACT.md "Contests"): the operator's contests, joining (virtual
// CUSDT granted from the treasury), exiting (positions closed at market, money returned,
// result kept), my entries, the ranking, my contest account, and the guard the trading
// modules call (through lib/trade-mode) before using contest money.
//
// Keeping contest money apart: one live entry (joined or running) per customer at a time
// (unique index contest_entries_one_live; joining a second → 409, disclosed), so the
// customer's CUSDT "contest" and "margin" accounts belong to that entry alone; a trade with
// mode "contest" must name that entry's contest, which must be in progress and list the
// symbol (else 400); at exit or end everything left goes back to the treasury.
import type {
  ContestAccount,
  ContestDetail,
  ContestEntryRecord,
  ContestExitResult,
  ContestInput,
  ContestJoinResult,
  ContestListQuery,
  ContestMyEntriesQuery,
  ContestMyEntry,
  ContestRankingQuery,
  ContestRankingRecord,
  ContestSummary,
  Lang,
  OperatorContest,
  OperatorContestEntriesQuery,
  OperatorContestEntry,
  OperatorContestListQuery,
  Page,
} from "@candor/contract";
import { contestProfits, contestYieldRate, insideEntryWindow, toMoneyString } from "@candor/domain";
import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { CONTEST_CURRENCY } from "../../lib/trade-mode";
import { publishClosed } from "../contracts/service";
import { isUniqueViolation } from "../options/service";
import { maskUsername, usernamesByIds } from "../users/service";
import { type ContestsDeps, closeEntry, JOB_CONTEST_END, JOB_CONTEST_START } from "./lifecycle";
import { entryMoney, grantEntryFunds } from "./money";
import { type ContestEntryRow, type ContestRow, contestEntries, contests } from "./schema";
import { entryStatusOf, statusOf, toDetail, toEntryRecord, toOperatorContest, toSummary } from "./views";

export type { ContestsDeps } from "./lifecycle";

const iso = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);

/**
 * The trading modules' check (installed in lib/trade-mode): a running entry of `userId` in
 * `contestId`, the contest in progress, the symbol eligible; holds the entry row FOR SHARE
 * inside the trade's transaction so an exit or the end waits for the trade to commit.
 */
export function contestTradeGuard(clock: { now(): Date }) {
  return async (tx: Db, userId: number, contestId: number, symbol: string | null): Promise<void> => {
    const found = (await tx.execute(sql`
      SELECT c.status AS contest_status, c.start_at, c.end_at, c.symbols, e.status AS entry_status
        FROM contest_entries e JOIN contests c ON c.id = e.contest_id
       WHERE e.contest_id = ${contestId} AND e.user_id = ${userId}
       FOR SHARE OF e`)) as unknown as {
      rows: Array<{
        contest_status: number;
        start_at: Date | string;
        end_at: Date | string;
        symbols: string[] | string;
        entry_status: number;
      }>;
    };
    const row = found.rows[0];
    if (!row) throw badRequest("contestNotTradable", { id: contestId });
    if (symbol === null) return; // reading (lists, summary, history): any entry of mine is enough
    if (Number(row.entry_status) !== 0 && Number(row.entry_status) !== 1) {
      throw badRequest("contestNotTradable", { id: contestId });
    }
    const now = clock.now().getTime();
    const start = new Date(row.start_at).getTime();
    const end = new Date(row.end_at).getTime();
    if (Number(row.contest_status) === -2 || now < start || now >= end) {
      throw badRequest("contestNotInProgress", { id: contestId });
    }
    const symbols: string[] = typeof row.symbols === "string" ? JSON.parse(row.symbols) : row.symbols;
    if (!symbols.includes(symbol)) {
      throw badRequest("contestSymbolNotEligible", { symbol, symbols: symbols.join(", ") });
    }
  };
}

export class ContestsService {
  constructor(private readonly deps: ContestsDeps) {}

  private get db() {
    return this.deps.db;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  // ── Reading helpers ──────────────────────────────────────────────────────────────────

  private async contest(id: number): Promise<ContestRow> {
    const [row] = await this.db.select().from(contests).where(eq(contests.id, id));
    if (!row) throw notFound("contestNotFound");
    return row;
  }

  private async entrants(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: contestEntries.contestId, n: count() })
      .from(contestEntries)
      .where(inArray(contestEntries.contestId, ids))
      .groupBy(contestEntries.contestId);
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  private async myEntryRow(userId: number, contestId: number): Promise<ContestEntryRow | null> {
    const [row] = await this.db
      .select()
      .from(contestEntries)
      .where(and(eq(contestEntries.userId, userId), eq(contestEntries.contestId, contestId)));
    return row ?? null;
  }

  /** Live rank from the leader's board, else the last persisted/final one. */
  private rankOf(entry: ContestEntryRow): number | null {
    const live = this.deps.board?.boards.get(entry.contestId)?.byUser.get(entry.userId);
    return live ? live.rank : entry.rank;
  }

  /** Equity now: live from the ledger while the entry runs, the stored final figure after. */
  private async equityOf(entry: ContestEntryRow): Promise<{ equity: string; available: string }> {
    if (entry.status === 0 || entry.status === 1) {
      const m = await entryMoney(this.db, this.deps.market, entry.userId);
      return { equity: m.equity, available: m.available };
    }
    return { equity: toMoneyString(entry.equity), available: "0" };
  }

  private statusFilter(status: number | undefined, now: Date): SQL | undefined {
    if (status === undefined) return undefined;
    if (status === -2) return or(eq(contests.status, -2), lte(contests.endAt, now));
    if (status === 1) return and(ne(contests.status, -2), lte(contests.startAt, now), gt(contests.endAt, now));
    if (status === 0) return and(ne(contests.status, -2), gt(contests.startAt, now));
    return undefined;
  }

  // ── Customer ─────────────────────────────────────────────────────────────────────────

  async list(userId: number | null, query: ContestListQuery, lang: Lang): Promise<Page<ContestSummary>> {
    const now = this.now();
    let where: SQL | undefined;
    if (query.status === -3) {
      if (userId === null) return { records: [], total: 0, pageNo: query.pageNo, pageSize: query.pageSize };
      where = sql`${contests.id} IN (SELECT contest_id FROM contest_entries WHERE user_id = ${userId} AND status = -3)`;
    } else {
      where = this.statusFilter(query.status, now);
    }
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contests)
        .where(where)
        .orderBy(desc(contests.startAt), desc(contests.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(contests).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const entrants = await this.entrants(ids);
    const mine = new Map<number, ContestEntryRow>();
    if (userId !== null && ids.length > 0) {
      const own = await this.db
        .select()
        .from(contestEntries)
        .where(and(eq(contestEntries.userId, userId), inArray(contestEntries.contestId, ids)));
      for (const e of own) mine.set(e.contestId, e);
    }
    return {
      records: rows.map((r) => {
        const e = mine.get(r.id);
        return toSummary(r, entrants.get(r.id) ?? 0, e ? entryStatusOf(e, r, now) : null, lang, now);
      }),
      total: Number(total?.n ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  async detail(userId: number | null, id: number, lang: Lang): Promise<ContestDetail> {
    const row = await this.contest(id);
    const now = this.now();
    const entrants = (await this.entrants([id])).get(id) ?? 0;
    let myEntry: ContestMyEntry | null = null;
    if (userId !== null) {
      const e = await this.myEntryRow(userId, id);
      if (e) myEntry = await this.myEntryView(e, row, now);
    }
    return toDetail(row, entrants, myEntry, lang, now);
  }

  private async myEntryView(e: ContestEntryRow, row: ContestRow, now: Date): Promise<ContestMyEntry> {
    const { equity, available } = await this.equityOf(e);
    return {
      entryId: e.id,
      status: entryStatusOf(e, row, now),
      entryTime: e.joinedAt.toISOString(),
      exitTime: e.exitedAt?.toISOString() ?? null,
      rank: this.rankOf(e),
      yieldRate: contestYieldRate(equity, e.entryFunds),
      equity,
      available,
      prizePaid: e.prize === null ? null : toMoneyString(e.prize),
    };
  }

  /**
   * Join inside the entry window: the entry row and the grant (treasury CUSDT → my
   * contest account) in one transaction. Twice → 409; while another entry of mine is live
   * → 409 (one contest at a time keeps contest money apart).
   */
  async join(userId: number, id: number): Promise<ContestJoinResult> {
    const row = await this.contest(id);
    const now = this.now();
    if (statusOf(row, now) === -2) throw conflict("contestEnded");
    if (!insideEntryWindow(now, row.entryStart, row.entryEnd, row.endAt)) {
      throw conflict("contestEntryWindowClosed", { from: iso(row.entryStart), to: iso(row.entryEnd) });
    }
    const mine = await this.myEntryRow(userId, id);
    if (mine) throw conflict("contestAlreadyJoined");
    const [other] = await this.db
      .select({ contestId: contestEntries.contestId })
      .from(contestEntries)
      .where(and(eq(contestEntries.userId, userId), inArray(contestEntries.status, [0, 1])));
    if (other) throw conflict("contestOtherEntryLive", { id: other.contestId });
    const status = statusOf(row, now) === 1 ? 1 : 0;
    let entry: ContestEntryRow;
    try {
      entry = await this.deps.db.transaction(async (tx) => {
        // The contest row (shared) keeps an operator's edit or the end from racing the join.
        await tx.execute(sql`SELECT 1 FROM contests WHERE id = ${id} FOR SHARE`);
        const [inserted] = await tx
          .insert(contestEntries)
          .values({
            contestId: id,
            userId,
            status,
            entryFunds: row.entryFunds,
            joinedAt: now,
            equity: row.entryFunds,
            dayEquity: row.entryFunds,
            dayDate: now.toISOString().slice(0, 10),
          })
          .returning();
        if (!inserted) throw new Error("contest entry insert returned nothing");
        await grantEntryFunds(tx, id, inserted.id, userId, row.entryFunds);
        return inserted;
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        const again = await this.myEntryRow(userId, id);
        if (again) throw conflict("contestAlreadyJoined");
        throw conflict("contestOtherEntryLive", { id: "?" });
      }
      throw err;
    }
    void this.deps.board?.reloadUser(id, userId);
    return { entryId: entry.id, status, available: toMoneyString(row.entryFunds), currency: CONTEST_CURRENCY };
  }

  /** Exit: positions closed at market, orders cancelled, money back to the treasury, status -3, result kept. */
  async exit(userId: number, id: number): Promise<ContestExitResult> {
    await this.contest(id);
    const mine = await this.myEntryRow(userId, id);
    if (!mine) throw notFound("contestEntryNotFound");
    if (mine.status !== 0 && mine.status !== 1) throw conflict("contestEntryNotRunning");
    const rank = this.rankOf(mine);
    const closed = await this.deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(contestEntries)
        .where(and(eq(contestEntries.id, mine.id), inArray(contestEntries.status, [0, 1])))
        .for("update");
      if (!locked) return null;
      return closeEntry(this.deps, tx, locked, -3, rank);
    });
    if (!closed) throw conflict("contestEntryNotRunning");
    if (closed.positions.length > 0) {
      publishClosed({ db: this.db, market: this.deps.market, bus: this.deps.bus }, closed.positions);
    }
    void this.deps.board?.reloadUser(id, userId);
    const [after] = await this.db.select().from(contestEntries).where(eq(contestEntries.id, mine.id));
    return {
      entryId: mine.id,
      status: -3,
      exitTime: (after?.exitedAt ?? this.now()).toISOString(),
      equity: closed.equity,
      yieldRate: closed.yieldRate,
      rank,
      closedPositions: closed.positions.length,
    };
  }

  async myEntries(userId: number, query: ContestMyEntriesQuery, lang: Lang): Promise<Page<ContestEntryRecord>> {
    const now = this.now();
    const rows = await this.db
      .select({ entry: contestEntries, contest: contests })
      .from(contestEntries)
      .innerJoin(contests, eq(contests.id, contestEntries.contestId))
      .where(eq(contestEntries.userId, userId))
      .orderBy(desc(contestEntries.id));
    const filtered =
      query.status === undefined ? rows : rows.filter((r) => entryStatusOf(r.entry, r.contest, now) === query.status);
    const pageRows = filtered.slice((query.pageNo - 1) * query.pageSize, query.pageNo * query.pageSize);
    const records: ContestEntryRecord[] = [];
    for (const r of pageRows) {
      const { equity } = await this.equityOf(r.entry);
      records.push(toEntryRecord(r.entry, r.contest, equity, this.rankOf(r.entry), lang, now));
    }
    return { records, total: filtered.length, pageNo: query.pageNo, pageSize: query.pageSize };
  }

  /**
   * Ranking: live from the leader's in-memory board while the contest runs (else the last
   * persisted figures), frozen after the end. Exited entries are not ranked (their record
   * keeps the rank they had). Nicknames masked.
   */
  async ranking(userId: number | null, query: ContestRankingQuery): Promise<Page<ContestRankingRecord>> {
    const row = await this.contest(query.id);
    const now = this.now();
    const status = statusOf(row, now);
    const from = (query.pageNo - 1) * query.pageSize;
    const board = this.deps.board?.boards.get(row.id);
    let slice: Array<{ rank: number; userId: number; yieldRate: string }>;
    let total: number;
    if (board && row.status !== -2) {
      total = board.entries.length;
      slice = board.entries.slice(from, from + query.pageSize).map((e) => ({
        rank: e.rank,
        userId: e.userId,
        yieldRate: toMoneyString(e.yieldRate.toFixed(8)),
      }));
    } else {
      const where = and(
        eq(contestEntries.contestId, row.id),
        row.status === -2 ? eq(contestEntries.status, -2) : inArray(contestEntries.status, [0, 1]),
      );
      const [rows, [n]] = await Promise.all([
        this.db
          .select()
          .from(contestEntries)
          .where(where)
          .orderBy(desc(contestEntries.yieldRate), asc(contestEntries.id))
          .limit(query.pageSize)
          .offset(from),
        this.db.select({ n: count() }).from(contestEntries).where(where),
      ]);
      total = Number(n?.n ?? 0);
      slice = rows.map((e, i) => ({
        rank: row.status === -2 && e.rank !== null ? e.rank : from + i + 1,
        userId: e.userId,
        yieldRate: toMoneyString(e.yieldRate),
      }));
    }
    const names = await usernamesByIds(
      this.db,
      slice.map((s) => s.userId),
    );
    return {
      records: slice.map((s) => ({
        rank: s.rank,
        nickname: maskUsername(names.get(s.userId) ?? "user"),
        yieldRate: s.yieldRate,
        me: s.userId === userId,
        status: status === -2 ? -2 : status,
      })),
      total,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  /** My contest trading account (the contest trading view). */
  async account(userId: number, id: number): Promise<ContestAccount> {
    const row = await this.contest(id);
    const e = await this.myEntryRow(userId, id);
    if (!e) throw notFound("contestEntryNotFound");
    const now = this.now();
    const live = e.status === 0 || e.status === 1;
    const m = live
      ? await entryMoney(this.db, this.deps.market, userId)
      : {
          available: "0",
          margin: "0",
          unrealisedPnl: "0",
          spotValue: "0",
          equity: toMoneyString(e.equity),
        };
    return {
      contestId: id,
      entryId: e.id,
      status: entryStatusOf(e, row, now),
      currency: CONTEST_CURRENCY,
      available: m.available,
      margin: m.margin,
      unrealisedPnl: m.unrealisedPnl,
      spotValue: m.spotValue,
      equity: m.equity,
      entryFunds: toMoneyString(e.entryFunds),
      yieldRate: contestYieldRate(m.equity, e.entryFunds),
      rank: this.rankOf(e),
      symbols: row.symbols,
    };
  }

  // ── Operator ─────────────────────────────────────────────────────────────────────────

  private checkSymbols(symbols: string[]): string[] {
    const unique = [...new Set(symbols.map((s) => s.trim().toUpperCase()))];
    for (const s of unique) {
      const info = this.deps.market.findSymbol(s);
      if (!info?.enabled) throw badRequest("contestSymbolUnknown", { symbol: s });
    }
    return unique;
  }

  private values(input: ContestInput) {
    const endAt = new Date(input.endAt);
    if (endAt.getTime() <= this.now().getTime()) throw badRequest("contestEndInPast");
    return {
      name: input.name,
      rules: input.rules ?? {},
      startAt: new Date(input.startAt),
      endAt,
      entryStart: new Date(input.entryStart),
      entryEnd: new Date(input.entryEnd),
      prize: toMoneyString(input.prize),
      prizeSplit: input.prizeSplit.map((s) => toMoneyString(s)),
      entryFunds: toMoneyString(input.entryFunds),
      symbols: this.checkSymbols(input.symbols),
    };
  }

  /** Schedules (or moves) the start and end jobs of a contest. */
  private async schedule(tx: Db, row: ContestRow): Promise<void> {
    await tx.execute(
      sql`DELETE FROM jobs WHERE job_key IN (${`contest:start:${row.id}`}, ${`contest:end:${row.id}`}) AND status = 'pending'`,
    );
    await enqueueJob(tx, {
      name: JOB_CONTEST_START,
      key: `contest:start:${row.id}`,
      payload: { id: row.id },
      runAt: row.startAt,
    });
    await enqueueJob(tx, {
      name: JOB_CONTEST_END,
      key: `contest:end:${row.id}`,
      payload: { id: row.id },
      runAt: row.endAt,
      maxAttempts: 20,
    });
  }

  async operatorList(query: OperatorContestListQuery): Promise<Page<OperatorContest>> {
    const now = this.now();
    const where = this.statusFilter(query.status, now);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contests)
        .where(where)
        .orderBy(desc(contests.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(contests).where(where),
    ]);
    const entrants = await this.entrants(rows.map((r) => r.id));
    return {
      records: rows.map((r) => toOperatorContest(r, entrants.get(r.id) ?? 0, now)),
      total: Number(total?.n ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  async create(input: ContestInput): Promise<OperatorContest> {
    const values = this.values(input);
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(contests).values(values).returning();
      if (!inserted) throw new Error("contest insert returned nothing");
      await this.schedule(tx, inserted);
      return inserted;
    });
    return toOperatorContest(row, 0, this.now());
  }

  /** Edit before the start only (409 after). */
  async update(id: number, input: ContestInput): Promise<OperatorContest> {
    const values = this.values(input);
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(contests).where(eq(contests.id, id)).for("update");
      if (!current) throw notFound("contestNotFound");
      if (statusOf(current, this.now()) !== 0) throw conflict("contestStartedNoEdit");
      const [updated] = await tx
        .update(contests)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(contests.id, id))
        .returning();
      if (!updated) throw notFound("contestNotFound");
      await this.schedule(tx, updated);
      return updated;
    });
    const entrants = (await this.entrants([id])).get(id) ?? 0;
    return toOperatorContest(row, entrants, this.now());
  }

  async operatorEntries(query: OperatorContestEntriesQuery): Promise<Page<OperatorContestEntry>> {
    const row = await this.contest(query.id);
    const rows = await this.db.select().from(contestEntries).where(eq(contestEntries.contestId, row.id));
    const ranked = rows
      .map((e) => ({ e, rank: this.rankOf(e) }))
      .sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.e.id - b.e.id);
    const pageRows = ranked.slice((query.pageNo - 1) * query.pageSize, query.pageNo * query.pageSize);
    const names = await usernamesByIds(
      this.db,
      pageRows.map((r) => r.e.userId),
    );
    const now = this.now();
    const records: OperatorContestEntry[] = [];
    for (const { e, rank } of pageRows) {
      const live = this.deps.board?.boards.get(e.contestId)?.byUser.get(e.userId);
      const equity = live ? toMoneyString(live.equity.toFixed(8)) : toMoneyString(e.equity);
      const profits = contestProfits(equity, e.entryFunds, e.dayEquity);
      records.push({
        entryId: e.id,
        userId: e.userId,
        nickname: maskUsername(names.get(e.userId) ?? "user"),
        status: entryStatusOf(e, row, now),
        entryTime: e.joinedAt.toISOString(),
        exitTime: e.exitedAt?.toISOString() ?? null,
        rank,
        equity,
        yieldRate: contestYieldRate(equity, e.entryFunds),
        dailyProfit: profits.dailyProfit,
        totalProfit: profits.totalProfit,
        prizePaid: e.prize === null ? null : toMoneyString(e.prize),
        prizeTransferId: e.prizeTransferId,
      });
    }
    return { records, total: rows.length, pageNo: query.pageNo, pageSize: query.pageSize };
  }
}
