// The spot settler, registered with the settlement engine and run by its leader: it keeps
// an index of open limit orders by symbol; a tick whose bid/ask crosses a limit queues
// that order's fill at that tick (the tick is stored on the order as evidence). A timer
// indexes orders placed on other nodes; recover() fills what crossed while no node led,
// from the recorded ticks since each order was placed.
import { limitCrosses } from "@candor/domain";
import type { FastifyBaseLogger } from "fastify";
import type { MarketService } from "../market/service";
import type { MarketTick, Settler } from "../settlement/service";
import { recordedTickPages, WorkQueue } from "../settlement/service";
import type { FillTick, SpotService } from "./service";

export const SPOT_SCAN_MS = 1000;
const SCAN_PAGE = 5000;

interface Tracked {
  id: number;
  symbol: string;
  side: "buy" | "sell";
  limitPrice: string;
  createdAt: number;
}

export interface SpotSettlerOptions {
  scanMs?: number;
  concurrency?: number;
}

export class SpotSettler implements Settler {
  readonly name = "spot";
  private readonly bySymbol = new Map<string, Map<number, Tracked>>();
  private readonly queue: WorkQueue<{ id: number; tick: FillTick }>;
  private readonly scanMs: number;
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private active = false;
  filledCount = 0;

  constructor(
    private readonly service: SpotService,
    private readonly market: MarketService,
    private readonly log: FastifyBaseLogger,
    options: SpotSettlerOptions = {},
  ) {
    this.scanMs = options.scanMs ?? SPOT_SCAN_MS;
    this.queue = new WorkQueue(({ id, tick }) => this.fillOne(id, tick), {
      concurrency: options.concurrency ?? 1,
      onError: (err, key) =>
        this.log.error({ err, spotOrderId: key }, "spot settler: fill failed; the next crossing tick retries"),
    });
  }

  async recover(): Promise<void> {
    this.active = true;
    await this.scan();
    // Orders that crossed while nobody led fill at the first recorded tick that crossed.
    for (const orders of this.bySymbol.values()) {
      for (const o of orders.values()) {
        const tick = await this.firstCrossing(o);
        if (tick) this.queue.push(o.id, { id: o.id, tick });
      }
    }
    await this.queue.drain();
    if (!this.timer) {
      this.timer = setInterval(() => void this.onTimer(), this.scanMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.queue.clear();
    await this.queue.drain();
    this.bySymbol.clear();
  }

  async onTick(tick: MarketTick): Promise<void> {
    if (!this.active) return;
    const orders = this.bySymbol.get(tick.symbol);
    if (!orders || orders.size === 0) return;
    const info = this.market.findSymbol(tick.symbol);
    if (!info) return;
    const t = this.service.fillTick(info, tick);
    for (const o of orders.values()) {
      if (tick.ts >= o.createdAt && limitCrosses(o.side, o.limitPrice, t.bid, t.ask))
        this.queue.push(o.id, { id: o.id, tick: t });
    }
  }

  track(order: { id: number; symbol: string; side: string; limitPrice: string | null; createdAt: Date }): void {
    if (!this.active || order.limitPrice === null) return;
    this.add({
      id: order.id,
      symbol: order.symbol,
      side: order.side as "buy" | "sell",
      limitPrice: order.limitPrice,
      createdAt: order.createdAt.getTime(),
    });
  }

  /** Stop watching an order (cancelled or filled elsewhere). */
  forget(id: number, symbol: string): void {
    this.bySymbol.get(symbol)?.delete(id);
  }

  idle(): Promise<void> {
    return this.queue.drain();
  }

  private add(o: Tracked): void {
    let orders = this.bySymbol.get(o.symbol);
    if (!orders) {
      orders = new Map();
      this.bySymbol.set(o.symbol, orders);
    }
    if (!orders.has(o.id)) orders.set(o.id, o);
  }

  private async fillOne(id: number, tick: FillTick): Promise<void> {
    const outcome = await this.service.fill(id, tick);
    if (outcome === "filled") this.filledCount++;
    if (outcome !== "notCrossed") {
      for (const orders of this.bySymbol.values()) orders.delete(id);
    }
  }

  private async firstCrossing(o: Tracked): Promise<FillTick | null> {
    const info = this.market.findSymbol(o.symbol);
    if (!info) return null;
    const to = Date.now() + 24 * 3_600_000;
    for await (const ticks of recordedTickPages(this.market, o.symbol, o.createdAt, to)) {
      for (const tick of ticks) {
        const t = this.service.fillTick(info, tick);
        if (limitCrosses(o.side, o.limitPrice, t.bid, t.ask)) return t;
      }
    }
    return null;
  }

  private async onTimer(): Promise<void> {
    if (!this.active) return;
    try {
      await this.scan();
    } catch (err) {
      this.log.error({ err }, "spot settler: scan failed; will retry");
    }
  }

  private scan(): Promise<void> {
    if (!this.scanning) {
      this.scanning = (async () => {
        // Every scan reads all open orders (keyset pages from id 0): an id high-water mark
        // would skip an order whose id was allocated before a higher one but committed after
        // the scan that saw the higher one.
        for (let after = 0; ; ) {
          const found = await this.service.openOrders(after, SCAN_PAGE);
          for (const o of found) {
            const known = this.bySymbol.get(o.symbol)?.has(o.id) ?? false;
            this.add(o);
            after = Math.max(after, o.id);
            // Placed on another node: a tick may have crossed before it was indexed.
            if (!known && this.active) {
              const tick = await this.firstCrossing(o);
              if (tick) this.queue.push(o.id, { id: o.id, tick });
            }
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
