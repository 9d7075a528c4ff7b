// The settlement engine: one leader per deployment feeds every price tick to the
// registered settlers (futures positions, options, spot limit orders), which settle what
// the tick decides. DESIGN.md §6.
//
// ── Interface for settling modules ────────────────────────────────────────────────────
//
//   import { registerSettler, WorkQueue } from "../settlement/service";
//
//   // in the module's plugin (fastify-plugin with dependencies: ["settlement"]):
//   registerSettler(app, {
//     name: "options",                       // unique; also names its watermark rows
//     async recover() { … },                 // this node just became leader
//     async onTick(tick) { … },              // every tick while leading
//     async stop() { … },                    // optional: leadership ends (app close, lock lost)
//   });
//
// - recover(): settle everything that expired or crossed while nobody led, from recorded
//   ticks (`app.market.firstTickAtOrAfter`, `ticksBetween`), and load whatever in-memory
//   index the settler keeps. Ticks arriving meanwhile are buffered and delivered, in order,
//   once recover() has returned. If it throws, this node steps down and tries again later.
// - onTick(tick): called synchronously from the tick path and NOT awaited. Decide fast
//   (in memory), put the work in a queue (WorkQueue below: in order, one entry per item,
//   bounded concurrency) and return. It must never throw (a rejection is only logged).
// - stop(): finish or drop queued work and stop timers; called before the lock is
//   released, so no two leaders run a settler's queue at the same time on purpose.
//
// The lock's connection has a lease (a heartbeat every second, TCP keepalive on both ends):
// when it stops answering, `lost` resolves and this node steps down — settlers stopped,
// then the connection closed, which frees the lock for another node within seconds.
//
// Correctness never depends on being the only leader: each settlement is its own
// ledger transaction with an idempotency key (`settle:position:<id>:…`,
// `settle:option:<id>:…`, `fill:spot:<id>:…`) and a status change guarded by
// `WHERE status = 'open'`, so a restart, a lost lock or a second node can never settle
// anything twice. Leadership (a PostgreSQL session advisory lock held on a dedicated
// connection; on PGlite the single process always leads) only avoids duplicate work.
//
// The engine itself: `app.settlement` (SettlementEngine) — start() on ready, stop() on
// close, `isLeader`, `status()`. Nodes that do not lead retry every `retryMs`.
import type { FastifyBaseLogger } from "fastify";
import type { Database, HeldLock, HoldLockOptions } from "../../db";
import type { Unsubscribe } from "../../lib/event-bus";
import type { MarketTick } from "../market/service";

export type { MarketTick } from "../market/service";

export interface Settler {
  /** Unique name (logs, status, watermark rows). */
  readonly name: string;
  /** This node became leader: load state and settle what was missed, from recorded ticks. */
  recover(): Promise<void>;
  /** A tick while leading. Called without awaiting: queue the work, never throw. */
  onTick(tick: MarketTick): Promise<void>;
  /** Leadership ends: finish or drop queued work, clear timers. */
  stop?(): Promise<void>;
}

/** PostgreSQL advisory lock key of the settlement leader (migrations use 4_242_001). */
export const SETTLEMENT_LOCK_KEY = 4_242_006;
/** Ticks kept per settler while it recovers; older ones are dropped (counted in status). */
const RECOVERY_BUFFER_MAX = 50_000;

export interface SettlementEngineDeps {
  database: Database;
  market: { onTick(handler: (tick: MarketTick) => void): Unsubscribe };
  log: FastifyBaseLogger;
  lockKey?: number;
  /** How often a node that does not lead tries to take over (ms). */
  retryMs?: number;
  /** The leader lock's lease (heartbeat on its connection; see Database.tryHoldLock). */
  lease?: HoldLockOptions;
}

interface SettlerState {
  settler: Settler;
  /** recover() finished in the current term: ticks go straight to onTick. */
  ready: boolean;
  buffer: MarketTick[];
  dropped: number;
}

export interface SettlementStatus {
  leader: boolean;
  running: boolean;
  database: "pglite" | "postgres";
  settlers: Array<{ name: string; ready: boolean }>;
  /** Times this node became leader. */
  terms: number;
  leaderSince: string | null;
  ticks: number;
  errors: number;
}

export class SettlementEngine {
  private readonly settlers = new Map<string, SettlerState>();
  private readonly lockKey: number;
  private readonly retryMs: number;
  private lock: HeldLock | null = null;
  private offTick: Unsubscribe | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private running = false;
  private leading = false;
  private term = 0;
  private leaderSince: Date | null = null;
  /** Leadership changes run one at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  private ticks = 0;
  private errors = 0;

  constructor(private readonly deps: SettlementEngineDeps) {
    this.lockKey = deps.lockKey ?? SETTLEMENT_LOCK_KEY;
    this.retryMs = deps.retryMs ?? 2000;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Adds a settler; if this node leads already, it recovers at once. */
  register(settler: Settler): Unsubscribe {
    if (this.settlers.has(settler.name)) throw new Error(`settler ${settler.name} is registered twice`);
    const state: SettlerState = { settler, ready: false, buffer: [], dropped: 0 };
    this.settlers.set(settler.name, state);
    if (this.leading) void this.recoverOne(state, this.term);
    return () => {
      if (this.settlers.get(settler.name) !== state) return;
      this.settlers.delete(settler.name);
      if (this.leading) void this.stopOne(state);
    };
  }

  /** Start competing for leadership (on app ready). */
  start(): Promise<void> {
    if (this.running) return this.chain;
    this.running = true;
    return this.enqueue(() => this.tryLead());
  }

  /** Stop leading and competing (on app close): settlers stop, the lock is released, no timer is left. */
  stop(): Promise<void> {
    this.running = false;
    this.clearRetry();
    return this.enqueue(() => this.stepDown("stopped"));
  }

  status(): SettlementStatus {
    return {
      leader: this.leading,
      running: this.running,
      database: this.deps.database.kind,
      settlers: [...this.settlers.values()].map((s) => ({ name: s.settler.name, ready: s.ready })),
      terms: this.term,
      leaderSince: this.leaderSince?.toISOString() ?? null,
      ticks: this.ticks,
      errors: this.errors,
    };
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step, step);
    return this.chain;
  }

  private scheduleRetry(): void {
    if (!this.running || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.enqueue(() => this.tryLead());
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async tryLead(): Promise<void> {
    if (!this.running || this.leading) return;
    let lock: HeldLock | null = null;
    try {
      lock = await this.deps.database.tryHoldLock(this.lockKey, this.deps.lease);
    } catch (err) {
      this.errors++;
      this.deps.log.warn({ err }, "settlement: could not try the leader lock; will retry");
    }
    if (!lock) return this.scheduleRetry();
    if (!this.running) return lock.release();

    this.lock = lock;
    this.leading = true;
    this.term++;
    this.leaderSince = new Date();
    const term = this.term;
    void lock.lost.then(() => {
      if (this.lock !== lock) return;
      this.deps.log.error("settlement: leader connection lost; stepping down");
      void this.enqueue(() => this.stepDown("lock lost"));
    });
    for (const state of this.settlers.values()) {
      state.ready = false;
      state.buffer = [];
    }
    this.offTick = this.deps.market.onTick((tick) => this.deliver(tick));
    this.deps.log.info({ term, settlers: [...this.settlers.keys()] }, "settlement: leading");
    const recovered = await Promise.all([...this.settlers.values()].map((s) => this.recoverOne(s, term)));
    if (recovered.includes(false) && this.term === term && this.leading) {
      // A settler could not catch up (database trouble): let another node, or a later try, do it.
      await this.stepDown("recovery failed");
    }
  }

  /** Runs one settler's recover() and then hands it the ticks that arrived meanwhile. */
  private async recoverOne(state: SettlerState, term: number): Promise<boolean> {
    try {
      await state.settler.recover();
    } catch (err) {
      this.errors++;
      this.deps.log.error({ err, settler: state.settler.name }, "settlement: recovery failed");
      return false;
    }
    if (this.term !== term || !this.leading || this.settlers.get(state.settler.name) !== state) return true;
    // Deliver what was buffered; deliver() appends to the buffer until ready is set.
    while (state.buffer.length > 0) {
      const buffered = state.buffer;
      state.buffer = [];
      for (const tick of buffered) this.call(state, tick);
    }
    state.ready = true;
    return true;
  }

  private async stopOne(state: SettlerState): Promise<void> {
    state.ready = false;
    state.buffer = [];
    try {
      await state.settler.stop?.();
    } catch (err) {
      this.errors++;
      this.deps.log.error({ err, settler: state.settler.name }, "settlement: settler stop failed");
    }
  }

  private async stepDown(reason: string): Promise<void> {
    if (!this.leading) return;
    this.leading = false;
    this.leaderSince = null;
    this.offTick?.();
    this.offTick = null;
    await Promise.all([...this.settlers.values()].map((s) => this.stopOne(s)));
    const lock = this.lock;
    this.lock = null;
    await lock?.release();
    this.deps.log.info({ reason }, "settlement: stopped leading");
    this.scheduleRetry();
  }

  private deliver(tick: MarketTick): void {
    this.ticks++;
    for (const state of this.settlers.values()) {
      if (state.ready) {
        this.call(state, tick);
      } else {
        state.buffer.push(tick);
        if (state.buffer.length > RECOVERY_BUFFER_MAX) {
          state.buffer.shift();
          state.dropped++;
        }
      }
    }
  }

  private call(state: SettlerState, tick: MarketTick): void {
    const fail = (err: unknown) => {
      this.errors++;
      this.deps.log.error({ err, settler: state.settler.name, symbol: tick.symbol }, "settlement: onTick failed");
    };
    try {
      state.settler.onTick(tick).catch(fail);
    } catch (err) {
      fail(err);
    }
  }
}

/** Registers a settler on the app's engine (see the interface notes at the top of this file). */
export function registerSettler(app: { settlement: SettlementEngine }, settler: Settler): Unsubscribe {
  return app.settlement.register(settler);
}

export { WorkQueue, type WorkQueueOptions } from "./work-queue";
