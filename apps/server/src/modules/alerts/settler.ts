// The price alerts' settler: the settlement leader (modules/settlement) hands it every
// recorded tick, in order, once. It keeps every alert in memory, per symbol, in sorted
// threshold books (packages/domain ThresholdBook), so a tick costs O(log n + alerts that
// change state) and no query. An alert that fires or is re-armed is written in order by one
// chain of updates guarded by its stored state (`WHERE armed`), so a crossing fires once
// even across a restart or a change of leader (recover() reloads the stored state).
// New and deleted alerts reach the leader on "alerts.changed".
import type { Lang } from "@candor/contract";
import { move24hPercent, type PriceAlertKind, ThresholdBook } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db";
import type { EventBus } from "../../lib/event-bus";
import type { MarketTick, Settler } from "../settlement/service";
import type { AlertChangedEvent, AlertFiredEvent } from "./events";
import type { PushService } from "./push";
import { priceAlerts } from "./schema";
import { renderAlert } from "./texts";

interface Indexed {
  id: number;
  userId: number;
  symbol: string;
  kind: PriceAlertKind;
  value: string;
}

interface Books {
  above: ThresholdBook;
  below: ThresholdBook;
  move: ThresholdBook;
}

export interface AlertSettlerDeps {
  db: Db;
  log: FastifyBaseLogger;
  bus: Pick<EventBus<{ "alerts.fired": AlertFiredEvent }>, "publish">;
  push: PushService;
  price24hAgo(symbol: string, ts: number): Promise<number | null>;
  /** Where a notice opens in the app. */
  url(symbol: string): string;
}

const MINUTE = 60_000;
const plain = (v: string) => (v.includes(".") ? v.replace(/\.?0+$/, "") : v);

export class AlertSettler implements Settler {
  readonly name = "price-alerts";
  private readonly alerts = new Map<number, Indexed>();
  private readonly books = new Map<string, Books>();
  /** The 24-hour reference price per symbol, refreshed once a minute (move24h). */
  private readonly refs = new Map<string, { minute: number; ref: number | null }>();
  private chain: Promise<void> = Promise.resolve();
  private readonly pending = new Set<Promise<unknown>>();
  private active = false;
  readonly stats = { ticks: 0, fired: 0, rearmed: 0, skipped: 0 };

  constructor(private readonly deps: AlertSettlerDeps) {}

  get isLeading(): boolean {
    return this.active;
  }

  get size(): number {
    return this.alerts.size;
  }

  async recover(): Promise<void> {
    this.clear();
    const rows = await this.deps.db.select().from(priceAlerts);
    for (const r of rows) this.add({ ...r, value: plain(r.value) }, r.armed);
    const now = Date.now();
    await Promise.all([...this.books.entries()].filter(([, b]) => b.move.size > 0).map(([s]) => this.loadRef(s, now)));
    this.active = true;
  }

  async stop(): Promise<void> {
    this.active = false;
    await this.idle();
    this.clear();
  }

  /** Resolves when every state change and notice queued so far is done (tests). */
  async idle(): Promise<void> {
    for (;;) {
      await this.chain;
      if (this.pending.size === 0) return;
      await Promise.allSettled([...this.pending]);
    }
  }

  /** An alert created or deleted anywhere ("alerts.changed"). */
  changed(e: AlertChangedEvent): void {
    if (!this.active) return;
    if (e.deleted) {
      this.remove(e.id);
      return;
    }
    if (this.alerts.has(e.id)) return;
    this.add(e, e.armed);
    if (e.kind === "move24h" && !this.refs.has(e.symbol)) this.track(this.loadRef(e.symbol, Date.now()));
  }

  async onTick(tick: MarketTick): Promise<void> {
    if (!this.active) return;
    const books = this.books.get(tick.symbol);
    if (!books) return;
    this.stats.ticks++;
    const price = Number(tick.price);
    const changes = [books.above.observe(price), books.below.observe(price)];
    if (books.move.size > 0) {
      const move = move24hPercent(price, this.ref(tick.symbol, tick.ts));
      if (move !== null) changes.push(books.move.observe(move));
    }
    for (const { fired, rearmed } of changes) {
      for (const id of rearmed) this.enqueue(() => this.rearm(id));
      for (const id of fired) this.enqueue(() => this.fire(id, tick));
    }
  }

  private add(a: Indexed, armed: boolean): void {
    const indexed: Indexed = { id: a.id, userId: a.userId, symbol: a.symbol, kind: a.kind, value: a.value };
    this.alerts.set(a.id, indexed);
    let books = this.books.get(a.symbol);
    if (!books) {
      books = { above: new ThresholdBook(true), below: new ThresholdBook(false), move: new ThresholdBook(true) };
      this.books.set(a.symbol, books);
    }
    this.bookOf(books, a.kind).add(a.id, Number(a.value), armed);
  }

  private remove(id: number): void {
    const a = this.alerts.get(id);
    if (!a) return;
    this.alerts.delete(id);
    const books = this.books.get(a.symbol);
    if (books) this.bookOf(books, a.kind).remove(id, Number(a.value));
  }

  private bookOf(books: Books, kind: PriceAlertKind): ThresholdBook {
    return kind === "above" ? books.above : kind === "below" ? books.below : books.move;
  }

  private clear(): void {
    this.alerts.clear();
    this.books.clear();
    this.refs.clear();
  }

  private ref(symbol: string, ts: number): number | null {
    const minute = Math.floor(ts / MINUTE);
    const known = this.refs.get(symbol);
    if (!known || known.minute !== minute) {
      // Keep the last one while the next minute's is read (at most once a minute per symbol).
      this.refs.set(symbol, { minute, ref: known?.ref ?? null });
      this.track(this.loadRef(symbol, ts));
    }
    return this.refs.get(symbol)?.ref ?? null;
  }

  private async loadRef(symbol: string, ts: number): Promise<void> {
    try {
      const ref = await this.deps.price24hAgo(symbol, ts);
      this.refs.set(symbol, { minute: Math.floor(ts / MINUTE), ref });
    } catch (err) {
      this.deps.log.warn({ err, symbol }, "price alerts: the 24-hour reference price could not be read");
    }
  }

  private track(p: Promise<unknown>): void {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private enqueue(work: () => Promise<void>): void {
    this.chain = this.chain.then(work).catch((err) => {
      this.stats.skipped++;
      this.deps.log.error({ err }, "price alerts: storing an alert's state failed");
    });
  }

  private async rearm(id: number): Promise<void> {
    await this.deps.db
      .update(priceAlerts)
      .set({ armed: true })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.armed, false)));
    this.stats.rearmed++;
  }

  private async fire(id: number, tick: MarketTick): Promise<void> {
    // Guarded by the stored state: a crossing already fired (another leader, a replay) does nothing.
    const [row] = await this.deps.db
      .update(priceAlerts)
      .set({
        armed: false,
        fireCount: sql`${priceAlerts.fireCount} + 1`,
        lastFiredAt: new Date(tick.ts),
        lastFiredPrice: tick.price,
      })
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.armed, true)))
      .returning();
    if (!row) return;
    this.stats.fired++;
    const event: AlertFiredEvent = {
      userId: row.userId,
      alertId: row.id,
      symbol: row.symbol,
      kind: row.kind,
      value: plain(row.value),
      price: tick.price,
      fireCount: row.fireCount,
      firedAt: new Date(tick.ts).toISOString(),
    };
    this.deps.bus.publish("alerts.fired", event);
    // Web Push once, from the leader (the socket notice goes out on every node from the event).
    const url = this.deps.url(row.symbol);
    this.track(
      this.deps.push
        .send(row.userId, (lang: Lang) => ({ ...notice(event, lang), url }))
        .catch((err) => this.deps.log.warn({ err }, "price alerts: push failed")),
    );
  }
}

/** The notice of a fired alert (socket frame and push payload, without the url). */
export function notice(e: AlertFiredEvent, lang: Lang) {
  return {
    alertId: e.alertId,
    symbol: e.symbol,
    kind: e.kind,
    value: e.value,
    price: e.price,
    ...renderAlert(lang, e),
  };
}
