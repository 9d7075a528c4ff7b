// Statements and exports (issue 34 §3, docs/contract.md "Consumer protection"): the monthly
// statement PDF, made on demand and kept once its month has closed, and the CSV exports of the
// balance log and of trades. Real money only (demo VUSDT and contest CUSDT are left out).
// Month and day boundaries are UTC on the business clock; the ledger and the trade records
// are stamped on the database's clock, so each boundary is moved by the clock's offset.
import { createHash } from "node:crypto";
import { EXPORT_MAX_DAYS, type ExportQuery, type Lang } from "@candor/contract";
import { dec, fifoRealised, positionNetResult, toMoneyString } from "@candor/domain";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest } from "../../lib/errors";
import type { FileAnswer } from "../../lib/route";
import type { BusinessClock } from "../clock/service";
import { listClosedRealPositions } from "../contracts/service";
import { getBalanceLog, getRealMoneyPeriod } from "../ledger/service";
import { listSettledRealOptions } from "../options/service";
import { listRealSpotFills } from "../spot/service";
import { usernamesByIds } from "../users/service";
import { toCsv } from "./csv";
import { kindTitle } from "./kind-titles";
import { renderStatement, type StatementCurrency } from "./pdf";
import { accountStatements } from "./schema";

const DAY_MS = 86_400_000;
const LOG_PAGE = 500;

export interface StatementsDeps {
  db: Db;
  clock: BusinessClock;
}

export class StatementsService {
  constructor(private readonly deps: StatementsDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** Business time → the database's time scale (record stamps), and back. */
  private toRecord(business: number): Date {
    return new Date(business - this.deps.clock.offsetMs);
  }
  private toBusiness(recordIso: string | Date): string {
    return new Date(new Date(recordIso).getTime() + this.deps.clock.offsetMs).toISOString();
  }

  /** The statement of `month` (YYYY-MM) in `lang`: the kept one for a closed month, else made now. */
  async statement(userId: number, month: string, lang: Lang): Promise<FileAnswer> {
    const [year, mon] = month.split("-").map(Number) as [number, number];
    const start = Date.UTC(year, mon - 1, 1);
    const end = Date.UTC(year, mon, 1);
    const now = this.deps.clock.nowMs();
    if (start > now) throw badRequest("statementFutureMonth", { month });
    const filename = `candor-statement-${month}.pdf`;
    const closed = end <= now;
    if (closed) {
      const kept = await this.kept(userId, month, lang);
      if (kept) return { body: kept, filename };
    }
    const until = closed ? end : now;
    const period = await getRealMoneyPeriod(this.db, userId, this.toRecord(start), this.toRecord(until));
    const currencies = new Set([...Object.keys(period.closing), ...period.moves.map((m) => m.currency)]);
    const byCurrency: StatementCurrency[] = [...currencies].sort().map((currency) => ({
      currency,
      opening: period.opening[currency] ?? "0",
      closing: period.closing[currency] ?? "0",
      moves: period.moves
        .filter((m) => m.currency === currency)
        .map((m) => ({
          at: this.toBusiness(m.createdAt),
          kind: m.kind,
          amount: m.amount,
          reference: `${m.referenceType} ${m.referenceId}`,
        })),
    }));
    const name = (await usernamesByIds(this.db, [userId])).get(userId) ?? "";
    const { pdf } = await renderStatement(
      {
        month,
        from: new Date(start).toISOString().slice(0, 10),
        to: new Date(until - 1).toISOString().slice(0, 10),
        customer: { uid: userId, name },
        madeAt: new Date(now).toISOString().slice(0, 19).replace("T", " "),
        currencies: byCurrency.filter(
          (c) => c.moves.length > 0 || !dec(c.opening).isZero() || !dec(c.closing).isZero(),
        ),
      },
      lang,
    );
    if (!closed) return { body: pdf, filename };
    // Kept: a second request (or a racing one) gets the same file.
    await this.db
      .insert(accountStatements)
      .values({ userId, month, lang, pdf, sha256: createHash("sha256").update(pdf).digest("hex") })
      .onConflictDoNothing();
    return { body: (await this.kept(userId, month, lang)) ?? pdf, filename };
  }

  private async kept(userId: number, month: string, lang: Lang): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ pdf: accountStatements.pdf })
      .from(accountStatements)
      .where(
        and(eq(accountStatements.userId, userId), eq(accountStatements.month, month), eq(accountStatements.lang, lang)),
      );
    return row?.pdf ?? null;
  }

  /** The range's record-time bounds, after checking it (400 with a message otherwise). */
  private range(query: ExportQuery): { from: Date; to: Date } {
    const start = Date.parse(`${query.from}T00:00:00.000Z`);
    const last = Date.parse(`${query.to}T00:00:00.000Z`);
    for (const [date, ms] of [
      [query.from, start],
      [query.to, last],
    ] as const)
      if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date)
        throw badRequest("exportBadDate", { date });
    if (start > last) throw badRequest("exportRangeOrder");
    if ((last - start) / DAY_MS + 1 > EXPORT_MAX_DAYS)
      throw badRequest("exportRangeTooLong", { days: EXPORT_MAX_DAYS });
    return { from: this.toRecord(start), to: this.toRecord(last + DAY_MS) };
  }

  async export(userId: number, query: ExportQuery, lang: Lang): Promise<FileAnswer> {
    const { from, to } = this.range(query);
    const filename = `candor-${query.kind}-${query.from}-${query.to}.csv`;
    const body =
      query.kind === "ledger" ? await this.ledgerCsv(userId, from, to, lang) : await this.tradesCsv(userId, from, to);
    return { body, filename };
  }

  /**
   * The balance log's rows of real money in the range (oldest first), each with the customer's
   * real balance of that currency after it (all real accounts together, as on the statement).
   */
  private async ledgerCsv(userId: number, from: Date, to: Date, lang: Lang): Promise<string> {
    const entries = [];
    for (let pageNo = 1; ; pageNo += 1) {
      const page = await getBalanceLog(this.db, userId, {
        money: "real",
        group: true,
        from,
        to,
        pageNo,
        pageSize: LOG_PAGE,
      });
      entries.push(...page.records);
      if (page.records.length < LOG_PAGE) break;
    }
    entries.reverse();
    const period = await getRealMoneyPeriod(this.db, userId, from, to);
    const net = new Map(period.moves.map((m) => [m.transferId, m]));
    const running = new Map(Object.entries(period.opening).map(([c, v]) => [c, dec(v)]));
    const applied = new Set<number>();
    const records = entries
      .filter((e) => !["VUSDT", "CUSDT"].includes(e.currency))
      .map((e) => {
        const move = net.get(e.transferId);
        if (move && !applied.has(e.transferId)) {
          applied.add(e.transferId);
          running.set(e.currency, (running.get(e.currency) ?? dec(0)).plus(move.amount));
        }
        return [
          this.toBusiness(e.createdAt),
          e.kind,
          kindTitle(lang, e.kind),
          e.currency,
          e.accountKind,
          e.toAccountKind ?? "",
          e.amount,
          toMoneyString(running.get(e.currency) ?? dec(0)),
          `${e.referenceType} ${e.referenceId}`,
          e.memo,
        ];
      });
    return toCsv(
      [
        "time_utc",
        "kind",
        "title",
        "currency",
        "account",
        "to_account",
        "amount",
        "balance_after",
        "reference",
        "memo",
      ],
      records,
    );
  }

  /** Closed futures, settled options and spot fills in the range, with realised results. */
  private async tradesCsv(userId: number, from: Date, to: Date): Promise<string> {
    const [futures, options, fills] = await Promise.all([
      listClosedRealPositions(this.db, userId, from, to),
      listSettledRealOptions(this.db, userId, from, to),
      listRealSpotFills(this.db, userId, to),
    ]);
    type Line = { at: number; cells: (string | number | null)[] };
    const lines: Line[] = [];
    for (const p of futures) {
      const fees = dec(p.openFee).plus(p.closeFee ?? "0");
      lines.push({
        at: p.closedAt.getTime(),
        cells: [
          "futures",
          p.id,
          this.toBusiness(p.openedAt),
          this.toBusiness(p.closedAt),
          p.symbol,
          p.direction,
          toMoneyString(p.quantity),
          toMoneyString(p.openPrice),
          p.closePrice === null ? "" : toMoneyString(p.closePrice),
          toMoneyString(fees),
          positionNetResult(p.pnl ?? "0", p.openFee),
          p.currency,
          "",
        ],
      });
    }
    for (const o of options)
      lines.push({
        at: o.settledAt.getTime(),
        cells: [
          "option",
          o.id,
          this.toBusiness(o.createdAt),
          this.toBusiness(o.settledAt),
          o.symbol,
          o.direction,
          toMoneyString(o.amount),
          toMoneyString(o.openPrice),
          o.closePrice === null ? "" : toMoneyString(o.closePrice),
          "0",
          toMoneyString(dec(o.payout ?? "0").minus(o.amount)),
          o.currency,
          o.result ?? "",
        ],
      });
    // FIFO over every fill since the first, so lots bought before the range count; fills in it are listed.
    const realised = new Map(
      fifoRealised(
        fills.map((f) => ({
          id: f.id,
          asset: f.baseCurrency,
          side: f.side,
          quantity: f.quantity,
          price: f.price,
          fee: f.fee,
        })),
      ).map((r) => [r.id, r]),
    );
    for (const f of fills) {
      if (f.filledAt < from) continue;
      const sold = realised.get(f.id);
      const uncovered = sold && !dec(sold.uncovered).isZero() ? `uncovered ${sold.uncovered}` : "";
      lines.push({
        at: f.filledAt.getTime(),
        cells: [
          "spot",
          f.id,
          this.toBusiness(f.filledAt),
          this.toBusiness(f.filledAt),
          f.symbol,
          f.side,
          toMoneyString(f.quantity),
          "",
          toMoneyString(f.price),
          toMoneyString(f.fee),
          sold ? sold.realised : "",
          f.quoteCurrency,
          uncovered,
        ],
      });
    }
    lines.sort((a, b) => a.at - b.at);
    return toCsv(
      [
        "product",
        "id",
        "open_time_utc",
        "close_time_utc",
        "symbol",
        "side",
        "quantity",
        "open_price",
        "close_price",
        "fees",
        "net_result",
        "currency",
        "note",
      ],
      lines.map((l) => l.cells),
    );
  }
}
