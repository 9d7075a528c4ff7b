// Futures positions (isolated margin, the platform as counterparty): open, TP/SL, close;
// the list, detail, preview and summary are in ./reads, the request checks in ./checks and
// the API shapes of a row in ./records. Settling (settleOpenPosition, shared by the close
// endpoint, the settlement engine and the demo reset) lives in ./settlement. This file is
// the module's public face: it re-exports what other modules use. The rules are the
// pure functions of packages/domain/src/trading/futures.ts; money moves only through the
// ledger, in the same transaction as the position's row:
//
//   open:   available → margin (margin), available → fees (opening fee)
//           keys futures:open:<id>:margin / :fee
//   settle: house ⇄ margin (P&L, a loss capped at the margin), margin → fees (closing fee),
//           margin → available (what is left), keys settle:position:<id>:pnl / :fee / :return
//
// Real positions use USDT and the customer's "spot" account; demo positions VUSDT and the
// "demo" account (modules/demo), so demo trading never touches real balances; contest
// positions CUSDT and the "contest" account, tagged with their contest (lib/trade-mode
// checks the running entry and the eligible symbol through the contests module's guard).
import type {
  PositionClosed,
  PositionCreateBody,
  PositionOpened,
  PositionRecord,
  PositionStopLossBody,
  TradeMode,
} from "@candor/contract";
import { dec, exitPrice, futuresWorstCase } from "@candor/domain";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { ensureDemoAccount, lockDemoAccountShared, modeMoney } from "../demo/service";
import { batch, type LedgerOp, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import type { SymbolInfo } from "../market/service";
import { reserveRisk } from "../risk/service";
import { checkLevel, checkLeverage, checkMargin, checkTpSl, previewAtQuote, requireOpenMarket } from "./checks";
import type { ContractsDeps, ContractsRequestDeps } from "./context";
import { liveQuote, quoteForPosition } from "./equity";
import { getOwnRow } from "./reads";
import { toClosed, toOpened, toRecord } from "./records";
import { type FuturesPositionRow, futuresPositions } from "./schema";
import { indexData, settleOpenPosition } from "./settlement";

export type { ContractsDeps, ContractsRequestDeps } from "./context";
export {
  type FuturesEquity,
  futuresEquity,
  getFuturesEquity,
  getOpenPositionsValue,
  type OpenPositionsValue,
} from "./equity";
export {
  availableBalance,
  getMyPosition,
  getPositionsSummary,
  listMyPositions,
  previewPosition,
} from "./reads";
export type { FuturesPositionRow } from "./schema";
export {
  type ChangedPosition,
  databaseNow,
  FEE_RATES,
  indexData,
  levelTimes,
  loadOpenPositions,
  loadPositionsChangedSince,
  positionView,
  publishPosition,
  type SettleCause,
  type SettleHooks,
  type SettleOutcome,
  settleOpenPosition,
} from "./settlement";

type Row = FuturesPositionRow;

// ── Reading helpers ──────────────────────────────────────────────────────────────────────

function publish(deps: ContractsDeps, type: "opened" | "updated" | "closed", row: Row): void {
  deps.bus?.publish("futures.position", { type, position: indexData(row) });
}

// ── Validation ───────────────────────────────────────────────────────────────────────────

// ── Opening ──────────────────────────────────────────────────────────────────────────────

async function findByRequestId(db: Db, userId: number, clientRequestId: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(futuresPositions)
    .where(and(eq(futuresPositions.userId, userId), eq(futuresPositions.clientRequestId, clientRequestId)));
  return row ?? null;
}

/** A retried create: the same position, if the request was the same one. */
function replayOpen(row: Row, body: PositionCreateBody, margin: string, leverage: number, info: SymbolInfo) {
  const same =
    row.symbol === info.symbol &&
    row.direction === body.direction &&
    row.mode === body.mode &&
    (row.contestId ?? null) === (body.contestId ?? null) &&
    row.leverage === leverage &&
    dec(row.margin).eq(margin);
  if (!same) throw conflict("futuresRequestReused");
  return toOpened(row, info);
}

/**
 * At most this many opening transactions run at once in this process; the rest wait here,
 * in order. Every open credits the same platform "fees" account, so further concurrent
 * opens would only queue on that row's lock inside PostgreSQL, where a long queue turns a
 * few milliseconds' stall of the lock holder into a convoy (bench:trade at 300 opens/s on
 * a quiet 2-core machine, p99 without this limit: 13–21 ms with 5 pool connections, 14–106
 * ms with 10, 75–93 ms with 20; with it: 9–35 ms with 10 or 20). Only the route calls
 * openPosition, never from inside another transaction, so waiting here holds no locks.
 */
const OPEN_CONCURRENCY = 4;
let opensRunning = 0;
const opensWaiting: Array<() => void> = [];

async function oneOfOpens<T>(fn: () => Promise<T>): Promise<T> {
  if (opensRunning >= OPEN_CONCURRENCY) await new Promise<void>((resolve) => opensWaiting.push(resolve));
  else opensRunning++;
  try {
    return await fn();
  } finally {
    // Hand the slot straight to the next waiter (the count stays), or free it.
    const next = opensWaiting.shift();
    if (next) next();
    else opensRunning--;
  }
}

/** Opens a position: validation, quote, then the row and its ledger batch in one transaction. */
export async function openPosition(
  deps: ContractsRequestDeps,
  userId: number,
  body: PositionCreateBody,
): Promise<PositionOpened> {
  const { db, market } = deps;
  const info = market.tradableSymbol(body.symbol);
  const leverage = checkLeverage(body.leverage, info);
  const margin = checkMargin(body.margin);
  const takeProfit = checkLevel(body.takeProfit, info, "takeProfit") ?? null;
  const stopLoss = checkLevel(body.stopLoss, info, "stopLoss") ?? null;
  const contestId = await deps.tradeModes.check(db, userId, body.mode, body.contestId, info.symbol);
  if (body.clientRequestId) {
    const existing = await findByRequestId(db, userId, body.clientRequestId);
    if (existing) return replayOpen(existing, body, margin, leverage, info);
  }
  requireOpenMarket(market, info.symbol);
  const quote = market.tradeQuote(info.symbol);
  const preview = previewAtQuote(info, body.direction, margin, leverage, quote);
  checkTpSl(info, {
    direction: body.direction,
    exitPrice: exitPrice(body.direction, quote.bid, quote.ask),
    closeOutPrice: preview.closeOutPrice,
    takeProfit,
    stopLoss,
  });

  const { currency, availableKind } = modeMoney(body.mode);
  if (body.mode === "demo") await ensureDemoAccount(db, userId);
  const row = await oneOfOpens(() =>
    ledgerTransaction(db, async (tx) => {
      if (body.mode === "demo") await lockDemoAccountShared(tx, userId);
      // Again inside the transaction: holds the entry so an exit or the end waits for this open.
      if (contestId !== null) await deps.tradeModes.check(tx, userId, body.mode, contestId, info.symbol);
      const [inserted] = await tx
        .insert(futuresPositions)
        .values({
          userId,
          mode: body.mode,
          contestId,
          currency,
          symbol: info.symbol,
          direction: body.direction,
          margin,
          leverage,
          quantity: preview.quantity,
          openPrice: preview.openPrice,
          openFee: preview.openingFee,
          closeOutPrice: preview.closeOutPrice,
          takeProfit,
          stopLoss,
          spread: quote.spread,
          openTickPrice: quote.price,
          openTickAt: new Date(quote.ts),
          openTickSources: market.componentsAt(info.symbol, quote.ts) ?? null,
          clientRequestId: body.clientRequestId ?? null,
        })
        .onConflictDoNothing({ target: [futuresPositions.userId, futuresPositions.clientRequestId] })
        .returning();
      // A twin request with the same clientRequestId committed first.
      if (!inserted) return null;
      const reference = { type: "futures_position", id: inserted.id };
      const ops: LedgerOp[] = [
        {
          type: "transfer",
          currency,
          debit: userAccount(userId, availableKind),
          credit: userAccount(userId, "margin"),
          amount: margin,
          key: `futures:open:${inserted.id}:margin`,
          kind: "futures_margin",
          reference,
          memo: `${info.symbol} ${body.direction} ${leverage}x margin`,
        },
      ];
      if (dec(preview.openingFee).gt(0)) {
        ops.push({
          type: "transfer",
          currency,
          debit: userAccount(userId, availableKind),
          credit: platformAccount("fees"),
          amount: preview.openingFee,
          key: `futures:open:${inserted.id}:fee`,
          kind: "futures_fee",
          reference,
          memo: `${info.symbol} opening fee`,
        });
      }
      await batch(tx, ops);
      // The house's loss on a position is bounded only by the price; the notional (a short's
      // most, a long's at a doubled price) is the worst case it holds against the house's
      // limit, with every other open trade's, until the position is settled.
      await reserveRisk(tx, market, {
        account: "house",
        currency,
        worstCase: futuresWorstCase(margin, leverage),
        ref: { type: "futures_position", id: inserted.id },
      });
      return inserted;
    }),
  );
  if (!row) {
    const twin = body.clientRequestId ? await findByRequestId(db, userId, body.clientRequestId) : null;
    if (!twin) throw new AppError(503, "unavailable");
    return replayOpen(twin, body, margin, leverage, info);
  }
  publish(deps, "opened", row);
  return toOpened(row, info);
}

/** The customer closes a position at the current exit price. 404 not theirs, 409 already closed / market closed. */
export async function closePosition(deps: ContractsDeps, userId: number, id: number): Promise<PositionClosed> {
  const row = await getOwnRow(deps.db, userId, id);
  if (row.status === "closed") throw conflict("futuresPositionClosed");
  requireOpenMarket(deps.market, row.symbol);
  const quote = positionTradeQuote(deps.market, row, deps.market.exitQuote(row.symbol));
  const result = await settleOpenPosition(
    deps.db,
    id,
    {
      kind: "manual",
      bid: quote.bid,
      ask: quote.ask,
      tick: { price: quote.price, ts: quote.ts, sources: deps.market.componentsAt(row.symbol, quote.ts) },
    },
    { userId },
  );
  if (result.outcome !== "settled") throw conflict("futuresPositionClosed");
  publish(deps, "closed", result.row);
  return toClosed(result.row, deps.market.findSymbol(row.symbol));
}

/**
 * The quote a forced close (contest exit and end, demo reset) settles at: the market open
 * and the last tick fresh, the same rule as a customer's own close. Otherwise 409
 * (marketClosed, or marketPriceStale also when there is no price at all), so the caller's
 * transaction rolls back and nothing closes at a price the market has left.
 */
export function closingQuote(market: ContractsDeps["market"], symbol: string) {
  if (!market.isMarketOpen(symbol)) throw conflict("marketClosed", { symbol });
  try {
    return market.exitQuote(symbol);
  } catch (err) {
    if (err instanceof AppError && err.status === 503) throw conflict("marketPriceStale", { symbol });
    throw err;
  }
}

/**
 * Closes every open position of a customer in a mode at the market (demo reset; contest
 * exit and end, only that contest's positions), in the caller's transaction. Every price
 * must be fresh and its market open (closingQuote): otherwise 409 and nothing closes.
 */
export async function closeAllAtMarket(
  deps: ContractsDeps,
  tx: Db,
  userId: number,
  mode: TradeMode,
  contestId?: number,
): Promise<Row[]> {
  const conditions: SQL[] = [
    eq(futuresPositions.userId, userId),
    eq(futuresPositions.mode, mode),
    eq(futuresPositions.status, "open"),
  ];
  if (contestId !== undefined) conditions.push(eq(futuresPositions.contestId, contestId));
  const open = await tx
    .select()
    .from(futuresPositions)
    .where(and(...conditions))
    .orderBy(futuresPositions.id);
  const closed: Row[] = [];
  // Every price first: one stale symbol refuses the whole close before anything moves.
  const quotes = new Map(open.map((row) => [row.symbol, closingQuote(deps.market, row.symbol)]));
  for (const row of open) {
    const quote = positionTradeQuote(deps.market, row, quotes.get(row.symbol) ?? closingQuote(deps.market, row.symbol));
    const result = await settleOpenPosition(tx, row.id, {
      kind: "manual",
      bid: quote.bid,
      ask: quote.ask,
      tick: { price: quote.price, ts: quote.ts, sources: deps.market.componentsAt(row.symbol, quote.ts) },
    });
    if (result.outcome === "settled") closed.push(result.row);
  }
  return closed;
}

/** A trade quote as a position sees it: bid/ask with the spread recorded at its open. */
function positionTradeQuote<Q extends { price: string; bid: string; ask: string; ts: number; spread: string }>(
  market: ContractsDeps["market"],
  row: Row,
  quote: Q,
): Q {
  return quoteForPosition(row, { ...quote, precision: market.findSymbol(row.symbol)?.pricePrecision });
}

/** Contest exit/end: how many of the customer's positions in that contest are closed (closed trades). */
export async function countClosedContestPositions(db: Db, userId: number, contestId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(futuresPositions)
    .where(
      and(
        eq(futuresPositions.userId, userId),
        eq(futuresPositions.contestId, contestId),
        eq(futuresPositions.status, "closed"),
      ),
    );
  return Number(row?.n ?? 0);
}

/** After the caller's transaction committed: tell the settlement index. */
export function publishClosed(deps: ContractsDeps, rows: Row[]): void {
  for (const row of rows) publish(deps, "closed", row);
}

// ── TP / SL ──────────────────────────────────────────────────────────────────────────────

/** Sets or clears TP/SL of an open position (undefined keeps, null clears), validated against the price now. */
export async function updateStopLoss(
  deps: ContractsDeps,
  userId: number,
  body: PositionStopLossBody,
): Promise<PositionRecord> {
  if (body.takeProfit === undefined && body.stopLoss === undefined) throw badRequest("futuresNothingToChange");
  const row = await getOwnRow(deps.db, userId, body.id);
  if (row.status === "closed") throw conflict("futuresPositionClosed");
  const info = deps.market.symbol(row.symbol);
  const takeProfit = checkLevel(body.takeProfit, info, "takeProfit");
  const stopLoss = checkLevel(body.stopLoss, info, "stopLoss");
  const quote = deps.market.quote(row.symbol);
  // Only the levels being set are checked against the price now.
  checkTpSl(info, {
    direction: row.direction,
    exitPrice: exitPrice(row.direction, quote.bid, quote.ask),
    closeOutPrice: row.closeOutPrice,
    takeProfit: takeProfit ?? null,
    stopLoss: stopLoss ?? null,
  });
  const setAt = new Date(Math.max(quote.ts, row.openTickAt.getTime()));
  const [updated] = await deps.db
    .update(futuresPositions)
    .set({
      // A level counts from the tick it was checked against: a replay never applies it to earlier ticks.
      ...(takeProfit !== undefined ? { takeProfit, takeProfitSetAt: setAt } : {}),
      ...(stopLoss !== undefined ? { stopLoss, stopLossSetAt: setAt } : {}),
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(futuresPositions.id, body.id), eq(futuresPositions.userId, userId), eq(futuresPositions.status, "open")),
    )
    .returning();
  if (!updated) throw conflict("futuresPositionClosed");
  publish(deps, "updated", updated);
  return toRecord(updated, info, liveQuote(deps.market, updated.symbol));
}

// Data rights (modules/privacy): what this module holds about a customer.
export { futuresOpenCount, futuresUserData } from "./data-rights";
export { type ClosedFuturesTrade, listClosedRealPositions } from "./trade-history";
