// Quant orders: start (cash in, strategy state from the live price), one decision step at
// the live bid/ask (fills booked on the customer's `earn` accounts), stop (holdings sold at
// the bid, value back to available), valuation and the daily value snapshot.
// Every write locks the order row and is guarded by `status = 'running'`.
import { GridParams, TrendParams } from "@candor/contract";
import {
  applyOrder,
  bucketStart,
  type Decision,
  dec,
  decideGrid,
  decideTrend,
  type FillRules,
  type GridState,
  type Holdings,
  initGrid,
  initTrend,
  type KlineInterval,
  liquidationOrder,
  type StrategyState,
  type TrendState,
  toMoneyString,
} from "@candor/domain";
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../../db";
import { AppError, badRequest } from "../../../lib/errors";
import { batch, ledgerTransaction, userAccount } from "../../ledger/service";
import type { MarketService, SymbolInfo } from "../../market/service";
import { assertRiskHeadroom } from "../../risk/service";
import { getSetting } from "../../settings/service";
import {
  DEFAULT_SPOT_FEE_RATE,
  DEFAULT_SPOT_MIN_NOTIONAL,
  SPOT_FEE_RATE_KEY,
  SPOT_MIN_NOTIONAL_KEY,
} from "../../spot/service";
import { earnOrders, type earnProducts } from "../schema";
import { bookFill, type FillTarget, type QuantTick } from "./fills";

export type EarnOrderRow = typeof earnOrders.$inferSelect;
export type EarnProductRow = typeof earnProducts.$inferSelect;

export type QuantConfig =
  | { strategy: "grid"; symbol: string; params: { rangePct: string; levels: number } }
  | { strategy: "trend"; symbol: string; params: { interval: "1m" | "5m" | "15m" | "1h"; fast: number; slow: number } };

/** What earn_orders.quant_state holds. */
export interface QuantState {
  strategy: "grid" | "trend";
  symbol: string;
  base: string;
  quote: string;
  /** Fills booked so far (the next fill's key is quant:<order>:fill:<seq + 1>). */
  seq: number;
  /** Value at 00:00 UTC of `date` (snapshotQuantValues), for today's change. */
  snapshot: { date: string; value: string } | null;
  decision: StrategyState;
}

/** The product's strategy settings (earn_products.config): strategy, symbol, params. */
export function quantConfig(product: Pick<EarnProductRow, "config">): QuantConfig {
  const c = product.config as { strategy?: unknown; symbol?: unknown; params?: unknown };
  const symbol = typeof c.symbol === "string" ? c.symbol.toUpperCase() : "";
  if (c.strategy === "grid") {
    const p = GridParams.safeParse(c.params);
    if (p.success && symbol) return { strategy: "grid", symbol, params: p.data };
  } else if (c.strategy === "trend") {
    const p = TrendParams.safeParse(c.params);
    if (p.success && symbol && p.data.fast < p.data.slow) return { strategy: "trend", symbol, params: p.data };
  }
  throw badRequest("quantStrategyInvalid");
}

export const quantState = (row: Pick<EarnOrderRow, "quantState">) => row.quantState as unknown as QuantState;
export const holdingsOf = (row: EarnOrderRow): Holdings => ({
  cash: toMoneyString(row.quantCash ?? "0"),
  qty: toMoneyString(row.quantQty ?? "0"),
});

/** Spot's fee rate and minimum order value with the symbol's quantity precision. */
export async function fillRules(db: Db, info: SymbolInfo): Promise<FillRules> {
  const [feeRate, minNotional] = await Promise.all([
    getSetting<string>(db, SPOT_FEE_RATE_KEY, DEFAULT_SPOT_FEE_RATE),
    getSetting<string>(db, SPOT_MIN_NOTIONAL_KEY, DEFAULT_SPOT_MIN_NOTIONAL),
  ]);
  return {
    feeRate: toMoneyString(String(feeRate)),
    minNotional: toMoneyString(String(minNotional)),
    qtyPrecision: info.qtyPrecision,
  };
}

/** The live bid/ask a fill executes at; null when the last tick is too old to trade at. */
export function liveTick(market: MarketService, symbol: string): QuantTick | null {
  try {
    const q = market.tradeQuote(symbol);
    return { bid: q.bid, ask: q.ask, ts: q.ts };
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * Called by the earn buy inside its transaction, after the order row is inserted and the
 * amount moved spot → earn: the strategy starts with all of it as cash (a grid around the
 * live price; a stale price refuses the purchase with 409 marketPriceStale).
 */
export async function openQuantOrder(
  tx: Db,
  order: Pick<EarnOrderRow, "id" | "amount">,
  product: Pick<EarnProductRow, "config">,
  market: MarketService,
): Promise<EarnOrderRow> {
  const cfg = quantConfig(product);
  const info = market.tradableSymbol(cfg.symbol);
  const decision =
    cfg.strategy === "grid"
      ? initGrid(market.tradeQuote(info.symbol).price, cfg.params, order.amount)
      : initTrend(cfg.params);
  // A grid needs a level between its floor and the start to buy at.
  if (decision.kind === "grid" && !dec(decision.slice).gt(0)) throw badRequest("quantStrategyInvalid");
  const state: QuantState = {
    strategy: cfg.strategy,
    symbol: info.symbol,
    base: info.base,
    quote: info.quote,
    seq: 0,
    snapshot: null,
    decision,
  };
  const [row] = await tx
    .update(earnOrders)
    .set({ quantCash: order.amount, quantQty: "0", quantState: state as unknown as Record<string, unknown> })
    .where(eq(earnOrders.id, order.id))
    .returning();
  if (!row) throw new Error(`earn order ${order.id} not found for the strategy`);
  return row;
}

async function lockRunning(tx: Db, id: number): Promise<EarnOrderRow | null> {
  const [row] = await tx
    .select()
    .from(earnOrders)
    .where(and(eq(earnOrders.id, id), eq(earnOrders.status, "running"), eq(earnOrders.type, "quant")))
    .for("update");
  return row ?? null;
}

function decide(
  state: QuantState,
  h: Holdings,
  tick: QuantTick,
  rules: FillRules,
  closes: string[] | null,
  candle: number | null,
): Decision<StrategyState> {
  if (state.decision.kind === "grid") return decideGrid(state.decision, h, tick, rules);
  if (!closes) return { orders: [], state: state.decision, holdings: h };
  return decideTrend(state.decision, closes, h, tick, rules, candle);
}

/**
 * Books the decision's fills and the new state in `tx` (the row is locked and running).
 * `at` is the business time of the fills. A strategy's own trades respect the treasury's
 * risk limit (refused → rolled back, the next tick retries); a liquidation (stop, term end)
 * never does: the customer can always leave.
 */
async function applyDecision(
  tx: Db,
  market: MarketService,
  row: EarnOrderRow,
  state: QuantState,
  d: Decision<StrategyState>,
  tick: QuantTick,
  at: Date,
  liquidation = false,
): Promise<EarnOrderRow> {
  const target: FillTarget = { orderId: row.id, userId: row.userId, ...state };
  let seq = state.seq;
  for (const o of d.orders) await bookFill(tx, target, o, tick, ++seq, at);
  if (!liquidation) {
    // The treasury delivered what the strategy bought or sold for: refused past its limit.
    for (const currency of new Set(d.orders.map((o) => (o.side === "buy" ? state.base : state.quote)))) {
      await assertRiskHeadroom(tx, market, { account: "treasury", currency });
    }
  }
  const next: QuantState = { ...state, seq, decision: d.state };
  const [updated] = await tx
    .update(earnOrders)
    .set({
      quantCash: d.holdings.cash,
      quantQty: d.holdings.qty,
      quantState: next as unknown as Record<string, unknown>,
      updatedAt: at,
    })
    .where(and(eq(earnOrders.id, row.id), eq(earnOrders.status, "running")))
    .returning();
  if (!updated) throw new Error(`quant order ${row.id} changed while locked`);
  return updated;
}

/**
 * One decision of a running order at the live bid/ask (the runner calls it when a tick may
 * trigger something). Stale price → nothing (next tick). Trend decides once per closed
 * candle. Returns the order as it is afterwards (null when it is not running).
 */
export async function stepQuantOrder(
  db: Db,
  market: MarketService,
  id: number,
  now: Date = new Date(),
): Promise<EarnOrderRow | null> {
  const [peek] = await db.select().from(earnOrders).where(eq(earnOrders.id, id)).limit(1);
  if (peek?.status !== "running" || peek.type !== "quant" || !peek.quantState) return null;
  const state = quantState(peek);
  const info = market.findSymbol(state.symbol);
  const tick = info && liveTick(market, state.symbol);
  if (!info || !tick) return peek;
  const rules = await fillRules(db, info);
  let closes: string[] | null = null;
  let candle: number | null = null;
  if (state.decision.kind === "trend") {
    const t: TrendState = state.decision;
    candle = bucketStart(tick.ts, t.interval as KlineInterval);
    if (t.lastCandleTime !== null && candle <= t.lastCandleTime) return peek;
    // Closed candles only: everything before the one this tick is in.
    const klines = await market.klines(state.symbol, t.interval as KlineInterval, t.slow + 1, candle);
    const bucket = candle;
    closes = klines.filter((k) => k.time < bucket).map((k) => k.close);
  } else if (decideGrid(state.decision as GridState, holdingsOf(peek), tick, rules).orders.length === 0) {
    return peek;
  }
  return ledgerTransaction(db, async (tx) => {
    const row = await lockRunning(tx, id);
    if (!row) return null;
    const s = quantState(row);
    if (s.decision.kind === "trend" && s.decision.lastCandleTime !== null && candle !== null) {
      if (candle <= s.decision.lastCandleTime) return row;
    }
    const d = decide(s, holdingsOf(row), tick, rules, closes, candle);
    if (d.orders.length === 0 && d.state === s.decision) return row;
    return applyDecision(tx, market, row, s, d, tick, now);
  });
}

export type StopReason = "stopped" | "term";

/**
 * Ends a running quant order: everything held is sold at the bid (fee charged), all the cash
 * goes back to available (kind `earn`), and the order records what came back. A stale price
 * while holding → 409 marketPriceStale (nothing changes). Not running → the order as it is,
 * `stopped: false` (a second stop changes nothing).
 */
export async function stopQuantOrder(
  db: Db,
  market: MarketService,
  id: number,
  reason: StopReason,
  now: Date = new Date(),
): Promise<{ order: EarnOrderRow | null; stopped: boolean }> {
  return ledgerTransaction(db, async (tx) => {
    const row = await lockRunning(tx, id);
    if (!row) {
      const [current] = await tx.select().from(earnOrders).where(eq(earnOrders.id, id)).limit(1);
      return { order: current ?? null, stopped: false };
    }
    const state = quantState(row);
    const h = holdingsOf(row);
    let d: Decision<StrategyState> = { orders: [], state: state.decision, holdings: h };
    let tick: QuantTick = { bid: "0", ask: "0", ts: now.getTime() };
    if (dec(h.qty).gt(0)) {
      const q = market.tradeQuote(state.symbol);
      tick = { bid: q.bid, ask: q.ask, ts: q.ts };
      const rules = await fillRules(tx, market.symbol(state.symbol));
      const sale = liquidationOrder(h, q.bid, rules, reason === "term" ? "term" : "stop");
      if (sale) d = { orders: [sale], state: state.decision, holdings: applyOrder(h, sale) };
    }
    const returned = d.holdings.cash;
    await applyDecision(tx, market, row, state, d, tick, now, true);
    if (dec(returned).gt(0)) {
      await batch(tx, [
        {
          type: "transfer",
          currency: row.currency,
          debit: userAccount(row.userId, "earn"),
          credit: userAccount(row.userId, "spot"),
          amount: returned,
          key: `quant:${row.id}:return`,
          kind: "earn",
          reference: { type: "earn_order", id: row.id },
        },
      ]);
    }
    const [ended] = await tx
      .update(earnOrders)
      .set({
        status: "ended",
        endReason: reason,
        endedAt: now,
        returnedAmount: returned,
        totalIncome: toMoneyString(dec(returned).minus(row.amount)),
        quantCash: "0",
        quantQty: "0",
        updatedAt: now,
      })
      .where(and(eq(earnOrders.id, row.id), eq(earnOrders.status, "running")))
      .returning();
    return { order: ended ?? null, stopped: Boolean(ended) };
  });
}

/**
 * Ends every running quant order whose term is over at `now` (reason "term"), for the earn
 * module's scheduler. One whose symbol has no fresh price stays running and is counted in
 * `waiting` (the next run retries); returns the ids ended.
 */
export async function endDueQuantOrders(
  db: Db,
  market: MarketService,
  now: Date,
): Promise<{ ended: number[]; waiting: number[] }> {
  const due = await db
    .select({ id: earnOrders.id })
    .from(earnOrders)
    .where(and(eq(earnOrders.type, "quant"), eq(earnOrders.status, "running"), lte(earnOrders.endAt, now)))
    .orderBy(earnOrders.id);
  const ended: number[] = [];
  const waiting: number[] = [];
  for (const { id } of due) {
    try {
      if ((await stopQuantOrder(db, market, id, "term", now)).stopped) ended.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      waiting.push(id);
    }
  }
  return { ended, waiting };
}
