// A settler that watches ticks (futures TP/SL/close-out, pledge loans): what both do the
// same way. The engine drives it (recover → onTick … → stop); each tick is evaluated
// against an in-memory index of open items, and each item it triggers is settled in its
// own transaction by a queue, retried until it settles or leadership ends. A new leader
// replays the recorded ticks from each symbol's watermark, which is written while leading
// and held back to the oldest tick whose settlement is not committed (WatermarkBook).
//
// A subclass keeps the index (load, evaluate, clearIndex, replayFrom) and settles one
// item (settleOnce); it may start and stop more work around the lifecycle (onStarted,
// onStopping, onKilled).
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import type { MarketTick, Settler } from "./engine";
import { recordedTickPages } from "./recorded-ticks";
import { readWatermarks, WatermarkBook } from "./watermarks";
import { WorkQueue } from "./work-queue";

/** A triggered item: the tick that triggered it and the quote at that tick. */
export interface TickTrigger {
  id: number;
  symbol: string;
  tick: MarketTick;
  bid: string;
  ask: string;
}

export interface TickSettlerOptions {
  /** Settlements running at the same time (PGlite: 1). */
  concurrency?: number;
  /** How long recorded ticks are kept (replay never reaches further back). */
  tickRetentionMinutes?: number;
  /** How often watermarks are written (ms). */
  watermarkEveryMs?: number;
}

export interface TickSettlerDeps {
  db: Db;
  log: FastifyBaseLogger;
  market: {
    findSymbol(symbol: string): unknown;
    lastTick(symbol: string): MarketTick | null | undefined;
    ticksBetween(symbol: string, fromMs: number, toMs: number, limit?: number): Promise<MarketTick[]>;
  };
}

/** The figures every tick settler keeps (tests, bench, status). */
export const tickSettlerStats = () => ({
  ticks: 0,
  triggered: 0,
  settled: 0,
  skipped: 0,
  failures: 0,
  replayedTicks: 0,
  /** Duration of the last tick's evaluation (ms). */
  lastEvaluationMs: 0,
});
export type TickSettlerStats = ReturnType<typeof tickSettlerStats>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export abstract class TickSettler<T extends TickTrigger> implements Settler {
  protected readonly queue: WorkQueue<T>;
  protected readonly marks: WatermarkBook;
  protected active = false;
  protected stopping = false;
  protected readonly retentionMs: number;
  private readonly watermarkEveryMs: number;
  private watermarkTimer: NodeJS.Timeout | null = null;
  abstract readonly stats: TickSettlerStats;
  /** Test hook: wait this long before each settlement (to kill a process mid-batch). */
  delayMs = 0;

  constructor(
    readonly name: string,
    private readonly base: TickSettlerDeps,
    /** What an item is called in the logs ("position", "loan"). */
    private readonly itemLabel: string,
    options: TickSettlerOptions = {},
  ) {
    this.queue = new WorkQueue((item) => this.settle(item), {
      concurrency: options.concurrency ?? 1,
      onError: (err, key) => base.log.error({ err, [itemLabel]: key }, `${name}: settlement failed`),
    });
    this.marks = new WatermarkBook(base.db, name, () => this.queue.items());
    this.retentionMs = (options.tickRetentionMinutes ?? 180) * 60_000;
    this.watermarkEveryMs = options.watermarkEveryMs ?? 1000;
  }

  // ── What a subclass provides ──────────────────────────────────────────────────────────

  /** Loads the open items into the index (and starts following their changes). */
  protected abstract load(): Promise<void>;
  /** Checks the tick's symbol's items; queues the ones it triggers. Returns how many. */
  abstract evaluate(tick: MarketTick): number;
  /** Per symbol with open items: the time of its oldest item (replay starts there without a watermark). */
  protected abstract replayFrom(): Iterable<[symbol: string, oldestTs: number]>;
  /** Settles one triggered item in its own transaction and updates the index; throws to be retried. */
  protected abstract settleOnce(item: T): Promise<void>;
  protected abstract clearIndex(): void;
  /** The index's size for the start-up log line. */
  protected abstract loaded(): Record<string, number>;
  /** Recovered: start what runs while leading besides the watermarks. */
  protected onStarted(): void {}
  /** Leadership is ending: stop following changes (before the queue drains). */
  protected async onStopping(): Promise<void> {}
  /** The process "died" (test helper): stop everything without waiting. */
  protected onKilled(): void {}

  // ── Settler interface ─────────────────────────────────────────────────────────────────

  async recover(): Promise<void> {
    this.active = true;
    this.stopping = false;
    this.clear();
    await this.load();
    await this.replay();
    this.watermarkTimer = setInterval(() => void this.flushWatermarksSafely(), this.watermarkEveryMs);
    this.watermarkTimer.unref();
    this.onStarted();
    this.base.log.info(
      { ...this.loaded(), queued: this.queue.size, replayedTicks: this.stats.replayedTicks },
      `${this.name}: settlement index loaded`,
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
    await this.onStopping();
    await this.queue.drain();
    if (this.watermarkTimer) clearInterval(this.watermarkTimer);
    this.watermarkTimer = null;
    // Settlements given up here hold their symbol's watermark at their tick (see settle()).
    await this.flushWatermarksSafely();
    this.active = false;
    this.stopping = false;
    this.clear();
  }

  /**
   * Test helper: behave like a process that died — drop the queue and the index, write
   * nothing more. Settlements already inside a transaction still finish (or roll back).
   */
  kill(): void {
    this.active = false;
    this.queue.clear();
    this.onKilled();
    if (this.watermarkTimer) clearInterval(this.watermarkTimer);
    this.watermarkTimer = null;
    this.clear();
  }

  /** Settlements queued or running. */
  get pending(): number {
    return this.queue.size;
  }

  /** Resolves when every queued settlement has finished. */
  idle(): Promise<void> {
    return this.queue.drain();
  }

  private clear(): void {
    this.clearIndex();
    this.marks.clear();
  }

  /** Re-evaluates recorded ticks from each symbol's watermark (or its oldest open item). */
  private async replay(): Promise<void> {
    const marks = await readWatermarks(this.base.db, this.name);
    const now = Date.now();
    for (const [symbol, oldest] of this.replayFrom()) {
      if (!this.base.market.findSymbol(symbol)) continue;
      const from = Math.max(marks.get(symbol) ?? oldest, now - this.retentionMs);
      for await (const ticks of recordedTickPages(this.base.market, symbol, from, now)) {
        for (const tick of ticks) this.evaluate(tick);
        this.stats.replayedTicks += ticks.length;
      }
      const latest = this.base.market.lastTick(symbol);
      if (latest) this.evaluate(latest);
    }
  }

  // ── Settling ──────────────────────────────────────────────────────────────────────────

  private async settle(item: T): Promise<void> {
    if (this.delayMs > 0) await sleep(this.delayMs);
    for (let attempt = 0; ; attempt++) {
      if (!this.active) return;
      try {
        await this.settleOnce(item);
        return;
      } catch (err) {
        this.stats.failures++;
        this.base.log.error({ err, [this.itemLabel]: item.id, attempt }, `${this.name}: settlement failed; retrying`);
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
      this.base.log.warn({ err }, `${this.name}: writing settlement watermarks failed; will retry`);
    }
  }
}
