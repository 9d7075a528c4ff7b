// Futures position rows as the API shows them: a record (with live figures from a quote),
// the answer to an open, and the answer to a close.
import type { PositionClosed, PositionOpened, PositionRecord } from "@candor/contract";
import {
  type Decimal,
  dec,
  marginLevel,
  positionNetResult,
  positionPnl,
  positionYield,
  toMoneyString,
} from "@candor/domain";
import type { SymbolInfo } from "../market/service";
import { type Quote, settleAtQuote } from "./equity";
import type { FuturesPositionRow as Row } from "./schema";

export function format(info: SymbolInfo | undefined) {
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

export function toRecord(row: Row, info: SymbolInfo | undefined, quote: Quote | null): PositionRecord {
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
    netResult: open
      ? live
        ? positionNetResult(live.pnl, row.openFee)
        : null
      : positionNetResult(row.pnl ?? "0", row.openFee),
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
    openTick: {
      price: f.price(row.openTickPrice),
      ts: row.openTickAt.getTime(),
      ...(row.openTickSources ? { sources: row.openTickSources } : {}),
    },
    closeTick:
      row.closeTickPrice === null || row.closeTickAt === null
        ? null
        : {
            price: f.price(row.closeTickPrice),
            ts: row.closeTickAt.getTime(),
            ...(row.closeTickSources ? { sources: row.closeTickSources } : {}),
          },
  };
}

export function toOpened(row: Row, info: SymbolInfo | undefined): PositionOpened {
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

export function toClosed(row: Row, info: SymbolInfo | undefined): PositionClosed {
  const r = toRecord(row, info, null);
  if (row.status !== "closed" || !r.closePrice || !r.closeReason || !r.closedAt || !r.closeTick) {
    throw new Error(`position ${row.id} is not closed`);
  }
  return {
    id: r.id,
    closePrice: r.closePrice,
    pnl: r.pnl ?? "0",
    netResult: r.netResult ?? "0",
    status: "closed",
    closeReason: r.closeReason,
    closingFee: r.closingFee ?? "0",
    returned: r.returned ?? "0",
    yield: r.yield ?? "0",
    closedAt: r.closedAt,
    closeTick: r.closeTick,
  };
}
