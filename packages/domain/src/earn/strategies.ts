// Automated strategies of earn "quant" products: a grid and a moving-average trend strategy.
// Pure decisions from a state, the holdings and a bid/ask: the server executes the orders
// they return through the spot fill math (spotFill) and stores the new state with the fills.
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";
import { type Side, spotFill } from "../trading/spot";

/** What the strategy holds: quote cash and base quantity. */
export interface Holdings {
  cash: string;
  qty: string;
}

/** The spot rules a fill follows: fee rate, quantity precision, smallest buy value. */
export interface FillRules {
  feeRate: string;
  qtyPrecision: number;
  /** Buys below this notional are skipped (default 0: no minimum). */
  minNotional?: string;
}

export interface TickQuote {
  bid: string;
  ask: string;
}

/** One order a strategy wants filled now, with its money as spotFill computes it. */
export interface StrategyOrder {
  side: Side;
  price: string;
  quantity: string;
  notional: string;
  fee: string;
  /** Quote leaving the cash (buy, fee included) or reaching it (sell, fee deducted). */
  quoteAmount: string;
  /** Grid level index (null for trend). */
  level: number | null;
  /** Plain reason code: grid_buy, grid_sell, trend_up, trend_down. */
  reason: string;
}

export interface Decision<S> {
  orders: StrategyOrder[];
  state: S;
  holdings: Holdings;
}

/**
 * The largest quantity (at the precision) whose buy at `ask` costs at most `budget`
 * including the fee, or "0" when none fits.
 */
export function buyQuantity(budget: DecimalInput, ask: DecimalInput, rules: FillRules): string {
  if (!dec(budget).gt(0) || !dec(ask).gt(0)) return "0";
  const step = new Decimal(1).div(new Decimal(10).pow(rules.qtyPrecision));
  let qty = dec(budget)
    .div(dec(ask).mul(dec(1).plus(rules.feeRate)))
    .toDecimalPlaces(rules.qtyPrecision, Decimal.ROUND_DOWN);
  // The fee rounds up to 8 decimals: step down until the whole cost fits.
  while (qty.gt(0) && dec(spotFill("buy", qty, ask, rules.feeRate).quoteAmount).gt(budget)) qty = qty.minus(step);
  return qty.gt(0) ? toMoneyString(qty) : "0";
}

function buyOrder(
  budget: DecimalInput,
  ask: string,
  rules: FillRules,
  level: number | null,
  reason: string,
): StrategyOrder | null {
  const quantity = buyQuantity(budget, ask, rules);
  if (quantity === "0") return null;
  const fill = spotFill("buy", quantity, ask, rules.feeRate);
  if (dec(fill.notional).lt(rules.minNotional ?? "0")) return null;
  return { side: "buy", price: toMoneyString(ask), quantity, ...fill, level, reason };
}

function sellOrder(quantity: DecimalInput, bid: string, rules: FillRules, level: number | null, reason: string) {
  const fill = spotFill("sell", quantity, bid, rules.feeRate);
  const order: StrategyOrder = {
    side: "sell",
    price: toMoneyString(bid),
    quantity: toMoneyString(quantity),
    ...fill,
    level,
    reason,
  };
  return order;
}

/** Holdings after an order fills. */
export function applyOrder(h: Holdings, o: StrategyOrder): Holdings {
  return o.side === "buy"
    ? { cash: toMoneyString(dec(h.cash).minus(o.quoteAmount)), qty: toMoneyString(dec(h.qty).plus(o.quantity)) }
    : { cash: toMoneyString(dec(h.cash).plus(o.quoteAmount)), qty: toMoneyString(dec(h.qty).minus(o.quantity)) };
}

/** Value at the bid: cash + quantity × bid (what selling everything would give before the fee). */
export function strategyValue(h: Holdings, bid: DecimalInput): string {
  return toMoneyString(dec(h.cash).plus(dec(h.qty).mul(bid)).toDecimalPlaces(8, Decimal.ROUND_DOWN));
}

/** The order that sells everything at the bid (stop, term end); null when nothing is held. */
export function liquidationOrder(h: Holdings, bid: string, rules: FillRules, reason: string): StrategyOrder | null {
  if (!dec(h.qty).gt(0)) return null;
  return sellOrder(h.qty, bid, rules, null, reason);
}

// ── Grid ─────────────────────────────────────────────────────────────────────────────

export interface GridState {
  kind: "grid";
  startPrice: string;
  /** Level prices, lowest first, evenly spaced across [start × (1 − range), start × (1 + range)]. */
  levels: string[];
  /** Quote cash one buy level spends (the starting cash split across the levels below the start). */
  slice: string;
  /** Per level: the quantity bought there and not yet sold ("0" = not held). */
  held: string[];
}

export function gridLevels(startPrice: DecimalInput, rangePct: DecimalInput, levels: number): string[] {
  if (!Number.isInteger(levels) || levels < 2) throw new RangeError("a grid needs at least 2 levels");
  const range = dec(rangePct);
  if (!range.gt(0) || !range.lt(1)) throw new RangeError("grid range must be between 0 and 1");
  const low = dec(startPrice).mul(dec(1).minus(range));
  const high = dec(startPrice).mul(dec(1).plus(range));
  // Multiply before dividing, so the middle level of an odd grid is exactly the start price.
  const width = high.minus(low);
  return Array.from({ length: levels }, (_, i) =>
    toMoneyString(low.plus(width.mul(i).div(levels - 1)).toDecimalPlaces(18)),
  );
}

/**
 * The grid at its start. The lowest and highest levels are its floor and ceiling; the buy
 * levels are those between the floor and the start price, each with an equal slice of the cash.
 */
export function initGrid(
  startPrice: DecimalInput,
  params: { rangePct: DecimalInput; levels: number },
  cash: DecimalInput,
): GridState {
  const levels = gridLevels(startPrice, params.rangePct, params.levels);
  const buyLevels = levels.filter((_, i) => isBuyLevelAt(levels, startPrice, i)).length;
  const slice = buyLevels === 0 ? "0" : toMoneyString(dec(cash).div(buyLevels).toDecimalPlaces(8, Decimal.ROUND_DOWN));
  return { kind: "grid", startPrice: toMoneyString(startPrice), levels, slice, held: levels.map(() => "0") };
}

/** Strictly between the floor and the start price (the ceiling only ever receives sells). */
function isBuyLevelAt(levels: readonly string[], startPrice: DecimalInput, i: number): boolean {
  return i > 0 && i < levels.length - 1 && dec(levels[i] as string).lt(startPrice);
}

/**
 * Grid decision at one bid/ask. Only inside the range [floor, ceiling] (lowest, highest level):
 * - a slice held at level i is sold when the bid reaches level i + 1;
 * - a buy level not held is bought (one slice) when the ask is at or below it.
 * A tick either sells or buys; buys go from the highest level down; never more cash or
 * quantity than held.
 */
export function decideGrid(
  state: GridState,
  holdings: Holdings,
  quote: TickQuote,
  rules: FillRules,
): Decision<GridState> {
  const low = dec(state.levels[0] as string);
  const high = dec(state.levels.at(-1) as string);
  const held = [...state.held];
  const orders: StrategyOrder[] = [];
  let h = { ...holdings };
  const bid = dec(quote.bid);
  const ask = dec(quote.ask);

  if (bid.gte(low) && bid.lte(high)) {
    for (let i = 0; i < held.length - 1; i++) {
      const qty = Decimal.min(held[i] as string, h.qty);
      if (!qty.gt(0) || bid.lt(state.levels[i + 1] as string)) continue;
      const o = sellOrder(qty, quote.bid, rules, i, "grid_sell");
      orders.push(o);
      h = applyOrder(h, o);
      held[i] = "0";
    }
  }
  // A tick that sold does not also buy (with no spread, bid = ask = a level would do both).
  if (orders.length === 0 && ask.gte(low) && ask.lte(high)) {
    for (let i = held.length - 2; i >= 0; i--) {
      if (
        !isBuyLevelAt(state.levels, state.startPrice, i) ||
        dec(held[i] as string).gt(0) ||
        ask.gt(state.levels[i] as string)
      )
        continue;
      const budget = Decimal.min(state.slice, h.cash);
      const o = buyOrder(budget, quote.ask, rules, i, "grid_buy");
      if (!o) continue;
      orders.push(o);
      h = applyOrder(h, o);
      held[i] = o.quantity;
    }
  }
  return { orders, state: { ...state, held }, holdings: h };
}

// ── Trend (moving-average crossover) ─────────────────────────────────────────────────

export interface TrendState {
  kind: "trend";
  interval: string;
  fast: number;
  slow: number;
  /** Fast average above or below the slow one at the last candle that had both (null before). */
  relation: "above" | "below" | null;
  /** Open time (ms) of the candle being formed when the strategy last decided. */
  lastCandleTime: number | null;
}

export function initTrend(params: { interval: string; fast: number; slow: number }): TrendState {
  if (params.fast >= params.slow) throw new RangeError("the fast average must be shorter than the slow one");
  return { kind: "trend", ...params, relation: null, lastCandleTime: null };
}

/** Simple moving average of the last `n` closes; null when there are fewer. */
export function sma(closes: readonly DecimalInput[], n: number): Decimal | null {
  if (n < 1 || closes.length < n) return null;
  return closes
    .slice(-n)
    .reduce<Decimal>((sum, c) => sum.plus(c), dec(0))
    .div(n);
}

/**
 * Trend decision at the close of a candle: `closes` are closed candles, oldest first.
 * Acts only on a cross of the fast average over the slow one since the last decision
 * (up: buy with all cash; down: sell everything). No signal until there are `slow`
 * closes; equal averages keep the last relation.
 */
export function decideTrend(
  state: TrendState,
  closes: readonly DecimalInput[],
  holdings: Holdings,
  quote: TickQuote,
  rules: FillRules,
  candleTime: number | null = state.lastCandleTime,
): Decision<TrendState> {
  const fast = sma(closes, state.fast);
  const slow = sma(closes, state.slow);
  const next: TrendState = { ...state, lastCandleTime: candleTime };
  if (!fast || !slow) return { orders: [], state: next, holdings };
  const relation = fast.gt(slow) ? "above" : fast.lt(slow) ? "below" : state.relation;
  next.relation = relation;
  const orders: StrategyOrder[] = [];
  if (state.relation === "below" && relation === "above") {
    const o = buyOrder(holdings.cash, quote.ask, rules, null, "trend_up");
    if (o) orders.push(o);
  } else if (state.relation === "above" && relation === "below" && dec(holdings.qty).gt(0)) {
    orders.push(sellOrder(holdings.qty, quote.bid, rules, null, "trend_down"));
  }
  const h = orders.reduce(applyOrder, holdings);
  return { orders, state: next, holdings: h };
}

export type StrategyState = GridState | TrendState;
