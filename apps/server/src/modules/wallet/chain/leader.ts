// One chain watcher per deployment: the node holding a PostgreSQL advisory lock runs the
// rounds (PGlite: the one process leads), the others retry for the lock every `retryMs`.
// The lock only decides who does the work; the writes themselves are guarded in the
// database (store.ts), so a leader that loses its lock mid-round cannot record or credit
// anything twice.
import type { Database, HeldLock } from "../../../db";
import type { EvmWatcher, WatcherLog } from "./watcher";

/** Advisory lock key of the chain watcher (migrations 4_242_001, feed 4_242_101). */
export const CHAIN_WATCH_LOCK = 4_242_301;

export class ChainWatchLeader {
  private lock: HeldLock | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Rounds completed and failed by this node. */
  rounds = 0;
  failures = 0;

  constructor(
    private readonly deps: {
      database: Database;
      watcher: EvmWatcher;
      log: WatcherLog;
      /** More work for the leader after each round (on-chain payouts and sweeps). */
      afterRound?: () => Promise<void>;
    },
    private readonly timing: { pollMs: number; retryMs: number },
  ) {}

  get leading(): boolean {
    return this.lock !== null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /** Runs the next round now instead of after the poll interval. */
  poke(): void {
    this.wake?.();
  }

  /** Resolves when this node's watcher has processed block `n` (tests, the bench). */
  async waitForBlock(n: number, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.deps.watcher.processedBlock < n) {
      if (Date.now() > until) throw new Error(`chain watcher did not reach block ${n} within ${timeoutMs} ms`);
      this.poke();
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private async run(): Promise<void> {
    const { log } = this.deps;
    while (this.running) {
      if (!this.lock && !(await this.tryLead())) {
        await this.sleep(this.timing.retryMs);
        continue;
      }
      try {
        const r = await this.deps.watcher.round();
        this.rounds++;
        if (r.recorded + r.credited + r.voided > 0) log.info({ ...r }, "chain: round");
        await this.deps.afterRound?.();
      } catch (err) {
        this.failures++;
        log.warn({ err }, "chain: watcher round failed; trying again");
      }
      await this.sleep(this.timing.pollMs);
    }
    const lock = this.lock;
    this.lock = null;
    await lock?.release();
  }

  private async tryLead(): Promise<boolean> {
    let lock: HeldLock | null = null;
    try {
      lock = await this.deps.database.tryHoldLock(CHAIN_WATCH_LOCK);
    } catch (err) {
      this.deps.log.warn({ err }, "chain: could not try the watcher lock; will retry");
    }
    if (!lock) return false;
    this.lock = lock;
    void lock.lost.then(() => {
      if (this.lock !== lock) return;
      this.deps.log.error({}, "chain: watcher lock lost; stepping down");
      this.lock = null;
      void lock.release();
    });
    this.deps.log.info({}, "chain: this node watches the chain");
    return true;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
