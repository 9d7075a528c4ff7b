// What the quant routes call: stop one of the caller's strategies, list an order's fills,
// and present an order as an EarnOrder record (main's earn service may supply its own).
import type { EarnOrder, Lang, Page, QuantFill } from "@candor/contract";
import { DEFAULT_LANG } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db";
import { conflict, notFound } from "../../../lib/errors";
import type { MarketService } from "../../market/service";
import { earnOrders, earnProducts, quantFills } from "../schema";
import { type EarnOrderRow, stopQuantOrder } from "./engine";
import { quantView } from "./value";

const DAY_MS = 86_400_000;
const iso = (d: Date | string) => new Date(d).toISOString();
const money = (v: string) => toMoneyString(dec(v));

export interface QuantServiceDeps {
  db: Db;
  market: MarketService;
  /** The business clock (app.clock.now once it exists). */
  now: () => Date;
  /** Present an order as the earn module does (listMy's record); default: presentQuantOrder. */
  present?: (row: EarnOrderRow, lang: Lang) => Promise<EarnOrder>;
  /** Told when an order stopped (the runner forgets it). */
  onStopped?: (id: number) => void;
}

export class QuantService {
  constructor(private readonly deps: QuantServiceDeps) {}

  /** Stop one of the caller's running strategies. Another customer's → 404; not a running quant order → 409. */
  async stop(userId: number, id: number, lang: Lang): Promise<EarnOrder> {
    const [row] = await this.deps.db
      .select()
      .from(earnOrders)
      .where(and(eq(earnOrders.id, id), eq(earnOrders.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    if (row.type !== "quant" || row.status !== "running") throw conflict("quantOrderNotRunning");
    const { order, stopped } = await stopQuantOrder(this.deps.db, this.deps.market, id, "stopped", this.deps.now());
    if (!stopped || !order) throw conflict("quantOrderNotRunning");
    this.deps.onStopped?.(id);
    return this.present(order, lang);
  }

  /** Fills of one of the caller's orders, newest first. Another customer's order → 404. */
  async fills(userId: number, query: { orderId: number; pageNo: number; pageSize: number }): Promise<Page<QuantFill>> {
    const { db } = this.deps;
    const [own] = await db
      .select({ id: earnOrders.id })
      .from(earnOrders)
      .where(and(eq(earnOrders.id, query.orderId), eq(earnOrders.userId, userId)))
      .limit(1);
    if (!own) throw notFound();
    const where = eq(quantFills.orderId, query.orderId);
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(quantFills)
        .where(where)
        .orderBy(desc(quantFills.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      db.select({ n: count() }).from(quantFills).where(where),
    ]);
    const info = (symbol: string) => this.deps.market.findSymbol(symbol);
    return {
      records: rows.map((r) => {
        const places = info(r.symbol)?.pricePrecision;
        const price = (v: string) => (places === undefined ? money(v) : dec(v).toFixed(places));
        return {
          id: r.id,
          orderId: r.orderId,
          symbol: r.symbol,
          side: r.side,
          price: price(r.price),
          quantity: money(r.quantity),
          fee: money(r.fee),
          reason: r.reason,
          tickBid: price(r.tickBid),
          tickAsk: price(r.tickAsk),
          tickTs: r.tickTs,
          createdAt: iso(r.createdAt),
        };
      }),
      total: Number(totals[0]?.n ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  present(row: EarnOrderRow, lang: Lang): Promise<EarnOrder> {
    return this.deps.present ? this.deps.present(row, lang) : presentQuantOrder(this.deps, row, lang);
  }
}

/** An EarnOrder record of a quant order (the fields listMy shows). */
export async function presentQuantOrder(
  deps: Pick<QuantServiceDeps, "db" | "market" | "now">,
  row: EarnOrderRow,
  lang: Lang,
): Promise<EarnOrder> {
  const [product] = await deps.db.select().from(earnProducts).where(eq(earnProducts.id, row.productId)).limit(1);
  const now = deps.now();
  const view = quantView(row, deps.market, now.toISOString().slice(0, 10));
  const running = row.status === "running";
  return {
    id: row.id,
    productId: row.productId,
    productName: product ? (product.name[lang] ?? product.name[DEFAULT_LANG] ?? "") : "",
    type: row.type,
    currency: row.currency,
    amount: money(row.amount),
    todayIncome: view.todayIncome,
    totalIncome: view.totalIncome,
    remainingDays: running ? Math.max(0, Math.ceil((row.endAt.getTime() - now.getTime()) / DAY_MS)) : 0,
    status: row.status,
    startAt: iso(row.startAt),
    endAt: iso(row.endAt),
    termDays: row.termDays,
    dailyRate: null,
    rateBasis: "historical",
    accruedDays: row.accruedDays,
    endReason: row.endReason ?? null,
    endedAt: row.endedAt ? iso(row.endedAt) : null,
    returnedAmount: row.returnedAmount === null ? null : money(row.returnedAmount),
    earlyRedemption: row.earlyRedemption,
    hashrate: null,
    value: view.value,
    holdings: view.holdings,
    symbol: view.symbol,
    strategy: view.strategy,
  };
}
