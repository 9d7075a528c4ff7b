// Keeps the futures settler's index in line with the database while this node leads, so
// positions opened, TP/SL changed or closed on any node are found within about a second,
// whatever the event bus delivers: every `reconcileMs` it reads the rows written since its
// last look (less a lookback longer than any position transaction, as `updated_at` is the
// writing transaction's start time), and every `fullSweepMs` every open position.
import type { Db } from "../../db";
import type { IndexedPositionData } from "./events";
import { type IndexedPosition, type PositionIndex, reevaluateFrom } from "./position-index";
import { databaseNow, loadOpenPositions, loadPositionsChangedSince } from "./settlement";

export interface IndexReconcilerOptions {
  /** How often the index is reconciled (ms). */
  reconcileMs?: number;
  /** How often a reconcile reads every open position instead of the recently written ones (ms). */
  fullSweepMs?: number;
  /** How far before the last reconcile the next one looks (ms). */
  lookbackMs?: number;
}

export interface IndexReconcilerHooks {
  /** Still leading (checked after each read). */
  active(): boolean;
  /** A new position, or a changed level, entered the index: evaluate it on the recorded ticks from `fromTs`. */
  found(entry: IndexedPosition, fromTs: number): Promise<void>;
  onError(err: unknown): void;
}

export class IndexReconciler {
  private readonly reconcileMs: number;
  private readonly fullSweepMs: number;
  private readonly lookbackMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Database clock at the start of the last reconcile (or of the index load). */
  private reconciledAt: number | null = null;
  private lastFullSweep = 0;
  reconciles = 0;

  constructor(
    private readonly db: Db,
    private readonly index: PositionIndex,
    private readonly hooks: IndexReconcilerHooks,
    options: IndexReconcilerOptions = {},
  ) {
    this.reconcileMs = options.reconcileMs ?? 1000;
    this.fullSweepMs = options.fullSweepMs ?? 30_000;
    this.lookbackMs = options.lookbackMs ?? 5000;
  }

  /** Loads every open position into the (empty) index; the first reconcile reads what was written from then on. */
  async load(): Promise<void> {
    // The clock first: rows written from here on are read again by the next reconcile.
    this.reconciledAt = await databaseNow(this.db);
    for (const p of await loadOpenPositions(this.db)) this.index.upsert(p);
    this.lastFullSweep = Date.now();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.reconcile().catch((err) => this.hooks.onError(err));
    }, this.reconcileMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a reconcile in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
    this.reconciledAt = null;
  }

  /** One reconcile now (concurrent calls share one run). */
  reconcile(): Promise<void> {
    if (!this.running) {
      this.running = this.once().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  private async once(): Promise<void> {
    if (!this.hooks.active()) return;
    const startedAt = await databaseNow(this.db);
    if (this.reconciledAt === null || Date.now() - this.lastFullSweep >= this.fullSweepMs) {
      const before = this.index.ids();
      const open = await loadOpenPositions(this.db);
      if (!this.hooks.active()) return;
      const ids = new Set<number>();
      for (const p of open) {
        ids.add(p.id);
        await this.apply(p);
      }
      // Closed elsewhere (only those indexed before the read: later ones may be newer than it).
      for (const id of before) if (!ids.has(id)) this.index.remove(id);
      this.lastFullSweep = Date.now();
    } else {
      const changed = await loadPositionsChangedSince(this.db, new Date(this.reconciledAt - this.lookbackMs));
      if (!this.hooks.active()) return;
      for (const p of changed) {
        if (p.open) await this.apply(p);
        else this.index.remove(p.id);
      }
    }
    this.reconciledAt = startedAt;
    this.reconciles++;
  }

  private async apply(p: IndexedPositionData): Promise<void> {
    const from = reevaluateFrom(this.index.get(p.id), p);
    if (from === null) return;
    await this.hooks.found(this.index.upsert(p), from);
  }
}
