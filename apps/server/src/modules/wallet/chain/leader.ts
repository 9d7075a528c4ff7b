// One chain watcher per deployment: the node holding a PostgreSQL advisory lock runs the
// rounds (PGlite: the one process leads), the others retry for the lock every `retryMs`.
// The lock only decides who does the work; the writes themselves are guarded in the
// database (store.ts), so a leader that loses its lock mid-round cannot record or credit
// anything twice.
import type { Database, HeldLock } from "../../../db";
import type { EvmWatcher, WatcherLog } from "./watcher";

/** Advisory lock key of the chain watcher (migrations 4_242_001, feed 4_242_101). */
export const CHAIN_WATCH_LOCK = 4_242_301;

/** Longest wait between rounds while the node keeps failing. */
export const BACKOFF_CAP_MS = 30_000;

/**
 * The wait after the `failures`-th failure in a row: the poll interval doubled per failure,
 * capped, with "equal jitter" (half fixed, half random) so that nodes restarted together do
 * not hit the RPC node in step.
 */
export function backoffMs(failures: number, pollMs: number, capMs = BACKOFF_CAP_MS, random = Math.random): number {
  const base = Math.min(capMs, Math.max(pollMs, 1) * 2 ** Math.min(failures, 30));
  return Math.round(base / 2 + (random() * base) / 2);
}

/** What an operator sees of the watcher on this node (GET /api/operator/wallet/chain/status). */
export interface WatchStatus {
  leading: boolean;
  /** The chain's head and the last block fully handled, as of the last good round. */
  head: number | null;
  processedBlock: number | null;
  lag: number | null;
  lastRoundAt: string | null;
  /** Failing rounds in a row (0: healthy), the first one's time and the last error. */
  failures: number;
  failingSince: string | null;
  lastError: string | null;
  /** While failing: when the next round runs. */
  nextRoundAt: string | null;
}

export class ChainWatchLeader {
  private lock: HeldLock | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Rounds completed and failed by this node. */
  rounds = 0;
  failures = 0;
  /** Failures in a row since the last good round (the backoff's exponent). */
  private failingInARow = 0;
  private failingSince: Date | null = null;
  private lastError: string | null = null;
  private nextRoundAt: Date | null = null;
  private last: { head: number; processedBlock: number; at: Date } | null = null;

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

  /** The watcher's state on this node, for operators. */
  status(): WatchStatus {
    const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
    return {
      leading: this.leading,
      head: this.last?.head ?? null,
      processedBlock: this.last?.processedBlock ?? null,
      lag: this.last ? Math.max(0, this.last.head - this.last.processedBlock) : null,
      lastRoundAt: iso(this.last?.at),
      failures: this.failingInARow,
      failingSince: iso(this.failingSince),
      lastError: this.failingInARow > 0 ? this.lastError : null,
      nextRoundAt: this.failingInARow > 0 ? iso(this.nextRoundAt) : null,
    };
  }

  /** Runs the next round now instead of after the poll interval. */
  poke(): void {
    if (this.failingInARow > 0) return; // backing off: the RPC node is not hurried
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
      let wait = this.timing.pollMs;
      try {
        const r = await this.deps.watcher.round();
        this.rounds++;
        this.last = { head: r.head, processedBlock: r.processedBlock, at: new Date() };
        if (this.failingInARow > 0) {
          log.info(
            { failures: this.failingInARow, since: this.failingSince?.toISOString() },
            "chain: the RPC node answers again; watching at the normal pace",
          );
          this.failingInARow = 0;
          this.failingSince = null;
          this.nextRoundAt = null;
        }
        if (r.recorded + r.credited + r.voided > 0) log.info({ ...r }, "chain: round");
        await this.deps.afterRound?.();
      } catch (err) {
        this.failures++;
        this.failingInARow++;
        this.lastError = this.deps.watcher.describeError(err);
        wait = backoffMs(this.failingInARow, this.timing.pollMs);
        this.nextRoundAt = new Date(Date.now() + wait);
        // Logged when it starts failing, not for every failed round (the status shows the rest).
        if (this.failingInARow === 1) {
          this.failingSince = new Date();
          log.warn({ err }, "chain: watcher round failed; backing off (up to 30 s) until the RPC node answers");
        }
      }
      await this.sleep(wait);
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
