// Futures positions (isolated margin in USDT, platform as counterparty): the one set
// of rules the server settles with and the app previews with.
//
// Prices: a long opens at the ask and is valued/closed at the bid; a short opens at
// the bid and is valued/closed at the ask — so the disclosed spread is always paid.
// Close-out: when equity (margin + P&L) falls to CLOSE_OUT_LEVEL of the margin.
// Negative-balance protection: a settled position never returns less than zero, so a
// loss never exceeds the margin put up (the opening fee was paid separately).
import { Decimal, type DecimalInput, dec, toMoneyString } from "../money";

export type Direction = "long" | "short";
export type CloseReason = "manual" | "takeProfit" | "stopLoss" | "closeOut";

/** Margin level at which a position is closed out: equity = 50 % of the margin. */
export const CLOSE_OUT_LEVEL = "0.5";
/** Decimals kept for USDT amounts computed here (fees, P&L, payouts). */
export const USDT_PLACES = 8;

export interface FeeRates {
  /** Fraction of the notional (margin × leverage) charged when opening. */
  open: DecimalInput;
  /** Fraction of the closing notional (quantity × close price) charged when closing. */
  close: DecimalInput;
}
export const DEFAULT_FEE_RATES: FeeRates = { open: "0.0005", close: "0.0005" };

const usdt = (d: Decimal) => d.toDecimalPlaces(USDT_PLACES, Decimal.ROUND_DOWN);

/** The price a new position deals at. */
export function entryPrice(direction: Direction, bid: DecimalInput, ask: DecimalInput): string {
  return toMoneyString(direction === "long" ? ask : bid);
}

/** The price an open position is valued and closed at. */
export function exitPrice(direction: Direction, bid: DecimalInput, ask: DecimalInput): string {
  return toMoneyString(direction === "long" ? bid : ask);
}

export type LeverageProblem = "notInteger" | "belowOne" | "aboveCap" | null;

/** Leverage must be a whole number from 1 to the symbol's cap. */
export function leverageProblem(leverage: DecimalInput, maxLeverage: number): LeverageProblem {
  const l = dec(leverage);
  if (!l.isInteger()) return "notInteger";
  if (l.lt(1)) return "belowOne";
  if (l.gt(maxLeverage)) return "aboveCap";
  return null;
}

/** quantity = margin × leverage / openPrice, truncated to the symbol's quantity precision. */
export function positionQuantity(
  margin: DecimalInput,
  leverage: DecimalInput,
  openPrice: DecimalInput,
  qtyPrecision: number,
): string {
  const q = dec(margin).mul(leverage).div(openPrice).toDecimalPlaces(qtyPrecision, Decimal.ROUND_DOWN);
  return toMoneyString(q);
}

export function openingFee(margin: DecimalInput, leverage: DecimalInput, rates: FeeRates = DEFAULT_FEE_RATES): string {
  return toMoneyString(usdt(dec(margin).mul(leverage).mul(rates.open)));
}

export function closingFee(
  quantity: DecimalInput,
  closePrice: DecimalInput,
  rates: FeeRates = DEFAULT_FEE_RATES,
): string {
  return toMoneyString(usdt(dec(quantity).mul(closePrice).mul(rates.close)));
}

/** Unrealised P&L at `price` (before fees), truncated toward zero to 8 decimals. */
export function positionPnl(
  direction: Direction,
  quantity: DecimalInput,
  openPrice: DecimalInput,
  price: DecimalInput,
): string {
  const move = dec(price).minus(openPrice);
  const pnl = (direction === "long" ? move : move.neg()).mul(quantity);
  return toMoneyString(usdt(pnl));
}

/** P&L as a share of the margin ("0.25" = +25 %). */
export function positionYield(pnl: DecimalInput, margin: DecimalInput): string {
  const m = dec(margin);
  if (m.isZero()) return "0";
  return toMoneyString(dec(pnl).div(m).toDecimalPlaces(6, Decimal.ROUND_DOWN));
}

/**
 * What a position did to the customer's money, both fees included: its P&L (already after
 * the closing fee) minus the opening fee. A take-profit whose move did not cover the fees is
 * a loss here, however small.
 */
export function positionNetResult(pnl: DecimalInput, openingFee: DecimalInput): string {
  return toMoneyString(dec(pnl).minus(openingFee));
}

/** Equity over margin: 1 at open, CLOSE_OUT_LEVEL at close-out. */
export function marginLevel(margin: DecimalInput, pnl: DecimalInput): string {
  const m = dec(margin);
  return toMoneyString(m.plus(pnl).div(m).toDecimalPlaces(6, Decimal.ROUND_DOWN));
}

/**
 * The exit price at which equity reaches CLOSE_OUT_LEVEL of the margin:
 * long: open − (1 − level) × margin / quantity; short: open + (1 − level) × margin / quantity.
 * Rounded toward the open price to the price precision (it triggers no later than this).
 */
export function closeOutPrice(
  direction: Direction,
  openPrice: DecimalInput,
  margin: DecimalInput,
  quantity: DecimalInput,
  pricePrecision: number,
): string {
  const distance = dec(margin).mul(dec(1).minus(CLOSE_OUT_LEVEL)).div(quantity);
  const price =
    direction === "long"
      ? dec(openPrice).minus(distance).toDecimalPlaces(pricePrecision, Decimal.ROUND_CEIL)
      : dec(openPrice).plus(distance).toDecimalPlaces(pricePrecision, Decimal.ROUND_FLOOR);
  return toMoneyString(Decimal.max(price, 0));
}

export type TpSlProblem = "takeProfitWrongSide" | "stopLossWrongSide" | "stopLossBeyondCloseOut" | "notPositive" | null;

/**
 * Take-profit must be on the winning side of the current exit price, stop-loss on the
 * losing side and not beyond the close-out price (it would never trigger first).
 */
export function tpSlProblem(args: {
  direction: Direction;
  exitPrice: DecimalInput;
  closeOutPrice: DecimalInput;
  takeProfit?: DecimalInput | null;
  stopLoss?: DecimalInput | null;
}): TpSlProblem {
  const { direction, takeProfit, stopLoss } = args;
  const now = dec(args.exitPrice);
  const out = dec(args.closeOutPrice);
  if (takeProfit !== undefined && takeProfit !== null) {
    const tp = dec(takeProfit);
    if (tp.lte(0)) return "notPositive";
    if (direction === "long" ? tp.lte(now) : tp.gte(now)) return "takeProfitWrongSide";
  }
  if (stopLoss !== undefined && stopLoss !== null) {
    const sl = dec(stopLoss);
    if (sl.lte(0)) return "notPositive";
    if (direction === "long" ? sl.gte(now) : sl.lte(now)) return "stopLossWrongSide";
    if (direction === "long" ? sl.lt(out) : sl.gt(out)) return "stopLossBeyondCloseOut";
  }
  return null;
}

export interface OpenPositionView {
  direction: Direction;
  openPrice: DecimalInput;
  quantity: DecimalInput;
  margin: DecimalInput;
  takeProfit?: DecimalInput | null;
  stopLoss?: DecimalInput | null;
  closeOutPrice: DecimalInput;
}

/**
 * What a tick does to an open position: nothing, or close it for a reason at the
 * tick's exit price. A customer's own order (TP/SL) wins over close-out when both are
 * reached by the same tick; the position is closed at the market price either way.
 */
export function evaluatePosition(
  pos: OpenPositionView,
  bid: DecimalInput,
  ask: DecimalInput,
): { reason: Exclude<CloseReason, "manual">; price: string } | null {
  const price = dec(exitPrice(pos.direction, bid, ask));
  const long = pos.direction === "long";
  const reached = (level: DecimalInput | null | undefined, upward: boolean) =>
    level !== null && level !== undefined && (upward ? price.gte(level) : price.lte(level));
  if (reached(pos.takeProfit, long)) return { reason: "takeProfit", price: toMoneyString(price) };
  if (reached(pos.stopLoss, !long)) return { reason: "stopLoss", price: toMoneyString(price) };
  if (reached(pos.closeOutPrice, !long)) return { reason: "closeOut", price: toMoneyString(price) };
  return null;
}

export interface Settlement {
  closePrice: string;
  /** P&L after the closing fee, limited to −margin (negative-balance protection). */
  pnl: string;
  closingFee: string;
  /** What goes back to the customer's available balance: margin + pnl, never below 0. */
  returned: string;
  yield: string;
}

/** Settle a position at `closePrice`. */
export function settlePosition(
  pos: { direction: Direction; openPrice: DecimalInput; quantity: DecimalInput; margin: DecimalInput },
  closePrice: DecimalInput,
  rates: FeeRates = DEFAULT_FEE_RATES,
): Settlement {
  const margin = dec(pos.margin);
  const gross = dec(positionPnl(pos.direction, pos.quantity, pos.openPrice, closePrice));
  const fee = dec(closingFee(pos.quantity, closePrice, rates));
  // The fee is taken only from what is left: the customer never owes more than the margin.
  const net = Decimal.max(gross.minus(fee), margin.neg());
  const returned = margin.plus(net);
  const feeTaken = Decimal.min(fee, Decimal.max(margin.plus(gross), 0));
  return {
    closePrice: toMoneyString(closePrice),
    pnl: toMoneyString(net),
    closingFee: toMoneyString(feeTaken),
    returned: toMoneyString(returned),
    yield: positionYield(net, margin),
  };
}

/** What closing at one price would do: the P&L after the closing fee and the net result with both fees. */
export interface PriceOutcome {
  price: string;
  /** P&L after the closing fee, limited to −margin (as settlePosition). */
  pnl: string;
  closingFee: string;
  /** pnl minus the opening fee: what the trade did to the customer's money (positionNetResult). */
  net: string;
  /** pnl as a share of the margin. */
  yield: string;
}

/**
 * The expected result at the take-profit and stop-loss prices (docs/product.md "Trading":
 * TP/SL prices with the expected return), before the position is opened. The same
 * settlePosition the server settles with, at exactly the level; a real close is at the first
 * tick's exit price at or beyond it, so it can be a little better or worse. Null for a level
 * not set.
 */
export function expectedAtLevels(args: {
  direction: Direction;
  openPrice: DecimalInput;
  quantity: DecimalInput;
  margin: DecimalInput;
  openingFee: DecimalInput;
  takeProfit?: DecimalInput | null;
  stopLoss?: DecimalInput | null;
  rates?: FeeRates;
}): { takeProfit: PriceOutcome | null; stopLoss: PriceOutcome | null } {
  const at = (price: DecimalInput | null | undefined): PriceOutcome | null => {
    if (price === null || price === undefined) return null;
    const s = settlePosition(args, price, args.rates ?? DEFAULT_FEE_RATES);
    return {
      price: s.closePrice,
      pnl: s.pnl,
      closingFee: s.closingFee,
      net: positionNetResult(s.pnl, args.openingFee),
      yield: s.yield,
    };
  };
  return { takeProfit: at(args.takeProfit), stopLoss: at(args.stopLoss) };
}

export interface OpenPreview {
  openPrice: string;
  quantity: string;
  notional: string;
  openingFee: string;
  /** Margin + opening fee: what leaves the available balance. */
  totalCost: string;
  closeOutPrice: string;
}

/** Everything the app shows before the customer opens a position. */
export function previewOpen(args: {
  direction: Direction;
  margin: DecimalInput;
  leverage: DecimalInput;
  bid: DecimalInput;
  ask: DecimalInput;
  pricePrecision: number;
  qtyPrecision: number;
  rates?: FeeRates;
}): OpenPreview {
  const rates = args.rates ?? DEFAULT_FEE_RATES;
  const openPrice = entryPrice(args.direction, args.bid, args.ask);
  const quantity = positionQuantity(args.margin, args.leverage, openPrice, args.qtyPrecision);
  const fee = openingFee(args.margin, args.leverage, rates);
  return {
    openPrice,
    quantity,
    notional: toMoneyString(dec(args.margin).mul(args.leverage)),
    openingFee: fee,
    totalCost: toMoneyString(dec(args.margin).plus(fee)),
    closeOutPrice: dec(quantity).isZero()
      ? "0"
      : closeOutPrice(args.direction, openPrice, args.margin, quantity, args.pricePrecision),
  };
}

export interface TriggerBand {
  /** Exit prices at or above this close the position (long: take-profit; short: stop-loss or close-out). */
  upper: Decimal | null;
  /** Exit prices at or below this close the position (long: stop-loss or close-out; short: take-profit). */
  lower: Decimal | null;
}

/**
 * The two exit-price levels between which a position stays open: evaluatePosition
 * returns a result exactly when exitPrice ≥ upper or exitPrice ≤ lower. The settlement
 * engine keeps these pre-parsed per open position, so a tick checks 10,000 positions with
 * two comparisons each and calls evaluatePosition only for the ones that cross.
 */
export function triggerBand(
  pos: Pick<OpenPositionView, "direction" | "takeProfit" | "stopLoss" | "closeOutPrice">,
): TriggerBand {
  const level = (v: DecimalInput | null | undefined) => (v === null || v === undefined ? null : dec(v));
  const tp = level(pos.takeProfit);
  const sl = level(pos.stopLoss);
  const out = dec(pos.closeOutPrice);
  if (pos.direction === "long") return { upper: tp, lower: sl ? Decimal.max(sl, out) : out };
  return { upper: sl ? Decimal.min(sl, out) : out, lower: tp };
}

/** When a position's take-profit and stop-loss were last set, as tick times (ms); null: since it opened. */
export interface LevelTimes {
  takeProfitSetTs?: number | null;
  stopLossSetTs?: number | null;
}

/**
 * The position as a tick at `tickTs` saw it: a take-profit or stop-loss set after that
 * tick did not exist yet, so it is left out (the close-out level always applies). Replays
 * of recorded ticks evaluate `evaluatePosition(levelsAtTick(pos, times, tick.ts), …)`.
 */
export function levelsAtTick<T extends OpenPositionView>(pos: T, times: LevelTimes, tickTs: number): T {
  const tpLater = times.takeProfitSetTs != null && tickTs < times.takeProfitSetTs;
  const slLater = times.stopLossSetTs != null && tickTs < times.stopLossSetTs;
  if (!tpLater && !slLater) return pos;
  return { ...pos, ...(tpLater ? { takeProfit: null } : {}), ...(slLater ? { stopLoss: null } : {}) };
}

/**
 * Margin for a share (25 %, 50 %…) of the available balance that still leaves room for the
 * opening fee: available × percent / 100 / (1 + leverage × open fee rate), truncated to 2 decimals.
 */
export function marginForShare(
  available: DecimalInput,
  percent: number,
  leverage: DecimalInput,
  openFeeRate: DecimalInput,
): string {
  const value = dec(available)
    .mul(percent)
    .div(100)
    .div(dec(1).plus(dec(leverage).mul(openFeeRate)));
  return toMoneyString(value.lt(0) ? 0 : value.toDecimalPlaces(2, Decimal.ROUND_DOWN));
}
