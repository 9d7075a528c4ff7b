// The options settler, registered with the settlement engine and run by its leader. It
// keeps an in-memory index of open orders and settles each from the first recorded tick
// at or after its expiry:
// - onTick: an order of the tick's symbol whose expiry the tick reached is queued;
// - a timer (every OPTION_SCAN_MS) indexes orders bought on any node and queues the ones
//   past expiry, so nothing waits for a tick event when the deciding tick is already
//   recorded (or arrived before the order was indexed);
// - recover(): on becoming leader, every open order is tried from the recorded ticks
//   (orders that expired while no node led settle here).
// Work goes through a WorkQueue (one entry per order); onTick never throws or blocks.
import type { FastifyBaseLogger } from "fastify";
import type { MarketTick, Settler } from "../settlement/service";
import { WorkQueue } from "../settlement/service";
import type { OptionsService, SettleOutcome } from "./service";

/** How often the leader indexes new orders and queues due ones. */
export const OPTION_SCAN_MS = 500;
/** An expired order whose deciding tick is not recorded yet is retried this often by the timer (ticks retry it at once). */
export const OPTION_WAITING_RETRY_MS = 5000;
const SCAN_PAGE = 5000;

interface Tracked {
  id: number;
  symbol: string;
  expiresAt: number;
  /** Timer retries wait until then (set while the deciding tick is not recorded yet). */
  retryAt?: number;
}

export interface OptionSettlerOptions {
  scanMs?: number;
  /** Orders settled at the same time (each is its own transaction). */
  concurrency?: number;
}

export class OptionSettler implements Settler {
  readonly name = "options";
  private readonly open = new Map<number, Tracked>();
  /** The same orders by symbol (a tick looks only at its own symbol's orders). */
  private readonly bySymbol = new Map<string, Set<number>>();
  private readonly queue: WorkQueue<number>;
  private readonly scanMs: number;
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private active = false;
  /** Per symbol, the latest tick seen while leading (an order found later may be due by it already). */
  private readonly latestTs = new Map<string, number>();
  /** Settlements done by this settler (tests, logs). */
  settledCount = 0;

  constructor(
    private readonly service: OptionsService,
    private readonly log: FastifyBaseLogger,
    options: OptionSettlerOptions = {},
  ) {
    this.scanMs = options.scanMs ?? OPTION_SCAN_MS;
    this.queue = new WorkQueue<number>((id) => this.settleOne(id), {
      concurrency: options.concurrency ?? 1,
      onError: (err, key) => this.log.error({ err, optionId: key }, "options settler: settlement failed; will retry"),
    });
  }

  /** Becoming leader: index every open order, settle what the recorded ticks decide, start the timer. */
  async recover(): Promise<void> {
    this.active = true;
    this.queue.resume();
    await this.scan();
    // Every open order is tried: settle() acts only when its deciding tick is recorded.
    for (const o of this.open.values()) this.queue.push(o.id, o.id);
    await this.queue.drain();
    if (!this.timer) {
      this.timer = setInterval(() => void this.onTimer(), this.scanMs);
      this.timer.unref();
    }
  }

  /** Leadership ends: stop the timer, drop queued work (a new leader recovers it), let running work finish. */
  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.queue.clear();
    await this.queue.drain();
    this.open.clear();
    this.bySymbol.clear();
    this.latestTs.clear();
  }

  /** Orders of the tick's symbol whose expiry the tick reached can settle. */
  async onTick(tick: MarketTick): Promise<void> {
    if (!this.active) return;
    if (tick.ts > (this.latestTs.get(tick.symbol) ?? Number.NEGATIVE_INFINITY)) this.latestTs.set(tick.symbol, tick.ts);
    const ids = this.bySymbol.get(tick.symbol);
    if (!ids) return;
    for (const id of ids) {
      const o = this.open.get(id);
      if (o && o.expiresAt <= tick.ts) this.queue.push(o.id, o.id);
    }
  }

  /** A new order bought on this node: indexed at once instead of at the next scan. */
  track(order: { id: number; symbol: string; expiresAt: Date | number }): void {
    if (!this.active) return;
    const expiresAt = order.expiresAt instanceof Date ? order.expiresAt.getTime() : order.expiresAt;
    this.add({ id: order.id, symbol: order.symbol, expiresAt });
  }

  /** Indexes an order; false when it was indexed already. */
  private add(o: Tracked): boolean {
    if (this.open.has(o.id)) return false;
    this.open.set(o.id, o);
    let ids = this.bySymbol.get(o.symbol);
    if (!ids) {
      ids = new Set();
      this.bySymbol.set(o.symbol, ids);
    }
    ids.add(o.id);
    return true;
  }

  private remove(id: number): void {
    const o = this.open.get(id);
    if (!o) return;
    this.open.delete(id);
    this.bySymbol.get(o.symbol)?.delete(id);
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    return this.queue.drain();
  }

  get trackedCount(): number {
    return this.open.size;
  }

  private async settleOne(id: number): Promise<void> {
    const outcome: SettleOutcome = await this.service.settle(id);
    if (outcome === "settled") this.settledCount++;
    if (outcome === "settled" || outcome === "done") {
      this.remove(id);
      return;
    }
    const tracked = this.open.get(id);
    if (outcome === "waiting" && tracked) tracked.retryAt = Date.now() + OPTION_WAITING_RETRY_MS;
  }

  private async onTimer(): Promise<void> {
    if (!this.active) return;
    try {
      await this.scan();
      const now = Date.now();
      for (const o of this.open.values()) {
        if (o.expiresAt <= now && (o.retryAt === undefined || o.retryAt <= now)) this.queue.push(o.id, o.id);
      }
    } catch (err) {
      this.log.error({ err }, "options settler: scan failed; will retry");
    }
  }

  /**
   * Index open orders not seen yet (bought on any node). Every scan reads all open orders:
   * an id high-water mark would skip an order whose id was allocated before a higher one
   * but committed after the scan that saw the higher one. Concurrent calls share one scan.
   */
  private scan(): Promise<void> {
    if (!this.scanning) {
      this.scanning = (async () => {
        for (let after = 0; ; ) {
          const found = await this.service.openOrders(after, SCAN_PAGE);
          for (const o of found) {
            // Found after its deciding tick went by (bought on another node): settle it now.
            if (
              this.add(o) &&
              this.active &&
              (this.latestTs.get(o.symbol) ?? Number.NEGATIVE_INFINITY) >= o.expiresAt
            ) {
              this.queue.push(o.id, o.id);
            }
            after = Math.max(after, o.id);
          }
          if (found.length < SCAN_PAGE) break;
        }
      })().finally(() => {
        this.scanning = null;
      });
    }
    return this.scanning;
  }
}
