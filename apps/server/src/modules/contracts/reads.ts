// Reading futures positions: the customer's list and one position (with live figures),
// the preview before opening, and the summary (equity, margin, available).
import type {
  Page,
  PositionListQuery,
  PositionPreview,
  PositionPreviewQuery,
  PositionRecord,
  PositionsSummary,
  TradeMode,
} from "@candor/contract";
import { toMoneyString } from "@candor/domain";
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import { modeMoney } from "../demo/service";
import { getAccountBalance } from "../ledger/service";
import { checkLeverage, checkMargin, previewAtQuote } from "./checks";
import type { ContractsDeps, ContractsRequestDeps } from "./context";
import { getFuturesEquity, liveQuote, type Quote } from "./equity";
import { format, toRecord } from "./records";
import { futuresPositions, type FuturesPositionRow as Row } from "./schema";
import { FEE_RATES } from "./settlement";

/** The caller's own position (404 for another customer's). */
export async function getOwnRow(db: Db, userId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(futuresPositions)
    .where(and(eq(futuresPositions.id, id), eq(futuresPositions.userId, userId)));
  if (!row) throw notFound("futuresPositionNotFound");
  return row;
}

export async function listMyPositions(
  deps: ContractsRequestDeps,
  userId: number,
  query: PositionListQuery,
): Promise<Page<PositionRecord>> {
  const t = futuresPositions;
  const contestId = await deps.tradeModes.check(deps.db, userId, query.mode, query.contestId, null);
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

export async function availableBalance(db: Db, userId: number, mode: TradeMode): Promise<string> {
  const { currency, availableKind } = modeMoney(mode);
  const account = await getAccountBalance(db, { userId, kind: availableKind, currency });
  return account?.available ?? "0";
}

/** Everything the app shows before opening: prices, quantity, fee, total cost, expected close-out price. */
export async function previewPosition(
  deps: ContractsRequestDeps,
  userId: number,
  query: PositionPreviewQuery,
): Promise<PositionPreview> {
  const info = deps.market.tradableSymbol(query.symbol);
  const leverage = checkLeverage(query.leverage, info);
  const margin = checkMargin(query.margin);
  await deps.tradeModes.check(deps.db, userId, query.mode, query.contestId, info.symbol);
  const quote = deps.market.quote(info.symbol);
  const preview = previewAtQuote(info, query.direction, margin, leverage, quote);
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
  deps: ContractsRequestDeps,
  userId: number,
  mode: TradeMode,
  contestId?: number,
): Promise<PositionsSummary> {
  await deps.tradeModes.check(deps.db, userId, mode, contestId, null);
  const [equity, available] = await Promise.all([
    getFuturesEquity(deps.db, deps.market, userId, mode),
    availableBalance(deps.db, userId, mode),
  ]);
  return { mode, ...equity, available };
}
