// The futures settler (registered with the settlement engine): an in-memory index of open
// positions per symbol, evaluated on every tick, and a queue that settles each triggered
// position in its own transaction (settleOpenPosition: row lock, `status = 'open'` guard,
// re-evaluation with the row's own TP/SL, ledger keys settle:position:<id>:…).
//
// Speed: see ./position-index (two comparisons per position and tick).
//
// Crash safety: per symbol a watermark (settlement_watermarks) says up to which recorded
// tick everything was evaluated and every settlement it triggered committed. A new leader
// loads the open positions and replays the recorded ticks from the watermark, so a
// position whose trigger was seen but not settled before a crash is settled by the same
// tick, exactly once. A take-profit or stop-loss counts only from the tick it was set at
// (levelsAtTick), so a replay never applies today's level to an earlier tick; a settlement
// still failing when leadership ends holds the watermark back at its tick.
//
// Other nodes: the "futures.position" bus events keep the index current at once, but the
// index never depends on them — while leading, ./index-reconciler brings it in line with
// the database every second, and a position it finds that way is evaluated against the
// recorded ticks since it opened (or since its changed level was set), so a crossing
// before the discovery is not lost.
import { type Decimal, dec, quoteFromMid } from "@candor/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Unsubscribe } from "../../lib/event-bus";
import type { MarketTick } from "../market/service";
import {
  recordedTickPages,
  TickSettler,
  type TickSettlerOptions,
  type TickTrigger,
  tickSettlerStats,
} from "../settlement/service";
import type { FuturesPositionEvent } from "./events";
import { IndexReconciler } from "./index-reconciler";
import { closesAt, type IndexedPosition, PositionIndex } from "./position-index";
import { type ContractsDeps, indexData, publishPosition, type SettleHooks, settleOpenPosition } from "./service";

export interface FuturesSettlerOptions extends TickSettlerOptions {
  /** How often the leader reconciles its index with the database (ms). */
  reconcileMs?: number;
  /** How often that reconcile reads every open position instead of the recently written ones (ms). */
  fullSweepMs?: number;
  /** How far before the last reconcile the next one looks (longer than any position transaction, ms). */
  reconcileLookbackMs?: number;
}

interface TickQuote {
  bid: string;
  ask: string;
  bidD: Decimal;
  askD: Decimal;
}

/** Bid/ask of one tick per spread (a position's recorded one, else the symbol's), each computed once. */
function tickQuotes(mid: string, symbolSpread: string, precision: number): (spread: string | null) => TickQuote {
  const bySpread = new Map<string, TickQuote>();
  return (spread) => {
    const key = spread ?? symbolSpread;
    let q = bySpread.get(key);
    if (!q) {
      const { bid, ask } = quoteFromMid(mid, key, precision);
      q = { bid, ask, bidD: dec(bid), askD: dec(ask) };
      bySpread.set(key, q);
    }
    return q;
  };
}

export class FuturesSettler extends TickSettler<TickTrigger> {
  private readonly index = new PositionIndex();
  private readonly reconciler: IndexReconciler;
  private offEvents: Unsubscribe | null = null;
  private loading: FuturesPositionEvent[] | null = null;

  /** Test hooks passed to settleOpenPosition. */
  hooks: SettleHooks = {};
  readonly stats = {
    ...tickSettlerStats(),
    /** How many positions the last tick's evaluation covered. */
    lastEvaluatedPositions: 0,
    /** Positions (or TP/SL changes) the reconcile found that the index did not have. */
    discovered: 0,
  };

  constructor(
    private readonly deps: ContractsDeps & { log: FastifyBaseLogger },
    options: FuturesSettlerOptions = {},
  ) {
    super("futures", deps, "position", options);
    this.reconciler = new IndexReconciler(
      deps.db,
      this.index,
      {
        active: () => this.active && !this.stopping,
        found: async (entry, fromTs) => {
          this.stats.discovered++;
          await this.catchUp(entry, fromTs);
        },
        onError: (err) => deps.log.warn({ err }, "futures: reconciling the settlement index failed; will retry"),
      },
      { reconcileMs: options.reconcileMs, fullSweepMs: options.fullSweepMs, lookbackMs: options.reconcileLookbackMs },
    );
  }

  /** Open positions in the index (the leader's view). */
  get indexed(): number {
    return this.index.size;
  }

  // ── Lifecycle (settlement/tick-settler.ts) ────────────────────────────────────────────

  protected async load(): Promise<void> {
    // Events during the load are applied after it (they are newer than what it reads).
    this.loading = [];
    this.offEvents?.();
    this.offEvents = this.deps.bus?.subscribe("futures.position", (e) => this.onEvent(e)) ?? null;
    try {
      await this.reconciler.load();
    } finally {
      const events = this.loading ?? [];
      this.loading = null;
      for (const e of events) this.onEvent(e);
    }
  }

  protected loaded(): Record<string, number> {
    return { positions: this.indexed };
  }

  protected override onStarted(): void {
    this.reconciler.start();
  }

  protected override async onStopping(): Promise<void> {
    this.offEvents?.();
    this.offEvents = null;
    await this.reconciler.stop();
  }

  protected override onKilled(): void {
    this.offEvents?.();
    this.offEvents = null;
    void this.reconciler.stop();
  }

  // ── Index ─────────────────────────────────────────────────────────────────────────────

  private onEvent(event: FuturesPositionEvent): void {
    if (this.loading) {
      this.loading.push(event);
      return;
    }
    if (event.type === "closed") this.index.remove(event.position.id);
    else this.index.upsert(event.position);
  }

  protected clearIndex(): void {
    this.index.clear();
  }

  protected *replayFrom(): Iterable<[string, number]> {
    for (const [symbol, positions] of this.index.symbols()) {
      if (positions.size === 0) continue;
      let oldest = Number.POSITIVE_INFINITY;
      for (const p of positions.values()) oldest = Math.min(oldest, p.openTickTs);
      yield [symbol, oldest];
    }
  }

  // ── Evaluation ────────────────────────────────────────────────────────────────────────

  /** Checks every indexed position of the tick's symbol; queues the ones it closes. Returns how many. */
  evaluate(tick: MarketTick): number {
    this.marks.evaluatedAt(tick.symbol, tick.ts);
    const positions = this.index.ofSymbol(tick.symbol);
    if (!positions || positions.size === 0) return 0;
    const info = this.deps.market.findSymbol(tick.symbol);
    if (!info) return 0;
    const started = performance.now();
    // Each position's bid/ask use the spread recorded at its open (most share one: computed once per spread).
    const quotes = tickQuotes(tick.price, info.spread, info.pricePrecision);
    let triggered = 0;
    for (const p of positions.values()) {
      const q = quotes(p.spread);
      if (this.check(p, tick, q.bid, q.ask, q.bidD, q.askD)) triggered++;
    }
    this.stats.triggered += triggered;
    this.stats.lastEvaluationMs = performance.now() - started;
    this.stats.lastEvaluatedPositions = positions.size;
    return triggered;
  }

  /** Queues the position if the tick closes it, with the levels it had at that tick. */
  private check(p: IndexedPosition, tick: MarketTick, bid: string, ask: string, bidD: Decimal, askD: Decimal): boolean {
    if (this.queue.has(p.id) || !closesAt(p, tick.ts, bidD, askD)) return false;
    return this.queue.push(p.id, { id: p.id, symbol: p.symbol, tick, bid, ask });
  }

  // ── Positions found by the reconcile ──────────────────────────────────────────────────

  /** Evaluates one position against the recorded ticks of its symbol from `fromTs` (within retention). */
  private async catchUp(p: IndexedPosition, fromTs: number): Promise<void> {
    const info = this.deps.market.findSymbol(p.symbol);
    if (!info) return;
    const now = Date.now();
    const from = Math.max(fromTs, now - this.retentionMs);
    const stillHere = () => this.active && !this.stopping && this.index.get(p.id) === p;
    if (!stillHere()) return;
    for await (const ticks of recordedTickPages(this.deps.market, p.symbol, from, now)) {
      if (!stillHere()) return;
      for (const tick of ticks) {
        const { bid, ask } = quoteFromMid(tick.price, p.spread ?? info.spread, info.pricePrecision);
        if (this.check(p, tick, bid, ask, dec(bid), dec(ask))) {
          this.stats.triggered++;
          return;
        }
      }
    }
    const latest = this.deps.market.lastTick(p.symbol);
    if (latest) {
      const { bid, ask } = quoteFromMid(latest.price, p.spread ?? info.spread, info.pricePrecision);
      if (this.check(p, latest, bid, ask, dec(bid), dec(ask))) this.stats.triggered++;
    }
  }

  // ── Settling ──────────────────────────────────────────────────────────────────────────

  protected async settleOnce(item: TickTrigger): Promise<void> {
    const result = await settleOpenPosition(
      this.deps.db,
      item.id,
      {
        kind: "tick",
        bid: item.bid,
        ask: item.ask,
        tick: { price: item.tick.price, ts: item.tick.ts, sources: item.tick.components },
      },
      { hooks: this.hooks },
    );
    if (result.outcome === "settled") {
      this.stats.settled++;
      this.index.remove(item.id);
      publishPosition(this.deps, "closed", result.row);
    } else if (result.outcome === "notTriggered") {
      // The index was behind (TP/SL changed meanwhile): refresh it from the row.
      this.stats.skipped++;
      this.index.upsert(indexData(result.row));
    } else {
      this.stats.skipped++;
      this.index.remove(item.id);
    }
  }
}
