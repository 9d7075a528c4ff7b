// Buying earn products and reading the customer's orders. Buying reserves the product's
// remaining amount and checks the per-customer limit under the product row's lock, moves the
// amount out of available in the same transaction (fixed-term, debt and strategies into the
// customer's `earn` account; mining pays the platform for hashrate), and schedules the end of
// the term on the business clock. Idempotent by clientRequestId.

import type { EarnBuyBody, EarnOrder, EarnOrderStat, EarnType, Lang } from "@candor/contract";
import { dec, exceedsPrecision, toMoneyString } from "@candor/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, forbidden } from "../../lib/errors";
import { enqueueJob } from "../../lib/jobs";
import { type BusinessClock, DAY_MS } from "../clock/service";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import { getUserById } from "../users/service";
import { findCurrency } from "../wallet/service";
import type { QuantHooks } from "./kind";
import { kindOf } from "./kinds";
import { localize, type OrderRow, type ProductRow } from "./model";
import { getProductRow, productStatus } from "./products";
import { earnOrders, earnProducts } from "./schema";

export type { QuantHooks } from "./kind";
export type { OrderRow } from "./model";

export const JOB_EARN_END = "earn.end";

export interface OrderDeps {
  db: Db;
  clock: BusinessClock;
  quant: QuantHooks | null;
}

const ACTIVE = ["running", "not_started", "frozen"] as const;

export async function buy(
  deps: OrderDeps,
  userId: number,
  body: EarnBuyBody,
  via: "debit" | "miner",
): Promise<OrderRow> {
  const { db, clock } = deps;
  if (body.clientRequestId) {
    const existing = await findByRequestId(db, userId, body.clientRequestId);
    if (existing) return replay(existing, body);
  }
  const product = await getProductRow(db, body.productId);
  const kind = kindOf(product.type);
  if (via !== kind.buyVia) {
    throw badRequest("earnWrongEndpoint", { type: product.type, endpoint: `${kind.buyVia}Buy` });
  }
  const nowMs = clock.nowMs();
  const status = productStatus(product, nowMs);
  if (status === "paused") throw conflict("earnProductPaused");
  if (status === "ended") throw conflict("earnProductEnded");
  if (status === "upcoming") {
    throw conflict("earnProductNotStarted", {
      time: new Date(product.saleStartAt ?? nowMs).toISOString().slice(0, 16),
    });
  }
  const currency = product.currency;
  const amount = toMoneyString(dec(body.amount));
  const precision = (await findCurrency(db, currency))?.precision ?? 8;
  if (exceedsPrecision(amount, precision))
    throw badRequest("tradeAmountPrecision", { field: "amount", places: precision });
  if (dec(amount).lt(product.minAmount)) {
    throw badRequest("earnAmountBelowMin", { min: toMoneyString(dec(product.minAmount)), currency });
  }
  if (dec(amount).gt(product.maxAmount)) {
    throw badRequest("earnAmountAboveMax", { max: toMoneyString(dec(product.maxAmount)), currency });
  }
  const user = await getUserById(db, userId);
  const vip = user?.vipLevel ?? 0;
  if (vip < product.vipLevel) throw forbidden("earnVipTooLow", { level: product.vipLevel, yours: vip });
  if (!kind.canSell(deps.quant)) throw conflict("earnProductPaused");

  const { startAt, endAt, running, endJob } = kind.term(product, nowMs);
  try {
    return await ledgerTransaction(db, async (tx) => {
      // Reserve under the product row's lock: the remaining amount and this customer's limit
      // are checked by one transaction at a time. A debt product must still be raising under
      // that lock: the checks above ran before it, and the job that starts the loan (or an
      // operator calling the raise off) may have run since — an order written after it would
      // stay `not_started` with nothing left to start, repay or return it.
      const reserved = (await tx.execute(
        sql`UPDATE earn_products SET sold_amount = sold_amount + ${amount}, updated_at = now()
            WHERE id = ${product.id} AND (total_amount IS NULL OR sold_amount + ${amount} <= total_amount)
              AND (type <> 'debt' OR debt_state = 'raising')
            RETURNING id`,
      )) as unknown as { rows: unknown[] };
      if (reserved.rows.length === 0) {
        const [fresh] = await tx.select().from(earnProducts).where(eq(earnProducts.id, product.id));
        if (fresh && kindOf(fresh.type).raises && fresh.debtState !== "raising") throw conflict("earnProductEnded");
        const remaining = fresh?.totalAmount ? dec(fresh.totalAmount).minus(fresh.soldAmount) : dec(0);
        throw conflict("earnSoldOut", { remaining: toMoneyString(remaining), currency });
      }
      if (product.perCustomerLimit) {
        const [held] = await tx
          .select({ sum: sql<string>`coalesce(sum(${earnOrders.amount}), 0)` })
          .from(earnOrders)
          .where(
            and(
              eq(earnOrders.userId, userId),
              eq(earnOrders.productId, product.id),
              inArray(earnOrders.status, [...ACTIVE]),
            ),
          );
        const left = dec(product.perCustomerLimit).minus(held?.sum ?? "0");
        if (dec(amount).gt(left)) {
          throw conflict("earnCustomerLimit", {
            limit: toMoneyString(dec(product.perCustomerLimit)),
            left: toMoneyString(left.isNegative() ? dec(0) : left),
            currency,
          });
        }
      }
      const [order] = await tx
        .insert(earnOrders)
        .values({
          userId,
          productId: product.id,
          type: product.type,
          currency,
          amount,
          status: running ? "running" : "not_started",
          termDays: product.termDays,
          dailyRate: product.dailyRate,
          earlyRedemption: product.earlyRedemption,
          startAt,
          endAt,
          ...kind.orderValues(amount, product),
          clientRequestId: body.clientRequestId ?? null,
        })
        .returning();
      if (!order) throw new Error("earn order insert returned nothing");
      const reference = { type: "earn_order", id: order.id };
      await batch(tx, [
        {
          type: "transfer",
          currency,
          debit: userAccount(userId),
          credit: kind.purchase.to === "house" ? platformAccount("house") : userAccount(userId, "earn"),
          amount,
          key: `earn:${order.id}:buy`,
          kind: kind.purchase.ledgerKind,
          reference,
        },
      ]);
      await kind.open?.(tx, order, product, deps.quant);
      if (endJob)
        await enqueueJob(tx, {
          name: JOB_EARN_END,
          key: `earn-end:${order.id}`,
          payload: { id: order.id },
          runAt: endAt,
        });
      return order;
    });
  } catch (err) {
    if (body.clientRequestId && isUniqueViolation(err)) {
      const existing = await findByRequestId(db, userId, body.clientRequestId);
      if (existing) return replay(existing, body);
    }
    throw err;
  }
}

async function findByRequestId(db: Db, userId: number, clientRequestId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(earnOrders)
    .where(and(eq(earnOrders.userId, userId), eq(earnOrders.clientRequestId, clientRequestId)))
    .limit(1);
  return row ?? null;
}

function replay(existing: OrderRow, body: EarnBuyBody): OrderRow {
  if (existing.productId !== body.productId || !dec(existing.amount).eq(body.amount))
    throw conflict("tradeRequestReused");
  return existing;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────

/** Income credited today (business date) per order. */
export async function todayIncomes(db: Db, orderIds: number[], today: string): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const result = (await db.execute(
    sql`SELECT order_id, sum(amount) AS s FROM earn_incomes
        WHERE order_id = ANY(${sql.param(orderIds)}::bigint[]) AND income_date = ${today}::date
        GROUP BY order_id`,
  )) as unknown as { rows: { order_id: string | number; s: string }[] };
  return new Map(result.rows.map((r) => [Number(r.order_id), toMoneyString(dec(r.s))]));
}

export async function productsById(db: Db, productIds: number[]): Promise<Map<number, ProductRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(earnProducts)
    .where(inArray(earnProducts.id, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export function toOrder(
  row: OrderRow,
  product: ProductRow | undefined,
  today: string | undefined,
  deps: Pick<OrderDeps, "quant">,
  nowMs: number,
  lang: Lang,
): EarnOrder {
  const live = row.status === "running" || row.status === "not_started" || row.status === "frozen";
  const kind = kindOf(row.type);
  return {
    id: row.id,
    productId: row.productId,
    productName: localize(product?.name, lang),
    type: row.type,
    currency: row.currency,
    amount: toMoneyString(dec(row.amount)),
    todayIncome: today ?? "0",
    totalIncome: toMoneyString(dec(row.totalIncome)),
    remainingDays: live ? Math.max(0, Math.ceil((new Date(row.endAt).getTime() - nowMs) / DAY_MS)) : 0,
    status: row.status,
    startAt: new Date(row.startAt).toISOString(),
    endAt: new Date(row.endAt).toISOString(),
    termDays: row.termDays,
    dailyRate: row.dailyRate === null ? null : toMoneyString(dec(row.dailyRate)),
    rateBasis: kind.rateBasis,
    accruedDays: row.accruedDays,
    endReason: row.endReason,
    endedAt: row.endedAt ? new Date(row.endedAt).toISOString() : null,
    returnedAmount: row.returnedAmount === null ? null : toMoneyString(dec(row.returnedAmount)),
    earlyRedemption: row.earlyRedemption,
    hashrate: row.hashrate === null ? null : toMoneyString(dec(row.hashrate)),
    value: null,
    holdings: null,
    symbol: null,
    strategy: null,
    // This type's fields: a strategy's live value and holdings, its symbol and strategy.
    ...kind.orderView(row, product, deps.quant, live),
  };
}

/** Totals of the customer's orders in USDT (every seeded product is in USDT; others at the live price). */
export function orderStat(orders: EarnOrder[], usdtPrice: (currency: string) => string | null): EarnOrderStat {
  let totalAmount = dec(0);
  let totalIncome = dec(0);
  let todayIncome = dec(0);
  let running = 0;
  for (const o of orders) {
    const price = o.currency === "USDT" ? "1" : usdtPrice(o.currency);
    if (!price) continue;
    if (o.status === "running" || o.status === "not_started" || o.status === "frozen") {
      running += o.status === "running" ? 1 : 0;
      totalAmount = totalAmount.plus(dec(o.amount).mul(price));
    }
    totalIncome = totalIncome.plus(dec(o.totalIncome).mul(price));
    todayIncome = todayIncome.plus(dec(o.todayIncome).mul(price));
  }
  return {
    running,
    totalAmount: toMoneyString(totalAmount),
    totalIncome: toMoneyString(totalIncome),
    todayIncome: toMoneyString(todayIncome),
  };
}

export type { EarnType };
