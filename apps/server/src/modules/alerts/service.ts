// Price alerts (issue 34 §5): the customer's alerts (create, list, delete); the settlement
// leader evaluates them on recorded ticks (./settler.ts) and delivers a fired one to the
// inbox (content module, on "alerts.fired"), to the open app sockets and by Web Push.
import { MAX_ALERTS_PER_USER, type PriceAlert } from "@candor/contract";
import { alertConditionMet, type PriceAlertKind } from "@candor/domain";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { EventBus } from "../../lib/event-bus";
import type { AlertChangedEvent } from "./events";
import { priceAlerts } from "./schema";

export type { AlertChangedEvent, AlertFiredEvent } from "./events";
export { alertMessages } from "./messages";
export { PRICE_ALERT_TEXT, renderAlert } from "./texts";

export interface AlertsMarket {
  findSymbol(symbol: string): { symbol: string } | undefined;
  lastTick(symbol: string): { price: string; ts: number } | null | undefined;
}

export interface AlertsDeps {
  db: Db;
  bus: Pick<EventBus<{ "alerts.changed": AlertChangedEvent }>, "publish">;
  market: AlertsMarket;
  /** The price 24 hours before `ts` (move24h alerts), null when unknown. */
  price24hAgo(symbol: string, ts: number): Promise<number | null>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const plain = (v: string) => (v.includes(".") ? v.replace(/\.?0+$/, "") : v);

export class AlertsService {
  constructor(private readonly deps: AlertsDeps) {}

  async create(userId: number, body: { symbol: string; kind: PriceAlertKind; value: string }): Promise<{ id: number }> {
    const info = this.deps.market.findSymbol(body.symbol);
    if (!info) throw badRequest("marketUnknownSymbol", { symbol: body.symbol });
    const [n] = await this.deps.db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    if ((n?.n ?? 0) >= MAX_ALERTS_PER_USER) throw conflict("alertsTooMany", { max: MAX_ALERTS_PER_USER });
    // Created while the condition already holds: disarmed, it waits for a new crossing.
    const last = this.deps.market.lastTick(info.symbol);
    let armed = true;
    if (last) {
      const price = Number(last.price);
      const ref = body.kind === "move24h" ? await this.deps.price24hAgo(info.symbol, last.ts) : null;
      armed = !alertConditionMet(body.kind, Number(body.value), price, ref);
    }
    const [row] = await this.deps.db
      .insert(priceAlerts)
      .values({ userId, symbol: info.symbol, kind: body.kind, value: body.value, armed })
      .returning();
    const created = row as typeof priceAlerts.$inferSelect;
    this.deps.bus.publish("alerts.changed", {
      id: created.id,
      userId,
      symbol: created.symbol,
      kind: body.kind,
      value: plain(created.value),
      armed,
      deleted: false,
    });
    return { id: created.id };
  }

  async list(userId: number): Promise<PriceAlert[]> {
    const rows = await this.deps.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, userId))
      .orderBy(asc(priceAlerts.id));
    return rows.map((r) => ({
      id: r.id,
      symbol: r.symbol,
      kind: r.kind,
      value: plain(r.value),
      armed: r.armed,
      lastFiredAt: iso(r.lastFiredAt),
      lastFiredPrice: r.lastFiredPrice === null ? null : plain(r.lastFiredPrice),
      createdAt: (r.createdAt as Date).toISOString(),
    }));
  }

  /** Another customer's alert answers 404, like one that does not exist. */
  async delete(userId: number, id: number): Promise<{ id: number }> {
    const [row] = await this.deps.db
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning();
    if (!row) throw notFound();
    this.deps.bus.publish("alerts.changed", {
      id,
      userId,
      symbol: row.symbol,
      kind: row.kind,
      value: plain(row.value),
      armed: row.armed,
      deleted: true,
    });
    return { id };
  }
}
