// WorkQueue: the settlers' per-item queue (see the interface notes at the top of engine.ts).

export interface WorkQueueOptions {
  /** Items processed at the same time (1 = strictly in order). */
  concurrency?: number;
  /** A work function threw: logged here; the item is dropped (retry inside `work` if needed). */
  onError?: (err: unknown, key: string) => void;
  /**
   * A push while its key is running queues the key once more, to run after it finishes (with
   * the latest item), instead of being ignored: for work that re-decides from the current
   * state, so a tick that lands during a step is not missed.
   */
  rerunWhileRunning?: boolean;
}

/**
 * Work items processed in the order they were pushed, at most `concurrency` at a time,
 * each key at most once while it is queued or running (a second push is ignored, or, with
 * `rerunWhileRunning`, a push during the run makes the key run once more after it).
 */
export class WorkQueue<T> {
  private readonly queued = new Map<string, T>();
  private readonly running = new Map<string, T>();
  /** Keys pushed again while running (rerunWhileRunning): queued when their run ends. */
  private readonly again = new Map<string, T>();
  private readonly concurrency: number;
  private idleWaiters: Array<() => void> = [];
  private paused = false;

  constructor(
    private readonly work: (item: T, key: string) => Promise<void>,
    private readonly options: WorkQueueOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  /** Queue `item` under `key`; false when that key is already queued or running. */
  push(key: string | number, item: T): boolean {
    const k = String(key);
    if (this.queued.has(k)) return false;
    if (this.running.has(k)) {
      if (!this.options.rerunWhileRunning) return false;
      this.again.set(k, item);
      return true;
    }
    this.queued.set(k, item);
    this.pump();
    return true;
  }

  has(key: string | number): boolean {
    const k = String(key);
    return this.queued.has(k) || this.running.has(k);
  }

  get size(): number {
    return this.queued.size + this.running.size + this.again.size;
  }

  /** Items waiting or in progress. */
  items(): T[] {
    return [...this.running.values(), ...this.queued.values()];
  }

  /** Resolves when nothing is queued or running. */
  drain(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drop what has not started; running items finish. Returns how many were dropped. */
  clear(): number {
    const n = this.queued.size + this.again.size;
    this.queued.clear();
    this.again.clear();
    this.settleIfIdle();
    return n;
  }

  /** Stop starting new items (running ones finish) until resume(). */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.pump();
  }

  private pump(): void {
    while (!this.paused && this.running.size < this.concurrency && this.queued.size > 0) {
      const next = this.queued.entries().next();
      if (next.done) break;
      const [key, item] = next.value;
      this.queued.delete(key);
      this.running.set(key, item);
      void this.run(key, item);
    }
  }

  private async run(key: string, item: T): Promise<void> {
    try {
      await this.work(item, key);
    } catch (err) {
      this.options.onError?.(err, key);
    } finally {
      this.running.delete(key);
      const next = this.again.get(key);
      if (next !== undefined) {
        this.again.delete(key);
        this.queued.set(key, next);
      }
      this.pump();
      this.settleIfIdle();
    }
  }

  private settleIfIdle(): void {
    if (this.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
