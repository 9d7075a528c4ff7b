// The settlement engine: one leader per deployment feeds every price tick to the
// registered settlers (futures positions, options, spot limit orders, pledge loans, quant
// orders, contest rankings), which settle what the tick decides. docs/product.md §6.
//
// ── Where the ticks come from (issue 32 §3: a gap-free pipeline) ──────────────────────
//
// Not from the bus. The feed leader records every tick in market_ticks (one batch at a
// time, group commit) and only then publishes it, with its `seq` (market_ticks.id). The
// leader here reads the recorded sequence from its cursor (tick-sequence.ts: `seq > cursor
// ORDER BY seq`, page by page) and hands each tick, in order, once, to every settler; the
// cursor is persisted after each page (settlement_cursor), so the next leader resumes from
// it. A tick on the bus only wakes the reader; a timer (`pollMs`, 200 ms) reads anyway, so a
// tick lost on Redis, or published while leadership was changing hands, is still
// evaluated, late by at most a poll. Sequence holes (a seq that commits after a higher one,
// or never) are waited for, then passed: see tick-sequence.ts; with the single feed writer
// its commits come in seq order. `lag()` says how far behind the settlers are (in ticks
// and ms) and is part of the operator status.
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
//   index the settler keeps. The cursor is read before it and the sequence is read after
//   it, so the ticks recorded meanwhile are delivered, in order, once recover() has
//   returned (a settler registered later buffers them). If it throws, this node steps down
//   and tries again later.
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
import { type SettlementLag, TickSequence } from "./tick-sequence";

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SettlementEngineDeps {
  database: Database;
  market: {
    /** Wake-ups: the ticks on the bus (with their `seq` once recorded). */
    onTick(handler: (tick: MarketTick) => void): Unsubscribe;
    /** The recorded sequence after `seq`, oldest first. */
    ticksAfter(seq: number, limit: number): Promise<MarketTick[]>;
    lastRecordedSeq(): Promise<number>;
    /** Write the ticks this node ingested and has not recorded yet. */
    flushTicks(): Promise<number>;
  };
  log: FastifyBaseLogger;
  lockKey?: number;
  /** How often a node that does not lead tries to take over (ms). */
  retryMs?: number;
  /** The leader lock's lease (heartbeat on its connection; see Database.tryHoldLock). */
  lease?: HoldLockOptions;
  /** How often the leader reads the recorded sequence without a wake-up (ms). */
  pollMs?: number;
  /** How long a missing seq is waited for before it is passed (ms). */
  holeWaitMs?: number;
  /** Its cursor's row in settlement_cursor (tests running a second engine on one database). */
  cursorName?: string;
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
  /** Settler lag behind the recorded sequence (null when this node does not lead). */
  lag: SettlementLag | null;
  /** Seqs passed as holes (never recorded, rolled back or pruned). */
  skippedSeqs: number;
}

export class SettlementEngine {
  private readonly settlers = new Map<string, SettlerState>();
  private readonly lockKey: number;
  private readonly retryMs: number;
  private lock: HeldLock | null = null;
  private offTick: Unsubscribe | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private readonly sequence: TickSequence;
  private readonly pollMs: number;
  private retryTimer: NodeJS.Timeout | null = null;
  private running = false;
  private leading = false;
  private term = 0;
  private leaderSince: Date | null = null;
  /** Leadership changes run one at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  private ticks = 0;
  private errors = 0;
  /** Test hook: the next N ticks from the bus are lost on their way to this node's engine (wake-ups only). */
  dropBusTicks = 0;

  constructor(private readonly deps: SettlementEngineDeps) {
    this.lockKey = deps.lockKey ?? SETTLEMENT_LOCK_KEY;
    this.retryMs = deps.retryMs ?? 2000;
    this.pollMs = deps.pollMs ?? 200;
    this.sequence = new TickSequence(deps.database, deps.market, (tick) => this.deliver(tick), {
      ...(deps.holeWaitMs === undefined ? {} : { holeWaitMs: deps.holeWaitMs }),
      ...(deps.cursorName === undefined ? {} : { cursorName: deps.cursorName }),
      onError: (err) => {
        this.errors++;
        this.deps.log.warn({ err }, "settlement: reading recorded ticks failed; the next poll retries");
      },
    });
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

  /** status() with the settler lag read from the database (the operator endpoint). */
  async statusWithLag(): Promise<SettlementStatus> {
    return { ...this.status(), lag: this.leading ? await this.lag() : null };
  }

  /** Settler lag behind the recorded sequence: ticks not yet delivered, and how old the oldest is. */
  lag(): Promise<SettlementLag> {
    return this.sequence.lag();
  }

  /**
   * Resolves when every tick ingested on this node so far is recorded and, when this node
   * leads, delivered to the settlers (tests, tools; then a settler's idle() means settled).
   */
  async caughtUp(timeoutMs = 10_000): Promise<void> {
    await this.deps.market.flushTicks();
    await this.chain;
    if (!this.leading) return;
    const head = await this.deps.market.lastRecordedSeq();
    const deadline = Date.now() + timeoutMs;
    while (this.leading && this.sequence.cursor < head) {
      await this.sequence.read();
      if (this.sequence.cursor >= head) break;
      if (Date.now() > deadline)
        throw new Error(`settlement: not caught up (cursor ${this.sequence.cursor} < ${head})`);
      await sleep(20); // a hole being waited for
    }
  }

  /** Leadership and counters; `lag` is only read by statusWithLag(). */
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
      lag: null,
      skippedSeqs: this.sequence.skipped,
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
    try {
      // The cursor first: what is recorded while the settlers recover is read after.
      await this.sequence.begin();
    } catch (err) {
      this.errors++;
      this.deps.log.error({ err }, "settlement: could not read the tick cursor");
      return this.stepDown("cursor unreadable");
    }
    this.deps.log.info(
      { term, settlers: [...this.settlers.keys()], cursor: this.sequence.cursor },
      "settlement: leading",
    );
    const recovered = await Promise.all([...this.settlers.values()].map((s) => this.recoverOne(s, term)));
    if (recovered.includes(false) && this.term === term && this.leading) {
      // A settler could not catch up (database trouble): let another node, or a later try, do it.
      return this.stepDown("recovery failed");
    }
    if (this.term !== term || !this.leading) return;
    this.offTick = this.deps.market.onTick((tick) => {
      if (this.dropBusTicks > 0) {
        this.dropBusTicks--;
        return;
      }
      this.sequence.wake(tick.seq);
    });
    this.pollTimer = setInterval(() => this.sequence.wake(), this.pollMs);
    this.pollTimer.unref();
    this.sequence.wake();
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
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    await this.sequence.end();
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
