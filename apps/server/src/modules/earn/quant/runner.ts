// The quant runner, a settler of the settlement engine (leader only): it keeps the running
// quant orders by symbol in memory, decides on each tick whether an order may act (a grid
// level crossed, a trend candle closed) and queues that order's step, which re-decides on
// the locked row at the live bid/ask and books the fills. A timer re-reads the running
// orders (orders bought on any node, stops) and ends those past their term; recover() steps
// every order once.
import { bucketStart, decideGrid, type FillRules, type KlineInterval, quoteFromMid } from "@candor/domain";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db";
import { AppError } from "../../../lib/errors";
import type { MarketService } from "../../market/service";
import type { MarketTick, Settler } from "../../settlement/service";
import { WorkQueue } from "../../settlement/service";
import { earnOrders } from "../schema";
import { type EarnOrderRow, endDueQuantOrders, fillRules, quantState, stepQuantOrder } from "./engine";

export const QUANT_SCAN_MS = 1000;

export interface QuantRunnerOptions {
  scanMs?: number;
  concurrency?: number;
  /** Business time of the fills (app.clock.now). */
  now?: () => Date;
}

export class QuantRunner implements Settler {
  readonly name = "quant";
  private readonly bySymbol = new Map<string, Map<number, EarnOrderRow>>();
  private readonly rules = new Map<string, FillRules>();
  private readonly queue: WorkQueue<number>;
  private readonly scanMs: number;
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private active = false;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly log: FastifyBaseLogger,
    options: QuantRunnerOptions = {},
  ) {
    this.scanMs = options.scanMs ?? QUANT_SCAN_MS;
    this.now = options.now ?? (() => new Date());
    this.queue = new WorkQueue((id) => this.step(id), {
      concurrency: options.concurrency ?? 1,
      // A tick during an order's step steps it once more after (the step re-decides on the
      // live price), so a level crossed or a candle closed meanwhile is not missed.
      rerunWhileRunning: true,
      onError: (err, key) => this.log.error({ err, earnOrderId: key }, "quant runner: step failed; next tick retries"),
    });
  }

  async recover(): Promise<void> {
    this.active = true;
    await this.scan();
    // Act once on the current price for every order (what crossed while nobody led).
    for (const orders of this.bySymbol.values()) for (const id of orders.keys()) this.queue.push(id, id);
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
    const info = this.market.findSymbol(tick.symbol);
    const rules = this.rules.get(tick.symbol);
    if (!orders || orders.size === 0 || !info || !rules) return;
    const q = quoteFromMid(tick.price, info.spread, info.pricePrecision);
    for (const row of orders.values()) {
      const state = quantState(row);
      const d = state.decision;
      const due =
        d.kind === "grid"
          ? decideGrid(d, { cash: row.quantCash ?? "0", qty: row.quantQty ?? "0" }, q, rules).orders.length > 0
          : d.lastCandleTime === null || bucketStart(tick.ts, d.interval as KlineInterval) > d.lastCandleTime;
      if (due) this.queue.push(row.id, row.id);
    }
  }

  /** Watch an order now (after a buy commits) instead of at the next scan. */
  async track(id: number): Promise<void> {
    if (!this.active) return;
    const [row] = await this.db.select().from(earnOrders).where(eq(earnOrders.id, id)).limit(1);
    if (row) await this.index(row);
  }

  /** Stop watching an order (stopped or ended). */
  forget(id: number): void {
    for (const orders of this.bySymbol.values()) orders.delete(id);
  }

  /** Resolves when no step is queued or running (tests). */
  idle(): Promise<void> {
    return this.queue.drain();
  }

  private async step(id: number): Promise<void> {
    let row: EarnOrderRow | null;
    try {
      row = await stepQuantOrder(this.db, this.market, id, this.now());
    } catch (err) {
      // The treasury's exposure limit refused the trade: nothing moved; a later tick retries.
      if (err instanceof AppError)
        return this.log.warn({ earnOrderId: id, key: err.key }, "quant runner: trade refused");
      throw err;
    }
    if (row && row.status === "running") await this.index(row);
    else this.forget(id);
  }

  private async index(row: EarnOrderRow): Promise<void> {
    if (row.status !== "running" || row.type !== "quant" || !row.quantState) return this.forget(row.id);
    const symbol = quantState(row).symbol;
    const info = this.market.findSymbol(symbol);
    if (!info) return;
    if (!this.rules.has(symbol)) this.rules.set(symbol, await fillRules(this.db, info));
    let orders = this.bySymbol.get(symbol);
    if (!orders) {
      orders = new Map();
      this.bySymbol.set(symbol, orders);
    }
    orders.set(row.id, row);
  }

  private async onTimer(): Promise<void> {
    if (!this.active) return;
    try {
      await this.scan();
      // Safety net for the earn module's term-end job (which may give up while the price is
      // stale): any order past its end is sold and returned as soon as there is a fresh price.
      const { ended } = await endDueQuantOrders(this.db, this.market, this.now());
      for (const id of ended) this.forget(id);
      if (ended.length > 0) this.log.info({ ended }, "quant runner: ended orders past their term");
    } catch (err) {
      this.log.error({ err }, "quant runner: scan failed; will retry");
    }
  }

  /** Re-reads every running quant order (and the fee rules); drops the ones that ended. */
  scan(): Promise<void> {
    if (!this.scanning) {
      this.scanning = (async () => {
        const rows = await this.db
          .select()
          .from(earnOrders)
          .where(and(eq(earnOrders.type, "quant"), eq(earnOrders.status, "running")));
        // Fee rules may have changed (operator settings): refreshed for every symbol in use.
        for (const symbol of new Set(rows.map((r) => (r.quantState ? quantState(r).symbol : "")))) {
          const info = symbol ? this.market.findSymbol(symbol) : undefined;
          if (info) this.rules.set(symbol, await fillRules(this.db, info));
        }
        const seen = new Set(rows.map((r) => r.id));
        for (const orders of this.bySymbol.values()) {
          for (const id of orders.keys()) if (!seen.has(id) && !this.queue.has(id)) orders.delete(id);
        }
        for (const row of rows) if (!this.queue.has(row.id)) await this.index(row);
      })().finally(() => {
        this.scanning = null;
      });
    }
    return this.scanning;
  }
}
