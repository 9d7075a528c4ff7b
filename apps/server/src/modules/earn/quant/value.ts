// A quant order's value for listMy (cash + holdings at the bid, income against the amount
// put in, today's change against the 00:00 UTC snapshot) and the daily snapshot itself.
import { dec, strategyValue, toMoneyString } from "@candor/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db";
import type { MarketService } from "../../market/service";
import { earnOrders } from "../schema";
import { type EarnOrderRow, holdingsOf, quantState } from "./engine";

export interface QuantView {
  /** Cash + holdings at the bid (running), what came back (ended); null without a price. */
  value: string | null;
  holdings: { base: string; quantity: string; cash: string } | null;
  symbol: string | null;
  strategy: "grid" | "trend" | null;
  totalIncome: string;
  todayIncome: string;
}

/** Value of a running order at `bid`: cash + quantity × bid. */
export function quantValue(order: EarnOrderRow, bid: string | null): string | null {
  const h = holdingsOf(order);
  if (bid === null) return dec(h.qty).isZero() ? h.cash : null;
  return strategyValue(h, bid);
}

/** The quant fields of an EarnOrder record (listMy, detail, stop). `today` is YYYY-MM-DD (UTC). */
export function quantView(order: EarnOrderRow, market: MarketService, today: string): QuantView {
  const state = order.quantState ? quantState(order) : null;
  if (!state) {
    return { value: null, holdings: null, symbol: null, strategy: null, totalIncome: "0", todayIncome: "0" };
  }
  const base = { symbol: state.symbol, strategy: state.strategy };
  if (order.status !== "running") {
    const value = order.returnedAmount === null ? null : toMoneyString(order.returnedAmount);
    return {
      ...base,
      value,
      holdings: { base: state.base, quantity: "0", cash: "0" },
      totalIncome: toMoneyString(order.totalIncome),
      todayIncome: "0",
    };
  }
  let bid: string | null = null;
  try {
    bid = market.quote(state.symbol).bid;
  } catch {
    bid = null;
  }
  const value = quantValue(order, bid);
  const h = holdingsOf(order);
  const startedToday = order.startAt.toISOString().slice(0, 10) === today;
  const since = state.snapshot?.date === today ? state.snapshot.value : startedToday ? order.amount : null;
  return {
    ...base,
    value,
    holdings: { base: state.base, quantity: h.qty, cash: h.cash },
    totalIncome: value === null ? "0" : toMoneyString(dec(value).minus(order.amount)),
    todayIncome: value === null || since === null ? "0" : toMoneyString(dec(value).minus(since)),
  };
}

/**
 * For the daily job at 00:00 UTC: stores each running quant order's value at the bid as the
 * snapshot of `date` (once per date), so today's change is value − snapshot.
 */
export async function snapshotQuantValues(db: Db, market: MarketService, date: string): Promise<number> {
  const symbols = await db
    .selectDistinct({ symbol: sql<string>`${earnOrders.quantState}->>'symbol'` })
    .from(earnOrders)
    .where(and(eq(earnOrders.type, "quant"), eq(earnOrders.status, "running")));
  let n = 0;
  for (const { symbol } of symbols) {
    let bid: string;
    try {
      bid = market.quote(symbol).bid;
    } catch {
      continue;
    }
    const rows = await db
      .update(earnOrders)
      .set({
        quantState: sql`jsonb_set(${earnOrders.quantState}, '{snapshot}', jsonb_build_object('date', ${date}::text,
          'value', trim_scale(trunc(${earnOrders.quantCash} + ${earnOrders.quantQty} * ${bid}::numeric, 8))::text))`,
      })
      .where(
        and(
          eq(earnOrders.type, "quant"),
          eq(earnOrders.status, "running"),
          sql`${earnOrders.quantState}->>'symbol' = ${symbol}`,
          sql`(${earnOrders.quantState}->'snapshot'->>'date') IS DISTINCT FROM ${date}::text`,
        ),
      )
      .returning({ id: earnOrders.id });
    n += rows.length;
  }
  return n;
}
