// Futures equity: the margin account plus what closing the open positions now would realise.
// The asset centre (issue 9) already reads every ledger account of the customer, so it asks
// only for the open positions' value (one prepared statement, the P&L computed once per
// position) and adds its own margin balance; getFuturesEquity reads the margin account itself.
import type { TradeMode } from "@candor/contract";
import { dec, exitPrice, quoteFromMid, settlePosition, toMoneyString } from "@candor/domain";
import { type Db, preparedRows } from "../../db";
import { modeMoney } from "../demo/service";
import { getAccountBalance } from "../ledger/service";
import type { MarketService } from "../market/service";
import type { FuturesPositionRow } from "./schema";
import { FEE_RATES } from "./settlement";

export interface Quote {
  price: string;
  bid: string;
  ask: string;
  ts: number;
  /** The spread bid/ask were computed with, and the symbol's price precision. */
  spread?: string;
  precision?: number;
}

/** The current quote of a symbol, or null when it has none (no tick yet, disabled). */
export function liveQuote(market: MarketService, symbol: string): Quote | null {
  try {
    const q = market.quote(symbol);
    const precision = market.findSymbol(symbol)?.pricePrecision;
    return { price: q.price, bid: q.bid, ask: q.ask, ts: q.ts, spread: q.spread, precision };
  } catch {
    return null;
  }
}

/**
 * The quote a position is valued and settled at: the feed's mid with the spread recorded at
 * its open, so an operator's spread change applies to new trades only (issue "Money that
 * cannot be gamed", item 13). A position without a recorded spread uses the symbol's.
 */
export function quoteForPosition<Q extends Quote>(row: { spread?: string | null }, quote: Q): Q {
  const own = row.spread;
  if (own === null || own === undefined || quote.spread === undefined || quote.precision === undefined) return quote;
  if (dec(own).eq(quote.spread)) return quote;
  return { ...quote, ...quoteFromMid(quote.price, own, quote.precision), spread: dec(own).toFixed() };
}

type PnlFields = Pick<FuturesPositionRow, "direction" | "openPrice" | "quantity" | "margin"> & {
  spread?: string | null;
};

/** Closing at the quote (with the position's own spread): the exit price and the settlement (P&L after the closing fee, ≥ −margin). */
export function settleAtQuote(row: PnlFields, live: Quote) {
  const quote = quoteForPosition(row, live);
  const exit = exitPrice(row.direction, quote.bid, quote.ask);
  return { exit, settlement: settlePosition(row, exit, FEE_RATES) };
}

export interface FuturesEquity {
  currency: "USDT" | "VUSDT" | "CUSDT";
  /** Open positions. */
  count: number;
  /** The customer's margin account (the margin of open positions). */
  margin: string;
  /** What closing every open position now would realise (after closing fees, each ≥ −margin). */
  unrealisedPnl: string;
  /** margin + unrealisedPnl, in `currency`. */
  equity: string;
}

export type OpenPositionsValue = Pick<FuturesEquity, "currency" | "count" | "unrealisedPnl">;

const OPEN_POSITIONS_SQL = `SELECT symbol, direction, open_price::text AS "openPrice", quantity::text AS quantity,
    margin::text AS margin, spread::text AS spread
  FROM futures_positions WHERE user_id = $1 AND mode = $2 AND status <> 'closed'`;

/**
 * The open positions of a customer in a mode and what closing them now would realise, at
 * the current exit prices; positions without a price count at their margin (P&L 0).
 */
export async function getOpenPositionsValue(
  db: Db,
  market: MarketService,
  userId: number,
  mode: TradeMode = "real",
): Promise<OpenPositionsValue> {
  const { currency } = modeMoney(mode);
  const rows = await preparedRows<PnlFields & { symbol: string }>(db, "futures_open_value", OPEN_POSITIONS_SQL, [
    userId,
    mode,
  ]);
  let unrealised = dec(0);
  const quotes = new Map<string, Quote | null>();
  for (const row of rows) {
    if (!quotes.has(row.symbol)) quotes.set(row.symbol, liveQuote(market, row.symbol));
    const quote = quotes.get(row.symbol);
    if (quote) unrealised = unrealised.plus(settleAtQuote(row, quote).settlement.pnl);
  }
  return { currency, count: rows.length, unrealisedPnl: toMoneyString(unrealised) };
}

/** Equity from the open positions' value and the margin account's posted balance. */
export function futuresEquity(open: OpenPositionsValue, marginBalance: string): FuturesEquity {
  const margin = dec(marginBalance);
  return {
    ...open,
    margin: toMoneyString(margin),
    equity: toMoneyString(margin.plus(open.unrealisedPnl)),
  };
}

/**
 * Futures equity of a customer in a mode: margin (ledger) + unrealised P&L of the open
 * positions at the current exit prices. Positions without a price count at their margin.
 */
export async function getFuturesEquity(
  db: Db,
  market: MarketService,
  userId: number,
  mode: TradeMode = "real",
): Promise<FuturesEquity> {
  const { currency } = modeMoney(mode);
  const [account, open] = await Promise.all([
    getAccountBalance(db, { userId, kind: "margin", currency }),
    getOpenPositionsValue(db, market, userId, mode),
  ]);
  return futuresEquity(open, account?.balance ?? "0");
}
