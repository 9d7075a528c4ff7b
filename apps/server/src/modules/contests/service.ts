// Trading contests (docs/contract.md "Contests"): the operator's contests, joining (virtual
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
  ContestJoinResult,
  ContestListQuery,
  ContestMyEntriesQuery,
  ContestMyEntry,
  ContestRankingQuery,
  ContestRankingRecord,
  ContestSummary,
  Lang,
  Page,
} from "@candor/contract";
import { ContestStatuses } from "@candor/contract";
import { contestYieldRate, insideEntryWindow, toMoneyString } from "@candor/domain";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors";
import { conflict, notFound } from "../../lib/errors";
import { CONTEST_CURRENCY } from "../../lib/trade-mode";
import { publishClosed } from "../contracts/service";
import { maskUsername, usernamesByIds } from "../users/service";
import { type ContestsDeps, closeEntry } from "./lifecycle";
import { entryMoney, grantEntryFunds } from "./money";
import { type ContestEntryRow, type ContestRow, contestEntries, contests } from "./schema";
import { contestStatusFilter, entryStatusOf, statusOf, toDetail, toEntryRecord, toSummary } from "./views";

export type { ContestsDeps } from "./lifecycle";
/** The operator's side (the console's create / edit / entries): app.contests.operator. */
export { ContestsOperator } from "./operator";

const iso = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16);

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
    if (entry.status === ContestStatuses.upcoming || entry.status === ContestStatuses.running) {
      const m = await entryMoney(this.db, this.deps.market, entry.userId);
      return { equity: m.equity, available: m.available };
    }
    return { equity: toMoneyString(entry.equity), available: "0" };
  }

  // ── Customer ─────────────────────────────────────────────────────────────────────────

  async list(userId: number | null, query: ContestListQuery, lang: Lang): Promise<Page<ContestSummary>> {
    const now = this.now();
    let where: SQL | undefined;
    if (query.status === ContestStatuses.exited) {
      if (userId === null) return { records: [], total: 0, pageNo: query.pageNo, pageSize: query.pageSize };
      where = sql`${contests.id} IN (SELECT contest_id FROM contest_entries WHERE user_id = ${userId} AND status = -3)`;
    } else {
      where = contestStatusFilter(query.status, now);
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
    if (mine.status !== ContestStatuses.upcoming && mine.status !== ContestStatuses.running)
      throw conflict("contestEntryNotRunning");
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
      status: ContestStatuses.exited,
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
    if (board && row.status !== ContestStatuses.ended) {
      total = board.entries.length;
      slice = board.entries.slice(from, from + query.pageSize).map((e) => ({
        rank: e.rank,
        userId: e.userId,
        yieldRate: toMoneyString(e.yieldRate.toFixed(8)),
      }));
    } else {
      const where = and(
        eq(contestEntries.contestId, row.id),
        row.status === ContestStatuses.ended
          ? eq(contestEntries.status, ContestStatuses.ended)
          : inArray(contestEntries.status, [0, 1]),
      );
      const [rows, [n]] = await Promise.all([
        this.db
          .select()
          .from(contestEntries)
          .where(where)
          // Ended: the final ranking's order (idle entries after the traders, whatever their yield).
          .orderBy(
            ...(row.status === ContestStatuses.ended
              ? [asc(contestEntries.rank), asc(contestEntries.id)]
              : [desc(contestEntries.yieldRate), asc(contestEntries.id)]),
          )
          .limit(query.pageSize)
          .offset(from),
        this.db.select({ n: count() }).from(contestEntries).where(where),
      ]);
      total = Number(n?.n ?? 0);
      slice = rows.map((e, i) => ({
        rank: row.status === ContestStatuses.ended && e.rank !== null ? e.rank : from + i + 1,
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
        status: status === ContestStatuses.ended ? -2 : status,
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
    const live = e.status === ContestStatuses.upcoming || e.status === ContestStatuses.running;
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
}

// Data rights (modules/privacy): what this module holds about a customer.
export { contestsOpenCount, contestsUserData } from "./data-rights";
