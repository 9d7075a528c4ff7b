// The live ranking: an in-memory board per running contest, re-ranked after every tick of
// one of its symbols (a Settler of the settlement engine, so only the leader node does it).
//
// Speed: an entry keeps its cash (CUSDT + margin, exact figures turned into numbers once)
// and its open positions and spot holdings as plain numbers; a tick updates the live
// value of the entries holding that symbol (float P&L, the twin of settlePosition) and
// re-sorts one array that is nearly sorted already. Floats only order the board; the
// figures customers see (equity, yield) come from the ledger when read one by one, and
// the final ranking at the end is computed with exact decimals.
//
// Freshness: a contest position opened or closed (bus "futures.position"), a join, an exit
// and a spot order or other money move ("account.event") reload that customer's entry; a reconcile every `reconcileMs` reloads
// every live entry in bulk, so nothing depends on an event arriving.
import { ContestStatuses } from "@candor/contract";
import { livePnl, quoteFromMid, rankByYieldInPlace } from "@candor/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import { CONTEST_CURRENCY, CONTEST_PREFIX } from "../../lib/trade-mode";
import { FEE_RATES } from "../contracts/service";
import { getUsersKindBalances } from "../ledger/service";
import type { MarketService, MarketTick } from "../market/service";
import type { Settler } from "../settlement/service";
import { contestEntries, contests } from "./schema";

export interface BoardPosition {
  symbol: string;
  direction: "long" | "short";
  quantity: number;
  openPrice: number;
  margin: number;
  pnl: number;
  /** Half the spread recorded at open (fraction of mid), null: the symbol's current one. */
  halfSpread: number | null;
}

export interface BoardEntry {
  id: number;
  userId: number;
  entryFunds: number;
  /** CUSDT balance + margin (what does not move with prices). */
  cash: number;
  positions: BoardPosition[];
  /** symbol → base quantity held with contest money (CBTC … valued at BTCUSDT's bid). */
  holdings: Map<string, { quantity: number; value: number }>;
  equity: number;
  yieldRate: number;
  rank: number;
}

export interface ContestBoard {
  contestId: number;
  symbols: Set<string>;
  entries: BoardEntry[];
  byUser: Map<number, BoardEntry>;
  dirty: boolean;
}

export interface RankingBoardOptions {
  /** Reload every live entry from the database this often (ms). */
  reconcileMs?: number;
  /** Write equity/yield/rank of dirty boards this often (ms). */
  persistMs?: number;
}

const CLOSE_FEE = Number(FEE_RATES.close);

/** A position's exit price at this bid/ask, with the spread recorded at its open (float: ordering only). */
function exitFor(p: BoardPosition, bid: number, ask: number): number {
  if (p.halfSpread === null) return p.direction === "long" ? bid : ask;
  const mid = (bid + ask) / 2;
  return p.direction === "long" ? mid * (1 - p.halfSpread) : mid * (1 + p.halfSpread);
}

function refresh(entry: BoardEntry): void {
  let value = entry.cash;
  for (const p of entry.positions) value += p.margin + p.pnl;
  for (const h of entry.holdings.values()) value += h.value;
  entry.equity = value;
  entry.yieldRate = entry.entryFunds > 0 ? (value - entry.entryFunds) / entry.entryFunds : 0;
}

function rerank(board: ContestBoard): void {
  rankByYieldInPlace(board.entries);
  for (let i = 0; i < board.entries.length; i++) {
    const e = board.entries[i] as BoardEntry;
    e.rank = i + 1;
  }
  board.dirty = true;
}

export class RankingBoard implements Settler {
  readonly name = "contests";
  readonly boards = new Map<number, ContestBoard>();
  private readonly bySymbol = new Map<string, Set<ContestBoard>>();
  private timers: NodeJS.Timeout[] = [];
  private leading = false;
  private pending: Promise<unknown> = Promise.resolve();
  ticks = 0;

  constructor(
    private readonly deps: { db: Db; market: MarketService; log: FastifyBaseLogger },
    private readonly options: RankingBoardOptions = {},
  ) {}

  /** Leader: load every running contest, start the reconcile and persist timers. */
  async recover(): Promise<void> {
    this.leading = true;
    await this.reloadAll();
    this.timers.forEach(clearInterval);
    this.timers = [
      setInterval(() => void this.serial(() => this.reloadAll()), this.options.reconcileMs ?? 10_000),
      setInterval(() => void this.serial(() => this.persist()), this.options.persistMs ?? 2_000),
    ];
    for (const t of this.timers) t.unref?.();
  }

  async stop(): Promise<void> {
    this.leading = false;
    this.timers.forEach(clearInterval);
    this.timers = [];
    await this.pending.catch(() => undefined);
    await this.persist().catch(() => undefined);
  }

  get isLeading(): boolean {
    return this.leading;
  }

  /** Runs database work one at a time (reloads and persists never interleave). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.pending.then(fn, fn);
    this.pending = next.catch((err) => this.deps.log.error({ err }, "contests: board work failed"));
    return next;
  }

  /** Waits for queued reloads/persists (tests, bench). */
  async idle(): Promise<void> {
    await this.pending.catch(() => undefined);
  }

  // ── Ticks ──────────────────────────────────────────────────────────────────────────

  async onTick(tick: MarketTick): Promise<void> {
    try {
      this.applyTick(tick.symbol, tick.price);
    } catch (err) {
      this.deps.log.error({ err }, "contests: tick not applied");
    }
  }

  /** Values every entry holding `symbol` at this price and re-ranks the contests listing it. */
  applyTick(symbol: string, mid: string): void {
    const boards = this.bySymbol.get(symbol);
    if (!boards || boards.size === 0) return;
    const info = this.deps.market.findSymbol(symbol);
    const q = info ? quoteFromMid(mid, info.spread, info.pricePrecision) : { bid: mid, ask: mid };
    this.applyPrices(symbol, Number(q.bid), Number(q.ask), boards);
  }

  /** The hot path, on numbers (the bench calls it directly). */
  applyPrices(symbol: string, bid: number, ask: number, boards = this.bySymbol.get(symbol)): void {
    if (!boards) return;
    this.ticks++;
    for (const board of boards) {
      for (const e of board.entries) {
        let touched = false;
        for (const p of e.positions) {
          if (p.symbol !== symbol) continue;
          const exit = exitFor(p, bid, ask);
          p.pnl = livePnl(p.direction, p.quantity, p.openPrice, p.margin, exit, CLOSE_FEE);
          touched = true;
        }
        const h = e.holdings.get(symbol);
        if (h) {
          h.value = h.quantity * bid;
          touched = true;
        }
        if (touched) refresh(e);
      }
      rerank(board);
    }
  }

  // ── Loading ────────────────────────────────────────────────────────────────────────

  private index(board: ContestBoard): void {
    for (const s of board.symbols) {
      let set = this.bySymbol.get(s);
      if (!set) {
        set = new Set();
        this.bySymbol.set(s, set);
      }
      set.add(board);
    }
  }

  /** Removes a contest's board (ended). */
  drop(contestId: number): void {
    const board = this.boards.get(contestId);
    if (!board) return;
    for (const s of board.symbols) this.bySymbol.get(s)?.delete(board);
    this.boards.delete(contestId);
  }

  /** Reloads every live entry of every contest that is not ended. */
  async reloadAll(): Promise<void> {
    const running = await this.deps.db.select().from(contests).where(ne(contests.status, ContestStatuses.ended));
    const seen = new Set<number>();
    for (const c of running) {
      seen.add(c.id);
      await this.loadContest(c.id, c.symbols);
    }
    for (const id of [...this.boards.keys()]) if (!seen.has(id)) this.drop(id);
  }

  /** One contest's live entries, in bulk: entries, contest balances, open contest positions. */
  async loadContest(contestId: number, symbols: string[], onlyUserIds?: number[]): Promise<void> {
    const { db } = this.deps;
    const where = onlyUserIds
      ? and(
          eq(contestEntries.contestId, contestId),
          inArray(contestEntries.status, [0, 1]),
          inArray(contestEntries.userId, onlyUserIds),
        )
      : and(eq(contestEntries.contestId, contestId), inArray(contestEntries.status, [0, 1]));
    const rows = await db
      .select({ id: contestEntries.id, userId: contestEntries.userId, entryFunds: contestEntries.entryFunds })
      .from(contestEntries)
      .where(where);
    let board = this.boards.get(contestId);
    if (!board) {
      board = { contestId, symbols: new Set(symbols), entries: [], byUser: new Map(), dirty: false };
      this.boards.set(contestId, board);
      this.index(board);
    }
    if (!onlyUserIds) {
      board.entries = [];
      board.byUser = new Map();
    } else {
      const gone = new Set(onlyUserIds);
      board.entries = board.entries.filter((e) => !gone.has(e.userId));
      for (const u of onlyUserIds) board.byUser.delete(u);
    }
    if (rows.length > 0) {
      const userIds = rows.map((r) => r.userId);
      // Contest-account balances (CUSDT cash, contest holdings); CUSDT margin is counted per position below.
      const balances = await getUsersKindBalances(db, userIds, [{ kind: "contest" }]);
      const positions = (await db.execute(sql`
        SELECT user_id::bigint AS user_id, symbol, direction, quantity::text AS quantity,
               open_price::text AS open_price, margin::text AS margin, spread::text AS spread
          FROM futures_positions
         WHERE contest_id = ${contestId} AND status <> 'closed'
           AND user_id = ANY(${`{${userIds.join(",")}}`}::bigint[])`)) as unknown as {
        rows: Array<{
          user_id: string | number;
          symbol: string;
          direction: "long" | "short";
          quantity: string;
          open_price: string;
          margin: string;
          spread: string | null;
        }>;
      };
      const fresh = new Map<number, BoardEntry>();
      for (const r of rows) {
        const entry: BoardEntry = {
          id: r.id,
          userId: r.userId,
          entryFunds: Number(r.entryFunds),
          cash: 0,
          positions: [],
          holdings: new Map(),
          equity: Number(r.entryFunds),
          yieldRate: 0,
          rank: 0,
        };
        fresh.set(r.userId, entry);
      }
      for (const b of balances) {
        const e = fresh.get(b.userId);
        if (!e) continue;
        if (b.currency === CONTEST_CURRENCY) e.cash += Number(b.balance);
        else if (b.currency.startsWith(CONTEST_PREFIX)) {
          const symbol = `${b.currency.slice(CONTEST_PREFIX.length)}USDT`;
          const bid = this.bid(symbol);
          const quantity = Number(b.balance);
          e.holdings.set(symbol, { quantity, value: bid === null ? 0 : quantity * bid });
          board.symbols.add(symbol);
        }
      }
      for (const p of positions.rows) {
        const e = fresh.get(Number(p.user_id));
        if (!e) continue;
        const pos: BoardPosition = {
          symbol: p.symbol,
          direction: p.direction,
          quantity: Number(p.quantity),
          openPrice: Number(p.open_price),
          margin: Number(p.margin),
          pnl: 0,
          halfSpread: p.spread === null ? null : Number(p.spread) / 2,
        };
        const q = this.quote(p.symbol);
        if (q) {
          const exit = exitFor(pos, q.bid, q.ask);
          pos.pnl = livePnl(pos.direction, pos.quantity, pos.openPrice, pos.margin, exit, CLOSE_FEE);
        }
        e.positions.push(pos);
      }
      for (const e of fresh.values()) {
        refresh(e);
        board.entries.push(e);
        board.byUser.set(e.userId, e);
      }
      this.index(board);
    }
    rerank(board);
  }

  /** After a join, exit, trade or order of a customer: reload their entry in this contest. */
  reloadUser(contestId: number, userId: number): Promise<void> {
    return this.serial(async () => {
      const [c] = await this.deps.db.select().from(contests).where(eq(contests.id, contestId));
      if (!c || c.status === ContestStatuses.ended) return;
      await this.loadContest(contestId, c.symbols, [userId]);
    });
  }

  private quote(symbol: string): { bid: number; ask: number } | null {
    const info = this.deps.market.findSymbol(symbol);
    const last = this.deps.market.lastTick(symbol);
    if (!info || !last) return null;
    const q = quoteFromMid(last.price, info.spread, info.pricePrecision);
    return { bid: Number(q.bid), ask: Number(q.ask) };
  }

  private bid(symbol: string): number | null {
    return this.quote(symbol)?.bid ?? null;
  }

  // ── Persisting ─────────────────────────────────────────────────────────────────────

  /** Writes equity, yield and rank of every dirty board's entries (one statement per board). */
  async persist(): Promise<void> {
    for (const board of this.boards.values()) {
      if (!board.dirty || board.entries.length === 0) continue;
      board.dirty = false;
      const ids = board.entries.map((e) => e.id);
      const equities = board.entries.map((e) => e.equity.toFixed(8));
      const yields = board.entries.map((e) => e.yieldRate.toFixed(8));
      const ranks = board.entries.map((e) => e.rank);
      await this.deps.db.execute(sql`
        UPDATE contest_entries AS e
           SET equity = v.equity, yield_rate = v.yield_rate, rank = v.rank, updated_at = now()
          FROM (SELECT unnest(${`{${ids.join(",")}}`}::bigint[]) AS id,
                       unnest(${`{${equities.join(",")}}`}::numeric[]) AS equity,
                       unnest(${`{${yields.join(",")}}`}::numeric[]) AS yield_rate,
                       unnest(${`{${ranks.join(",")}}`}::int[]) AS rank) AS v
         WHERE e.id = v.id AND e.status IN (0, 1)`);
    }
  }

  /** Persists now (after the queued work). */
  flush(): Promise<void> {
    return this.serial(() => this.persist());
  }
}
