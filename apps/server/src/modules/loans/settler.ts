// The pledge-loan settler (registered with the settlement engine, like the futures one): an
// in-memory index of open pledge loans per collateral symbol, evaluated on every tick of
// that symbol, and a queue that settles each loan the tick triggers in its own transaction
// (settleLoanTick: row lock, re-evaluation with the row's own figures, ledger keys).
//
// Speed: each loan keeps its three trigger prices (liquidation, margin call, and the price
// at the initial LTV that clears a margin call) as plain numbers, so a tick costs a couple
// of float comparisons per loan; a float near a threshold only queues the loan, and the
// transaction decides with exact decimals.
//
// Crash safety: per symbol a watermark says up to which recorded tick every trigger was
// settled; a new leader loads the open loans and replays the recorded ticks from there, so
// a liquidation seen but not committed before a crash is settled by the same tick, once.
// Freshness: "loan.index" bus events keep the index current at once; a reconcile with the
// database every `reconcileMs` (rows written since the last one) does not depend on them.
import { dec, priceAtLtv, quoteFromMid } from "@candor/domain";
import { gte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Unsubscribe } from "../../lib/event-bus";
import type { MarketTick } from "../market/service";
import { TickSettler, type TickSettlerOptions, type TickTrigger, tickSettlerStats } from "../settlement/service";
import { type LoanSettleHooks, settleLoanTick } from "./liquidation";
import {
  indexData,
  type LoanIndexData,
  type LoanIndexEvent,
  type LoansDeps,
  publishEvents,
  publishIndex,
} from "./orders";
import { loanOrders } from "./schema";

interface Entry {
  data: LoanIndexData;
  liquidateAt: number;
  marginCallAt: number;
  clearAt: number;
}

export interface LoanSettlerOptions extends TickSettlerOptions {
  /** How often the leader reconciles its index with the database (ms). */
  reconcileMs?: number;
}

/** Relative slack on float comparisons: near a threshold the exact check decides. */
const SLACK = 1e-9;

function entryOf(data: LoanIndexData): Entry | null {
  const collateral = dec(data.collateral);
  if (collateral.lte(0)) return null;
  const at = (ltv: string) => Number(priceAtLtv(data.owed, collateral, ltv));
  return {
    data,
    liquidateAt: at(data.liquidationLtv) * (1 + SLACK),
    marginCallAt: at(data.marginCallLtv) * (1 + SLACK),
    clearAt: at(data.initialLtv) * (1 - SLACK),
  };
}

export class LoanSettler extends TickSettler<TickTrigger> {
  private readonly bySymbol = new Map<string, Map<number, Entry>>();
  private readonly byId = new Map<number, Entry>();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private offEvents: Unsubscribe | null = null;
  private reconciledAt = 0;

  /** Test hooks passed to settleLoanTick. */
  hooks: LoanSettleHooks = {};
  readonly stats = tickSettlerStats();

  constructor(
    private readonly deps: LoansDeps & { log: FastifyBaseLogger },
    private readonly options: LoanSettlerOptions = {},
  ) {
    super("loans", deps, "loan", options);
  }

  get indexed(): number {
    return this.byId.size;
  }

  // ── Lifecycle (settlement/tick-settler.ts) ───────────────────────────────────────────

  protected async load(): Promise<void> {
    this.offEvents?.();
    this.offEvents = this.deps.bus?.subscribe("loan.index", (e) => this.onEvent(e)) ?? null;
    await this.reload();
  }

  protected loaded(): Record<string, number> {
    return { loans: this.indexed };
  }

  protected override onStarted(): void {
    this.reconcileTimer = setInterval(() => void this.reconcileSafely(), this.options.reconcileMs ?? 2000);
    this.reconcileTimer.unref();
  }

  protected override async onStopping(): Promise<void> {
    this.onKilled();
  }

  protected override onKilled(): void {
    this.offEvents?.();
    this.offEvents = null;
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = null;
  }

  // ── Index ────────────────────────────────────────────────────────────────────────────

  upsert(data: LoanIndexData): void {
    this.remove(data.id);
    const entry = entryOf(data);
    if (!entry) return;
    let set = this.bySymbol.get(data.symbol);
    if (!set) {
      set = new Map();
      this.bySymbol.set(data.symbol, set);
    }
    set.set(data.id, entry);
    this.byId.set(data.id, entry);
  }

  remove(id: number): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.bySymbol.get(entry.data.symbol)?.delete(id);
  }

  private onEvent(e: LoanIndexEvent): void {
    if (e.type === "remove") this.remove(e.id);
    else this.upsert(e.loan);
  }

  protected clearIndex(): void {
    this.bySymbol.clear();
    this.byId.clear();
  }

  protected *replayFrom(): Iterable<[string, number]> {
    for (const [symbol, loans] of this.bySymbol) {
      if (loans.size === 0) continue;
      let oldest = Number.POSITIVE_INFINITY;
      for (const e of loans.values()) oldest = Math.min(oldest, e.data.startTs);
      yield [symbol, oldest];
    }
  }

  /** Loads every open pledge loan (at leader start). */
  private async reload(): Promise<void> {
    this.reconciledAt = await this.databaseNow();
    const rows = await this.deps.db
      .select()
      .from(loanOrders)
      .where(sql`${loanOrders.type} = 'pledge' AND ${loanOrders.status} IN ('passed', 'overdue')`);
    for (const row of rows) {
      const data = indexData(row);
      if (data) this.upsert(data);
    }
  }

  /** Rows written since the last reconcile (looking back 5 s for transactions still committing then). */
  async reconcile(): Promise<void> {
    const since = new Date(this.reconciledAt - 5000);
    const now = await this.databaseNow();
    const rows = await this.deps.db.select().from(loanOrders).where(gte(loanOrders.updatedAt, since));
    for (const row of rows) {
      if (row.type !== "pledge") continue;
      const data = indexData(row);
      if (data) this.upsert(data);
      else this.remove(row.id);
    }
    this.reconciledAt = now;
  }

  private async reconcileSafely(): Promise<void> {
    if (!this.active || this.stopping) return;
    try {
      await this.reconcile();
    } catch (err) {
      this.deps.log.warn({ err }, "loans: reconciling the settlement index failed; will retry");
    }
  }

  private async databaseNow(): Promise<number> {
    const r = (await this.deps.db.execute(sql`SELECT now() AS now`)) as unknown as {
      rows: Array<{ now: Date | string }>;
    };
    return new Date(r.rows[0]?.now ?? Date.now()).getTime();
  }

  // ── Evaluation ───────────────────────────────────────────────────────────────────────

  /** Checks every open loan on the tick's symbol at its bid; queues the ones it triggers. */
  evaluate(tick: MarketTick): number {
    this.marks.evaluatedAt(tick.symbol, tick.ts);
    const loans = this.bySymbol.get(tick.symbol);
    if (!loans || loans.size === 0) return 0;
    const info = this.deps.market.findSymbol(tick.symbol);
    if (!info) return 0;
    const started = performance.now();
    const { bid, ask } = quoteFromMid(tick.price, info.spread, info.pricePrecision);
    const b = Number(bid);
    let triggered = 0;
    for (const e of loans.values()) {
      const hit = b <= e.liquidateAt || (e.data.marginCall ? b >= e.clearAt : b <= e.marginCallAt);
      if (
        hit &&
        !this.queue.has(e.data.id) &&
        this.queue.push(e.data.id, { id: e.data.id, symbol: tick.symbol, tick, bid, ask })
      ) {
        triggered++;
      }
    }
    this.stats.triggered += triggered;
    this.stats.lastEvaluationMs = performance.now() - started;
    return triggered;
  }

  // ── Settling ─────────────────────────────────────────────────────────────────────────

  protected async settleOnce(item: TickTrigger): Promise<void> {
    const result = await settleLoanTick(
      this.deps,
      item.id,
      { symbol: item.symbol, price: item.tick.price, ts: item.tick.ts, bid: item.bid, ask: item.ask },
      this.hooks,
    );
    publishEvents(this.deps, result.events);
    if (result.outcome === "margin_call" && result.marginCall) {
      this.deps.bus?.publish("loan.margin_call", result.marginCall);
    }
    if (result.outcome === "notOpen" || result.outcome === "notTriggered") this.stats.skipped++;
    else this.stats.settled++;
    if (result.row) {
      const data = indexData(result.row);
      if (data) this.upsert(data);
      else this.remove(item.id);
      if (result.outcome !== "notOpen" && result.outcome !== "notTriggered") publishIndex(this.deps, result.row);
    } else this.remove(item.id);
  }
}
