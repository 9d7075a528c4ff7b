// Futures positions (isolated margin, the platform as counterparty): open, list, TP/SL,
// close, preview, summary, equity. Settling (settleOpenPosition, shared by the close
// endpoint, the settlement engine and the demo reset) lives in ./settlement and is
// re-exported here. The rules are the
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
  Page,
  PositionClosed,
  PositionCreateBody,
  PositionListQuery,
  PositionOpened,
  PositionPreview,
  PositionPreviewQuery,
  PositionRecord,
  PositionStopLossBody,
  PositionsSummary,
  TradeMode,
} from "@candor/contract";
import {
  type Decimal,
  dec,
  exitPrice,
  leverageProblem,
  marginLevel,
  positionPnl,
  positionYield,
  previewOpen,
  toMoneyString,
  tpSlProblem,
  USDT_PLACES,
} from "@candor/domain";
import { and, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import type { EventBus } from "../../lib/event-bus";
import { checkTradeMode } from "../../lib/trade-mode";
import type { AppEvents } from "../../plugins/bus";
import { ensureDemoAccount, lockDemoAccountShared, modeMoney } from "../demo/service";
import {
  batch,
  getAccountBalance,
  type LedgerOp,
  ledgerTransaction,
  platformAccount,
  userAccount,
} from "../ledger/service";
import type { MarketService, SymbolInfo } from "../market/service";
import { assertRiskHeadroom } from "../risk/service";
import { getFuturesEquity, liveQuote, type Quote, settleAtQuote } from "./equity";
import { type FuturesPositionRow, futuresPositions } from "./schema";
import { FEE_RATES, indexData, settleOpenPosition } from "./settlement";

export {
  type FuturesEquity,
  futuresEquity,
  getFuturesEquity,
  getOpenPositionsValue,
  type OpenPositionsValue,
} from "./equity";
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

const MARGIN_PLACES = USDT_PLACES;

export interface ContractsDeps {
  db: Db;
  market: MarketService;
  /** Publishes "futures.position" after each commit (the settlement index follows it). */
  bus?: EventBus<AppEvents>;
}

type Row = FuturesPositionRow;

// ── Reading helpers ──────────────────────────────────────────────────────────────────────

function publish(deps: ContractsDeps, type: "opened" | "updated" | "closed", row: Row): void {
  deps.bus?.publish("futures.position", { type, position: indexData(row) });
}

const places = (value: string) => dec(value).decimalPlaces();

function format(info: SymbolInfo | undefined) {
  return {
    price: (v: string | Decimal) => (info ? dec(v).toFixed(info.pricePrecision) : toMoneyString(v)),
    qty: (v: string | Decimal) => (info ? dec(v).toFixed(info.qtyPrecision) : toMoneyString(v)),
  };
}

/** What closing now would give: exit price, P&L after the closing fee (≥ −margin), yield, margin level. */
function liveFigures(row: Row, quote: Quote) {
  const { exit, settlement: s } = settleAtQuote(row, quote);
  const gross = positionPnl(row.direction, row.quantity, row.openPrice, exit);
  return { exit, pnl: s.pnl, yield: s.yield, marginLevel: marginLevel(row.margin, gross) };
}

function toRecord(row: Row, info: SymbolInfo | undefined, quote: Quote | null): PositionRecord {
  const f = format(info);
  const open = row.status !== "closed";
  const live = open && quote ? liveFigures(row, quote) : null;
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    openPrice: f.price(row.openPrice),
    currentPrice: live ? f.price(live.exit) : null,
    closePrice: row.closePrice === null ? null : f.price(row.closePrice),
    margin: toMoneyString(row.margin),
    leverage: row.leverage,
    quantity: f.qty(row.quantity),
    takeProfit: row.takeProfit === null ? null : f.price(row.takeProfit),
    stopLoss: row.stopLoss === null ? null : f.price(row.stopLoss),
    pnl: open ? (live?.pnl ?? null) : toMoneyString(row.pnl ?? "0"),
    yield: open ? (live?.yield ?? null) : positionYield(row.pnl ?? "0", row.margin),
    status: row.status,
    closeReason: row.closeReason,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    mode: row.mode,
    contestId: row.contestId ?? null,
    currency: row.currency,
    openingFee: toMoneyString(row.openFee),
    closingFee: row.closeFee === null ? null : toMoneyString(row.closeFee),
    closeOutPrice: f.price(row.closeOutPrice),
    marginLevel: live?.marginLevel ?? null,
    returned: row.returned === null ? null : toMoneyString(row.returned),
    openTick: { price: f.price(row.openTickPrice), ts: row.openTickAt.getTime() },
    closeTick:
      row.closeTickPrice === null || row.closeTickAt === null
        ? null
        : { price: f.price(row.closeTickPrice), ts: row.closeTickAt.getTime() },
  };
}

function toOpened(row: Row, info: SymbolInfo | undefined): PositionOpened {
  const r = toRecord(row, info, null);
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    openPrice: r.openPrice,
    margin: r.margin,
    leverage: r.leverage,
    quantity: r.quantity,
    status: "open",
    mode: r.mode,
    contestId: r.contestId ?? null,
    currency: r.currency,
    openingFee: r.openingFee,
    closeOutPrice: r.closeOutPrice,
    takeProfit: r.takeProfit,
    stopLoss: r.stopLoss,
    openedAt: r.openedAt,
    openTick: r.openTick,
  };
}

function toClosed(row: Row, info: SymbolInfo | undefined): PositionClosed {
  const r = toRecord(row, info, null);
  if (row.status !== "closed" || !r.closePrice || !r.closeReason || !r.closedAt || !r.closeTick) {
    throw new Error(`position ${row.id} is not closed`);
  }
  return {
    id: r.id,
    closePrice: r.closePrice,
    pnl: r.pnl ?? "0",
    status: "closed",
    closeReason: r.closeReason,
    closingFee: r.closingFee ?? "0",
    returned: r.returned ?? "0",
    yield: r.yield ?? "0",
    closedAt: r.closedAt,
    closeTick: r.closeTick,
  };
}

// ── Validation ───────────────────────────────────────────────────────────────────────────

function checkLeverage(leverage: string, info: SymbolInfo): number {
  if (leverageProblem(leverage, info.maxLeverage) !== null) {
    throw badRequest("futuresLeverage", { max: info.maxLeverage, symbol: info.symbol });
  }
  return Number(leverage);
}

function checkMargin(margin: string): string {
  if (places(margin) > MARGIN_PLACES) throw badRequest("futuresMarginDecimals", { places: MARGIN_PLACES });
  return toMoneyString(margin);
}

/** A TP/SL level as given: undefined (not given), null (none), or a positive price at the symbol's precision. */
function checkLevel(
  value: string | null | undefined,
  info: SymbolInfo,
  field: "takeProfit" | "stopLoss",
): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (!dec(value).gt(0) || places(value) > info.pricePrecision) {
    throw badRequest(field === "takeProfit" ? "futuresTakeProfitInvalid" : "futuresStopLossInvalid", {
      places: info.pricePrecision,
    });
  }
  return toMoneyString(value);
}

function checkTpSl(info: SymbolInfo, args: Parameters<typeof tpSlProblem>[0]): void {
  switch (tpSlProblem(args)) {
    case null:
      return;
    case "takeProfitWrongSide":
      throw badRequest("futuresTakeProfitWrongSide", { price: toMoneyString(args.exitPrice) });
    case "stopLossWrongSide":
      throw badRequest("futuresStopLossWrongSide", { price: toMoneyString(args.exitPrice) });
    case "stopLossBeyondCloseOut":
      throw badRequest("futuresStopLossBeyondCloseOut", { closeOutPrice: toMoneyString(args.closeOutPrice) });
    case "notPositive":
      throw badRequest(args.takeProfit ? "futuresTakeProfitInvalid" : "futuresStopLossInvalid", {
        places: info.pricePrecision,
      });
  }
}

function requireOpenMarket(market: MarketService, symbol: string): void {
  if (!market.isMarketOpen(symbol)) throw conflict("marketClosed", { symbol });
}

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
  deps: ContractsDeps,
  userId: number,
  body: PositionCreateBody,
): Promise<PositionOpened> {
  const { db, market } = deps;
  const info = market.tradableSymbol(body.symbol);
  const leverage = checkLeverage(body.leverage, info);
  const margin = checkMargin(body.margin);
  const takeProfit = checkLevel(body.takeProfit, info, "takeProfit") ?? null;
  const stopLoss = checkLevel(body.stopLoss, info, "stopLoss") ?? null;
  const contestId = await checkTradeMode(db, userId, body.mode, body.contestId, info.symbol);
  if (body.clientRequestId) {
    const existing = await findByRequestId(db, userId, body.clientRequestId);
    if (existing) return replayOpen(existing, body, margin, leverage, info);
  }
  requireOpenMarket(market, info.symbol);
  const quote = market.tradeQuote(info.symbol);
  const preview = previewOpen({
    direction: body.direction,
    margin,
    leverage,
    bid: quote.bid,
    ask: quote.ask,
    pricePrecision: info.pricePrecision,
    qtyPrecision: info.qtyPrecision,
    rates: FEE_RATES,
  });
  if (!dec(preview.quantity).gt(0)) {
    throw badRequest("futuresMarginTooSmall", {
      symbol: info.symbol,
      minQuantity: dec(1).div(dec(10).pow(info.qtyPrecision)).toFixed(),
    });
  }
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
      if (contestId !== null) await checkTradeMode(tx, userId, body.mode, contestId, info.symbol);
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
          openTickPrice: quote.price,
          openTickAt: new Date(quote.ts),
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
      // most, a long's at a doubled price) is the worst case counted against its limit.
      await assertRiskHeadroom(tx, market, { account: "house", currency, worstCase: preview.notional });
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
  const quote = deps.market.tradeQuote(row.symbol);
  const result = await settleOpenPosition(
    deps.db,
    id,
    { kind: "manual", bid: quote.bid, ask: quote.ask, tick: { price: quote.price, ts: quote.ts } },
    { userId },
  );
  if (result.outcome !== "settled") throw conflict("futuresPositionClosed");
  publish(deps, "closed", result.row);
  return toClosed(result.row, deps.market.findSymbol(row.symbol));
}

/**
 * Closes every open position of a customer in a mode at the market (demo reset; contest
 * exit and end, only that contest's positions), in the caller's transaction.
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
  for (const row of open) {
    const quote = deps.market.quote(row.symbol);
    const result = await settleOpenPosition(tx, row.id, {
      kind: "manual",
      bid: quote.bid,
      ask: quote.ask,
      tick: { price: quote.price, ts: quote.ts },
    });
    if (result.outcome === "settled") closed.push(result.row);
  }
  return closed;
}

/** After the caller's transaction committed: tell the settlement index. */
export function publishClosed(deps: ContractsDeps, rows: Row[]): void {
  for (const row of rows) publish(deps, "closed", row);
}

// ── TP / SL ──────────────────────────────────────────────────────────────────────────────

async function getOwnRow(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(futuresPositions)
    .where(and(eq(futuresPositions.id, id), eq(futuresPositions.userId, userId)));
  if (!row) throw notFound("futuresPositionNotFound");
  return row;
}

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

// ── Lists, detail, preview, summary, equity ─────────────────────────────────────────────

export async function listMyPositions(
  deps: ContractsDeps,
  userId: number,
  query: PositionListQuery,
): Promise<Page<PositionRecord>> {
  const t = futuresPositions;
  const contestId = await checkTradeMode(deps.db, userId, query.mode, query.contestId, null);
  const conditions: SQL[] = [eq(t.userId, userId), eq(t.mode, query.mode)];
  if (contestId !== null) conditions.push(eq(t.contestId, contestId));
  if (query.status === "open") conditions.push(ne(t.status, "closed"));
  if (query.status === "closed") conditions.push(eq(t.status, "closed"));
  if (query.symbol) conditions.push(eq(t.symbol, query.symbol));
  const where = and(...conditions);
  const order = query.status === "closed" ? [desc(t.closedAt), desc(t.id)] : [desc(t.id)];
  const [[total], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(t).where(where),
    deps.db
      .select()
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
  ]);
  const quotes = new Map<string, Quote | null>();
  const records = rows.map((row) => {
    if (!quotes.has(row.symbol)) quotes.set(row.symbol, liveQuote(deps.market, row.symbol));
    return toRecord(row, deps.market.findSymbol(row.symbol), quotes.get(row.symbol) ?? null);
  });
  return { records, total: Number(total?.n ?? 0), pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function getMyPosition(deps: ContractsDeps, userId: number, id: number): Promise<PositionRecord> {
  const row = await getOwnRow(deps.db, userId, id);
  return toRecord(row, deps.market.findSymbol(row.symbol), liveQuote(deps.market, row.symbol));
}

async function availableBalance(db: Db, userId: number, mode: TradeMode): Promise<string> {
  const { currency, availableKind } = modeMoney(mode);
  const account = await getAccountBalance(db, { userId, kind: availableKind, currency });
  return account?.available ?? "0";
}

/** Everything the app shows before opening: prices, quantity, fee, total cost, expected close-out price. */
export async function previewPosition(
  deps: ContractsDeps,
  userId: number,
  query: PositionPreviewQuery,
): Promise<PositionPreview> {
  const info = deps.market.tradableSymbol(query.symbol);
  const leverage = checkLeverage(query.leverage, info);
  const margin = checkMargin(query.margin);
  await checkTradeMode(deps.db, userId, query.mode, query.contestId, info.symbol);
  const quote = deps.market.quote(info.symbol);
  const preview = previewOpen({
    direction: query.direction,
    margin,
    leverage,
    bid: quote.bid,
    ask: quote.ask,
    pricePrecision: info.pricePrecision,
    qtyPrecision: info.qtyPrecision,
    rates: FEE_RATES,
  });
  if (!dec(preview.quantity).gt(0)) {
    throw badRequest("futuresMarginTooSmall", {
      symbol: info.symbol,
      minQuantity: dec(1).div(dec(10).pow(info.qtyPrecision)).toFixed(),
    });
  }
  const f = format(info);
  return {
    symbol: info.symbol,
    direction: query.direction,
    mode: query.mode,
    currency: modeMoney(query.mode).currency,
    price: quote.price,
    bid: quote.bid,
    ask: quote.ask,
    spread: quote.spread,
    ts: quote.ts,
    stale: deps.market.isStale(quote),
    marketOpen: quote.marketOpen,
    simulated: quote.simulated,
    margin,
    leverage,
    maxLeverage: info.maxLeverage,
    openPrice: f.price(preview.openPrice),
    quantity: f.qty(preview.quantity),
    notional: preview.notional,
    openingFee: preview.openingFee,
    totalCost: preview.totalCost,
    closeOutPrice: f.price(preview.closeOutPrice),
    available: await availableBalance(deps.db, userId, query.mode),
    feeRates: { open: toMoneyString(FEE_RATES.open), close: toMoneyString(FEE_RATES.close) },
  };
}

export async function getPositionsSummary(
  deps: ContractsDeps,
  userId: number,
  mode: TradeMode,
  contestId?: number,
): Promise<PositionsSummary> {
  await checkTradeMode(deps.db, userId, mode, contestId, null);
  const [equity, available] = await Promise.all([
    getFuturesEquity(deps.db, deps.market, userId, mode),
    availableBalance(deps.db, userId, mode),
  ]);
  return { mode, ...equity, available };
}
