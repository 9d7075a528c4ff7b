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
import type { Settler } from "../settlement/service";
import { readWatermarks, recordedTickPages, WatermarkBook, WorkQueue } from "../settlement/service";
import type { FuturesPositionEvent } from "./events";
import { IndexReconciler } from "./index-reconciler";
import { closesAt, type IndexedPosition, PositionIndex } from "./position-index";
import { type ContractsDeps, indexData, publishPosition, type SettleHooks, settleOpenPosition } from "./service";

interface Trigger {
  id: number;
  symbol: string;
  tick: MarketTick;
  bid: string;
  ask: string;
}

export interface FuturesSettlerOptions {
  /** Settlements running at the same time (PGlite: 1). */
  concurrency?: number;
  /** How long recorded ticks are kept (replay never reaches further back). */
  tickRetentionMinutes?: number;
  /** How often watermarks are written (ms). */
  watermarkEveryMs?: number;
  /** How often the leader reconciles its index with the database (ms). */
  reconcileMs?: number;
  /** How often that reconcile reads every open position instead of the recently written ones (ms). */
  fullSweepMs?: number;
  /** How far before the last reconcile the next one looks (longer than any position transaction, ms). */
  reconcileLookbackMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FuturesSettler implements Settler {
  readonly name = "futures";
  private readonly index = new PositionIndex();
  private readonly reconciler: IndexReconciler;
  private readonly queue: WorkQueue<Trigger>;
  private readonly marks: WatermarkBook;
  private active = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private offEvents: Unsubscribe | null = null;
  private loading: FuturesPositionEvent[] | null = null;
  private readonly retentionMs: number;
  private readonly watermarkEveryMs: number;

  /** Test hook: wait this long before each settlement (to kill a process mid-batch). */
  delayMs = 0;
  /** Test hooks passed to settleOpenPosition. */
  hooks: SettleHooks = {};
  readonly stats = {
    ticks: 0,
    triggered: 0,
    settled: 0,
    skipped: 0,
    failures: 0,
    replayedTicks: 0,
    /** Duration of the last tick's evaluation (ms) and how many positions it covered. */
    lastEvaluationMs: 0,
    lastEvaluatedPositions: 0,
    /** Positions (or TP/SL changes) the reconcile found that the index did not have. */
    discovered: 0,
  };

  constructor(
    private readonly deps: ContractsDeps & { log: FastifyBaseLogger },
    options: FuturesSettlerOptions = {},
  ) {
    this.queue = new WorkQueue((item) => this.settle(item), {
      concurrency: options.concurrency ?? 1,
      onError: (err, key) => deps.log.error({ err, position: key }, "futures: settlement failed"),
    });
    this.marks = new WatermarkBook(deps.db, this.name, () => this.queue.items());
    this.retentionMs = (options.tickRetentionMinutes ?? 180) * 60_000;
    this.watermarkEveryMs = options.watermarkEveryMs ?? 1000;
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

  /** Settlements queued or running. */
  get pending(): number {
    return this.queue.size;
  }

  /** Resolves when every queued settlement has finished. */
  idle(): Promise<void> {
    return this.queue.drain();
  }

  // ── Settler interface ─────────────────────────────────────────────────────────────────

  async recover(): Promise<void> {
    this.active = true;
    this.stopping = false;
    this.clearIndex();
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
    await this.replay();
    this.timer = setInterval(() => void this.flushWatermarksSafely(), this.watermarkEveryMs);
    this.timer.unref();
    this.reconciler.start();
    this.deps.log.info(
      { positions: this.indexed, queued: this.queue.size, replayedTicks: this.stats.replayedTicks },
      "futures: settlement index loaded",
    );
  }

  async onTick(tick: MarketTick): Promise<void> {
    if (!this.active || this.stopping) return;
    this.stats.ticks++;
    this.evaluate(tick);
  }

  async stop(): Promise<void> {
    if (!this.active) return;
    this.stopping = true;
    this.offEvents?.();
    this.offEvents = null;
    await this.reconciler.stop();
    await this.queue.drain();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Settlements given up here hold their symbol's watermark at their tick (see settle()).
    await this.flushWatermarksSafely();
    this.active = false;
    this.stopping = false;
    this.clearIndex();
  }

  /**
   * Test helper: behave like a process that died — drop the queue and the index, write
   * nothing more. Settlements already inside a transaction still finish (or roll back).
   */
  kill(): void {
    this.active = false;
    this.queue.clear();
    this.offEvents?.();
    this.offEvents = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    void this.reconciler.stop();
    this.clearIndex();
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

  private clearIndex(): void {
    this.index.clear();
    this.marks.clear();
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
    const { bid, ask } = quoteFromMid(tick.price, info.spread, info.pricePrecision);
    const bidD = dec(bid);
    const askD = dec(ask);
    let triggered = 0;
    for (const p of positions.values()) if (this.check(p, tick, bid, ask, bidD, askD)) triggered++;
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

  /** Re-evaluates recorded ticks from each symbol's watermark (or its oldest open position). */
  private async replay(): Promise<void> {
    const marks = await readWatermarks(this.deps.db, this.name);
    const now = Date.now();
    for (const [symbol, positions] of this.index.symbols()) {
      if (positions.size === 0 || !this.deps.market.findSymbol(symbol)) continue;
      let oldest = Number.POSITIVE_INFINITY;
      for (const p of positions.values()) oldest = Math.min(oldest, p.openTickTs);
      const from = Math.max(marks.get(symbol) ?? oldest, now - this.retentionMs);
      for await (const ticks of recordedTickPages(this.deps.market, symbol, from, now)) {
        for (const tick of ticks) this.evaluate(tick);
        this.stats.replayedTicks += ticks.length;
      }
      const latest = this.deps.market.lastTick(symbol);
      if (latest) this.evaluate(latest);
    }
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
        const { bid, ask } = quoteFromMid(tick.price, info.spread, info.pricePrecision);
        if (this.check(p, tick, bid, ask, dec(bid), dec(ask))) {
          this.stats.triggered++;
          return;
        }
      }
    }
    const latest = this.deps.market.lastTick(p.symbol);
    if (latest) {
      const { bid, ask } = quoteFromMid(latest.price, info.spread, info.pricePrecision);
      if (this.check(p, latest, bid, ask, dec(bid), dec(ask))) this.stats.triggered++;
    }
  }

  // ── Settling ──────────────────────────────────────────────────────────────────────────

  private async settle(item: Trigger): Promise<void> {
    if (this.delayMs > 0) await sleep(this.delayMs);
    for (let attempt = 0; ; attempt++) {
      if (!this.active) return;
      try {
        const result = await settleOpenPosition(
          this.deps.db,
          item.id,
          { kind: "tick", bid: item.bid, ask: item.ask, tick: { price: item.tick.price, ts: item.tick.ts } },
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
        return;
      } catch (err) {
        this.stats.failures++;
        this.deps.log.error({ err, position: item.id, attempt }, "futures: settlement failed; retrying");
        // Keep the item (and so the watermark) until it settles; give up only when leadership
        // ends, and then hold the watermark at its tick so the next leader replays it.
        if (this.stopping || !this.active) {
          this.marks.holdAt(item.symbol, item.tick.ts);
          return;
        }
        await sleep(Math.min(5000, 50 * 2 ** attempt));
      }
    }
  }

  // ── Watermarks ────────────────────────────────────────────────────────────────────────

  /** Per symbol: the last evaluated tick, held back to the oldest trigger not settled yet. */
  watermarks(): Map<string, number> {
    return this.marks.current();
  }

  flushWatermarks(): Promise<void> {
    return this.marks.flush();
  }

  private async flushWatermarksSafely(): Promise<void> {
    try {
      await this.flushWatermarks();
    } catch (err) {
      this.deps.log.warn({ err }, "futures: writing settlement watermarks failed; will retry");
    }
  }
}
