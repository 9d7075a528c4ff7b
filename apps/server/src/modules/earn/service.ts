// The earn module's public service: products, buying, the customer's orders and incomes,
// early redemption, and the operator's product and debt actions. Other modules use only this.
import type {
  EarnBuyBody,
  EarnIncome,
  EarnOrder,
  EarnOrderDetail,
  EarnOrderListQuery,
  EarnOrderStat,
  EarnProduct,
  EarnProductInput,
  EarnType,
  Lang,
  OperatorEarnOrder,
  OperatorEarnProduct,
  Page,
  PageQuery,
} from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { conflict } from "../../lib/errors";
import type { BusinessClock } from "../clock/service";
import { getTransferIdsByKeys } from "../ledger/service";
import type { MarketService } from "../market/service";
import { scheduleDebtStart } from "./debt/claims";
import { buy, type OrderRow, orderStat, productsById, type QuantHooks, todayIncomes, toOrder } from "./orders";
import {
  getProductRow,
  listProductRows,
  productContext,
  productValues,
  toOperatorProduct,
  toProduct,
} from "./products";
import { ownOrder, redeem } from "./redeem";
import { earnIncomes, earnOrders, earnProducts } from "./schema";

export interface EarnDeps {
  db: Db;
  clock: BusinessClock;
  market: MarketService;
  quant: QuantHooks | null;
}

const pageOf = <T>(records: T[], total: number, q: PageQuery): Page<T> => ({
  records,
  total,
  pageNo: q.pageNo,
  pageSize: q.pageSize,
});

export class EarnService {
  constructor(readonly deps: EarnDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** An order that has ended, as the "earn.order_ended" event (null while it runs). */
  async endedOrder(id: number): Promise<{ userId: number; orderId: number; reason: string } | null> {
    const [row] = await this.deps.db
      .select({ userId: earnOrders.userId, status: earnOrders.status, endReason: earnOrders.endReason })
      .from(earnOrders)
      .where(eq(earnOrders.id, id));
    if (row?.status !== "ended") return null;
    return { userId: row.userId, orderId: id, reason: row.endReason ?? "term" };
  }

  async products(lang: Lang, type?: EarnType): Promise<EarnProduct[]> {
    const ctx = await productContext(this.db, this.deps.market, lang, this.deps.clock.nowMs());
    return (await listProductRows(this.db, type)).map((r) => toProduct(r, ctx));
  }

  async product(lang: Lang, id: number): Promise<EarnProduct> {
    const ctx = await productContext(this.db, this.deps.market, lang, this.deps.clock.nowMs());
    return toProduct(await getProductRow(this.db, id), ctx);
  }

  async buy(userId: number, body: EarnBuyBody, via: "debit" | "miner", lang: Lang): Promise<EarnOrder> {
    return this.view(await buy(this.deps, userId, body, via), lang);
  }

  async redeem(userId: number, id: number, lang: Lang): Promise<EarnOrder> {
    return this.view(await redeem(this.db, this.deps.clock, userId, id), lang);
  }

  /** Rows → orders with product names and today's income. */
  async views(rows: OrderRow[], lang: Lang): Promise<EarnOrder[]> {
    const today = this.deps.clock.today();
    const products = await productsById(
      this.db,
      rows.map((r) => r.productId),
    );
    const incomes = await todayIncomes(
      this.db,
      rows.map((r) => r.id),
      today,
    );
    const nowMs = this.deps.clock.nowMs();
    return rows.map((r) => toOrder(r, products.get(r.productId), incomes.get(r.id), this.deps, nowMs, lang));
  }

  async view(row: OrderRow, lang: Lang): Promise<EarnOrder> {
    const [order] = await this.views([row], lang);
    if (!order) throw new Error("order view missing");
    return order;
  }

  async listMy(userId: number, query: EarnOrderListQuery, lang: Lang): Promise<Page<EarnOrder>> {
    return this.listWhere(and(eq(earnOrders.userId, userId), filters(query)), query, lang);
  }

  async listWhere(where: SQL | undefined, query: PageQuery, lang: Lang): Promise<Page<EarnOrder>> {
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(earnOrders)
        .where(where)
        .orderBy(desc(earnOrders.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(earnOrders).where(where),
    ]);
    return pageOf(await this.views(rows, lang), Number(totals[0]?.n ?? 0), query);
  }

  /** Totals of my orders of one product type (the fixed-term header counts fixed-term only), or of all. */
  async orderStat(userId: number, type?: EarnType): Promise<EarnOrderStat> {
    const rows = await this.db
      .select()
      .from(earnOrders)
      .where(type ? and(eq(earnOrders.userId, userId), eq(earnOrders.type, type)) : eq(earnOrders.userId, userId));
    const orders = await this.views(rows, "en-us");
    return orderStat(orders, (currency) => {
      const tick = this.deps.market.lastTick(`${currency}USDT`);
      return tick ? String(tick.price) : null;
    });
  }

  async detail(userId: number, id: number, lang: Lang): Promise<EarnOrderDetail> {
    const row = await ownOrder(this.db, userId, id);
    const [order, product, incomes] = await Promise.all([
      this.view(row, lang),
      this.product(lang, row.productId),
      this.incomes(userId, { orderId: id, pageNo: 1, pageSize: 30 }),
    ]);
    return { ...order, product, incomes: incomes.records };
  }

  async incomes(userId: number, query: PageQuery & { orderId: number }): Promise<Page<EarnIncome>> {
    await ownOrder(this.db, userId, query.orderId);
    const where = eq(earnIncomes.orderId, query.orderId);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(earnIncomes)
        .where(where)
        .orderBy(desc(earnIncomes.incomeDate), desc(earnIncomes.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(earnIncomes).where(where),
    ]);
    // The ledger transfer behind each income shares its key (none for a day that paid 0).
    const ids = await getTransferIdsByKeys(
      this.db,
      rows.map((r) => r.incomeKey),
    );
    return pageOf(
      rows.map((r) => toIncome(r, ids.get(r.incomeKey) ?? null)),
      Number(totals[0]?.n ?? 0),
      query,
    );
  }

  // ── Operator ──────────────────────────────────────────────────────────────────────

  async operatorProducts(lang: Lang, type?: EarnType): Promise<OperatorEarnProduct[]> {
    const ctx = await productContext(this.db, this.deps.market, lang, this.deps.clock.nowMs());
    return (await listProductRows(this.db, type)).map((r) => toOperatorProduct(r, ctx));
  }

  async operatorProduct(lang: Lang, id: number): Promise<OperatorEarnProduct> {
    const ctx = await productContext(this.db, this.deps.market, lang, this.deps.clock.nowMs());
    return toOperatorProduct(await getProductRow(this.db, id), ctx);
  }

  async operatorOrders(where: SQL | undefined, query: PageQuery, lang: Lang): Promise<Page<OperatorEarnOrder>> {
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(earnOrders)
        .where(where)
        .orderBy(desc(earnOrders.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(earnOrders).where(where),
    ]);
    const views = await this.views(rows, lang);
    return pageOf(
      views.map((v, i) => ({ ...v, userId: rows[i]?.userId ?? 0 })),
      Number(totals[0]?.n ?? 0),
      query,
    );
  }

  async createProduct(input: EarnProductInput, lang: Lang): Promise<OperatorEarnProduct> {
    const [row] = await this.db.insert(earnProducts).values(productValues(input, this.deps.clock.nowMs())).returning();
    if (!row) throw new Error("product insert returned nothing");
    await scheduleDebtStart(this.db, row);
    return this.operatorProduct(lang, row.id);
  }

  async updateProduct(id: number, input: EarnProductInput, lang: Lang): Promise<OperatorEarnProduct> {
    const current = await getProductRow(this.db, id);
    if (current.type !== input.type) throw conflict("earnDebtState", { state: current.type });
    const values = productValues(input, this.deps.clock.nowMs());
    // A running debt claim keeps its state and loan start; only texts and limits change.
    const { debtState: _state, loanStartAt: _start, ...editable } = values;
    await this.db
      .update(earnProducts)
      .set(current.debtState && current.debtState !== "raising" ? editable : values)
      .where(eq(earnProducts.id, id));
    return this.operatorProduct(lang, id);
  }

  async setProductStatus(id: number, status: "open" | "paused" | "ended", lang: Lang): Promise<OperatorEarnProduct> {
    await getProductRow(this.db, id);
    await this.db.update(earnProducts).set({ status, updatedAt: new Date() }).where(eq(earnProducts.id, id));
    return this.operatorProduct(lang, id);
  }
}

function filters(query: EarnOrderListQuery): SQL | undefined {
  return and(
    query.type ? eq(earnOrders.type, query.type) : undefined,
    query.status ? eq(earnOrders.status, query.status) : undefined,
  );
}

export function operatorOrderFilter(query: EarnOrderListQuery & { productId?: number; userId?: number }) {
  return and(
    filters(query),
    query.productId ? eq(earnOrders.productId, query.productId) : undefined,
    query.userId ? eq(earnOrders.userId, query.userId) : undefined,
  );
}

const toIncome = (r: typeof earnIncomes.$inferSelect, transferId: number | null): EarnIncome => ({
  id: r.id,
  orderId: r.orderId,
  date: String(r.incomeDate),
  kind: r.kind,
  amount: toMoneyString(dec(r.amount)),
  inputs: r.inputs,
  transferId,
  createdAt: new Date(r.createdAt).toISOString(),
});

// Data rights (modules/privacy): what this module holds about a customer.
export { earnOpenCount, earnUserData } from "./data-rights";
