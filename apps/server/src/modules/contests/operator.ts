// The operator's side of contests: list, create and edit (before the start only; the start
// and end jobs are scheduled, or moved, on the business clock), and the ranked entries
// with equity, profits and the prize's ledger transfer (finance view).
import type {
  ContestInput,
  OperatorContest,
  OperatorContestEntriesQuery,
  OperatorContestEntry,
  OperatorContestListQuery,
  Page,
} from "@candor/contract";
import { contestProfits, contestYieldRate, toMoneyString } from "@candor/domain";
import { count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { maskUsername, usernamesByIds } from "../users/service";
import { type ContestsDeps, JOB_CONTEST_END, JOB_CONTEST_START } from "./lifecycle";
import { type ContestEntryRow, type ContestRow, contestEntries, contests } from "./schema";
import { contestStatusFilter, entryStatusOf, statusOf, toOperatorContest } from "./views";

export class ContestsOperator {
  constructor(private readonly deps: ContestsDeps) {}

  private get db() {
    return this.deps.db;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

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

  private rankOf(entry: ContestEntryRow): number | null {
    const live = this.deps.board?.boards.get(entry.contestId)?.byUser.get(entry.userId);
    return live ? live.rank : entry.rank;
  }

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
      minClosedTrades: input.minClosedTrades,
      prizeNeedsProfit: input.prizeNeedsProfit,
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
    const where = contestStatusFilter(query.status, now);
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
