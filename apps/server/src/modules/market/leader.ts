// Feed leadership with several API nodes (REDIS_URL): exactly one node runs the market
// feed and writes ticks and candles; it publishes every tick on the bus, and the other
// nodes follow those ticks (so every node serves the same prices). The leader holds a
// PostgreSQL advisory lock on its own connection; when it dies the lock goes with its
// connection and another node takes over on its next try (every `retryMs`, 2 s: well
// within the 10 s goal). A leader whose lock connection stops answering steps down.
import type { Database, HeldLock } from "../../db";
import type { MarketService } from "./service";

/** Advisory lock key of the feed leader (migrations 4_242_001, settlement its own). */
export const FEED_LEADER_LOCK = 4_242_101;

export interface FeedLeaderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class FeedLeader {
  private lock: HeldLock | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private chain: Promise<void> = Promise.resolve();
  /** Times this node became the feed leader. */
  terms = 0;

  constructor(
    private readonly deps: { database: Database; market: MarketService; log: FeedLeaderLog },
    private readonly retryMs = 2000,
  ) {}

  get leading(): boolean {
    return this.lock !== null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.deps.market.setFollower(true);
    this.enqueue(() => this.tryLead());
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.enqueue(() => this.stepDown("stopping"));
    await this.chain;
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain
      .then(step)
      .catch((err) => this.deps.log.error({ err }, "market feed leadership step failed"));
  }

  private schedule(): void {
    if (!this.running || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.enqueue(() => this.tryLead());
    }, this.retryMs);
    this.timer.unref();
  }

  private async tryLead(): Promise<void> {
    if (!this.running || this.lock) return;
    let lock: HeldLock | null = null;
    try {
      lock = await this.deps.database.tryHoldLock(FEED_LEADER_LOCK);
    } catch (err) {
      this.deps.log.warn({ err }, "market: could not try the feed leader lock; will retry");
    }
    if (!lock) return this.schedule();
    if (!this.running) return lock.release();
    this.lock = lock;
    this.terms++;
    void lock.lost.then(() => {
      if (this.lock !== lock) return;
      this.deps.log.error({}, "market: feed leader lock lost; stepping down");
      this.enqueue(() => this.stepDown("lock lost"));
    });
    this.deps.market.setFollower(false);
    try {
      await this.deps.market.start();
      this.deps.log.info({ term: this.terms }, "market: this node leads the feed");
    } catch (err) {
      this.deps.log.error({ err }, "market: feed start failed; letting another node lead");
      await this.stepDown("start failed");
    }
  }

  private async stepDown(reason: string): Promise<void> {
    const lock = this.lock;
    if (!lock) return;
    this.lock = null;
    await this.deps.market.stopFeed();
    this.deps.market.setFollower(true);
    await lock.release();
    this.deps.log.info({ reason }, "market: stopped leading the feed");
    this.schedule();
  }
}
