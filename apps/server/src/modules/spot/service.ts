// Spot orders on crypto/USDT symbols against the feed ± the disclosed spread, with the
// platform's treasury as counterparty:
// - market: fills at once at the ask (buy) / bid (sell), one ledger batch: quote out of the
//   customer's available funds to the treasury, base from the treasury, fee to "fees";
// - limit: holds funds (a buy the quote at its limit + fee, a sell the base) and fills when
//   a tick crosses the limit (the spot settler, key `fill:spot:<id>`), at the limit or
//   better; the customer can cancel (the hold is voided). One that already crosses fills at
//   once only at a fresh tick (QUOTE_MAX_AGE_*_MS); on a stale one it rests like any other.

import type { Page, SpotListQuery, SpotOrder, SpotOrderBody, SpotSettings } from "@candor/contract";
import {
  dec,
  exceedsPrecision,
  type IndexComponent,
  limitCrosses,
  limitFillPrice,
  marketFillPrice,
  quoteFromMid,
  spotFill,
  spotHold,
  spotNotional,
  toMoneyString,
} from "@candor/domain";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Database, Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import type { TradeModes } from "../../lib/trade-mode";
import { ensureDemoAccount, lockDemoAccountShared } from "../demo/service";
import { batch, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import type { MarketService, MarketTick, SymbolInfo } from "../market/service";
import { availableKind, modeCurrency, type TradeMode } from "../options/service";
import { assertRiskHeadroom } from "../risk/service";
import { getSetting } from "../settings/service";
import { cancelOpenOrder, fillOps, type SpotOrderRow } from "./order-ledger";
import { spotRecord } from "./records";
import { spotOrders } from "./schema";

export {
  cancelContestOrders,
  cancelOpenOrder,
  countFilledContestOrders,
  fillOps,
  resetDemoSpot,
  type SpotOrderRow,
} from "./order-ledger";

/** Operator settings (settings table), with these defaults. */
export const SPOT_FEE_RATE_KEY = "spot_fee_rate";
export const SPOT_MIN_NOTIONAL_KEY = "spot_min_notional";
export const DEFAULT_SPOT_FEE_RATE = "0.001";
export const DEFAULT_SPOT_MIN_NOTIONAL = "5";

export interface FillTick {
  price: string;
  ts: number;
  bid: string;
  ask: string;
  /** An index tick's venue readings (evidence). */
  sources?: IndexComponent[];
}

export interface SpotServiceDeps {
  database: Database;
  market: MarketService;
  /** Told about every open limit order so the leader's settler watches it. */
  onNewLimitOrder?: (order: SpotOrderRow) => void;
  /** The app's trade-mode check (contest entries; app.tradeModes). */
  tradeModes: TradeModes;
}

const money = (v: string) => toMoneyString(dec(v));

export class SpotService {
  private readonly db: Db;

  constructor(private readonly deps: SpotServiceDeps) {
    this.db = deps.database.db;
  }

  /** Crypto symbols quoted in USDT are tradable on spot. */
  tradable(info: SymbolInfo): boolean {
    return info.assetClass === "crypto" && info.quote === "USDT";
  }

  async settings(): Promise<SpotSettings> {
    const { feeRate, minNotional } = await this.rules();
    return {
      feeRate,
      minNotional,
      symbols: this.deps.market
        .enabledSymbols()
        .filter((s) => this.tradable(s))
        .map((s) => ({
          symbol: s.symbol,
          base: s.base,
          quote: s.quote,
          pricePrecision: s.pricePrecision,
          qtyPrecision: s.qtyPrecision,
        })),
    };
  }

  private async rules() {
    const [feeRate, minNotional] = await Promise.all([
      getSetting<string>(this.db, SPOT_FEE_RATE_KEY, DEFAULT_SPOT_FEE_RATE),
      getSetting<string>(this.db, SPOT_MIN_NOTIONAL_KEY, DEFAULT_SPOT_MIN_NOTIONAL),
    ]);
    return { feeRate: money(String(feeRate)), minNotional: money(String(minNotional)) };
  }

  /** Bid/ask of a tick from the symbol's disclosed spread. */
  fillTick(info: SymbolInfo, tick: Pick<MarketTick, "price" | "ts" | "components">): FillTick {
    const q = quoteFromMid(tick.price, info.spread, info.pricePrecision);
    // A quote carries no readings: those of the symbol's last tick when it is the quote's.
    const sources = tick.components ?? this.deps.market.componentsAt(info.symbol, tick.ts);
    return { price: tick.price, ts: tick.ts, bid: q.bid, ask: q.ask, ...(sources ? { sources } : {}) };
  }

  async place(userId: number, body: SpotOrderBody): Promise<SpotOrder> {
    const { market } = this.deps;
    const info = market.tradableSymbol(body.symbol);
    if (!this.tradable(info)) throw badRequest("spotSymbolNotTradable", { symbol: info.symbol });
    const mode = body.mode as TradeMode;
    // Contest money: a running entry in body.contestId whose contest lists the symbol (else 400).
    const contestId = await this.deps.tradeModes.check(this.db, userId, mode, body.contestId, info.symbol);

    if (body.clientRequestId) {
      const existing = await this.findByRequestId(userId, body.clientRequestId);
      if (existing) return this.replay(existing, body);
    }

    if (exceedsPrecision(body.quantity, info.qtyPrecision)) {
      throw badRequest("tradeAmountPrecision", { field: "quantity", places: info.qtyPrecision });
    }
    if (body.type === "limit") {
      if (body.price === undefined) throw badRequest("spotPriceRequired");
      if (exceedsPrecision(body.price, info.pricePrecision)) {
        throw badRequest("tradeAmountPrecision", { field: "price", places: info.pricePrecision });
      }
    } else if (body.price !== undefined) {
      throw badRequest("spotPriceNotAllowed");
    }

    const now = Date.now();
    if (!market.isMarketOpen(info.symbol, now)) throw conflict("marketClosed", { symbol: info.symbol });
    // A market order fills at a fresh tick or not at all (409 marketPriceStale). A limit order
    // needs no price to rest; it fills at once only if a FRESH tick already crosses it —
    // on a stale tick it rests, and the settler fills it at the first later tick that
    // crosses (ticks before createdAt never count), so it can never fill at a price the
    // market has left.
    const last = market.lastTick(info.symbol);
    if (!last) throw new AppError(503, "marketNoPrice", { symbol: info.symbol });
    const fresh = body.type === "market" || !market.isStale({ symbol: info.symbol, ts: last.ts }, now);
    const current = this.fillTick(info, body.type === "market" ? market.tradeQuote(info.symbol, now) : last);

    const { feeRate, minNotional } = await this.rules();
    const valuePrice =
      body.type === "limit" ? (body.price as string) : marketFillPrice(body.side, current.bid, current.ask);
    if (dec(spotNotional(body.quantity, valuePrice)).lt(minNotional)) {
      throw badRequest("spotMinNotional", { min: minNotional, currency: info.quote });
    }

    if (mode === "demo") await ensureDemoAccount(this.db, userId);
    const values = {
      userId,
      mode,
      contestId,
      symbol: info.symbol,
      baseCurrency: modeCurrency(mode, info.base),
      quoteCurrency: modeCurrency(mode, info.quote),
      side: body.side,
      type: body.type,
      quantity: body.quantity,
      limitPrice: body.type === "limit" ? (body.price as string) : null,
      feeRate,
      clientRequestId: body.clientRequestId ?? null,
      createdAt: new Date(now),
    };

    let row: SpotOrderRow;
    try {
      row = await ledgerTransaction(this.db, async (tx) => {
        if (mode === "demo") await lockDemoAccountShared(tx, userId);
        // Holds the contest entry so an exit or the end waits for this order.
        if (contestId !== null) await this.deps.tradeModes.check(tx, userId, mode, contestId, info.symbol);
        if (body.type === "market") {
          const price = marketFillPrice(body.side, current.bid, current.ask);
          const fill = spotFill(body.side, body.quantity, price, feeRate);
          const [inserted] = await tx
            .insert(spotOrders)
            .values({
              ...values,
              status: "filled",
              fillPrice: price,
              notional: fill.notional,
              fee: fill.fee,
              fillTickPrice: current.price,
              fillTickAt: new Date(current.ts),
              fillTickSources: current.sources ?? null,
              fillBid: current.bid,
              fillAsk: current.ask,
              filledAt: new Date(now),
            })
            .returning();
          if (!inserted) throw new Error("spot order insert returned nothing");
          await batch(tx, fillOps(inserted, price, `spot:${inserted.id}`));
          // The treasury delivered the bought currency: refused (rolled back) past its limit.
          const delivered = body.side === "buy" ? inserted.baseCurrency : inserted.quoteCurrency;
          await assertRiskHeadroom(tx, market, { account: "treasury", currency: delivered });
          return inserted;
        }
        const hold = spotHold(body.side, body.quantity, body.price as string, feeRate);
        // A fill will take what the order buys out of the treasury.
        await assertRiskHeadroom(tx, market, {
          account: "treasury",
          currency: body.side === "buy" ? values.baseCurrency : values.quoteCurrency,
          worstCase: body.side === "buy" ? body.quantity : dec(body.quantity).mul(body.price as string),
        });
        const [inserted] = await tx
          .insert(spotOrders)
          .values({ ...values, status: "open", heldAmount: hold.amount })
          .returning();
        if (!inserted) throw new Error("spot order insert returned nothing");
        const result = await batch(tx, [
          {
            type: "hold",
            currency: hold.asset === "quote" ? inserted.quoteCurrency : inserted.baseCurrency,
            debit: userAccount(userId, availableKind(mode)),
            credit: platformAccount("treasury"),
            amount: hold.amount,
            key: `spot:${inserted.id}:hold`,
            kind: "spot_order",
            reference: { type: "spot_order", id: inserted.id },
          },
        ]);
        const holdId = result.transfers[0]?.id;
        const [withHold] = await tx
          .update(spotOrders)
          .set({ holdTransferId: holdId })
          .where(eq(spotOrders.id, inserted.id))
          .returning();
        return withHold ?? inserted;
      });
    } catch (err) {
      if (body.clientRequestId && isUniqueViolation(err)) {
        const existing = await this.findByRequestId(userId, body.clientRequestId);
        if (existing) return this.replay(existing, body);
      }
      throw err;
    }

    if (row.status === "open") {
      // A limit order that already crosses fills at once, at the limit or better.
      if (fresh && limitCrosses(body.side, body.price as string, current.bid, current.ask)) {
        await this.fill(row.id, current);
        return this.detail(userId, row.id);
      }
      this.deps.onNewLimitOrder?.(row);
    }
    return this.toRecord(row);
  }

  private async findByRequestId(userId: number, clientRequestId: string): Promise<SpotOrderRow | null> {
    const [row] = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.userId, userId), eq(spotOrders.clientRequestId, clientRequestId)))
      .limit(1);
    return row ?? null;
  }

  private replay(existing: SpotOrderRow, body: SpotOrderBody): SpotOrder {
    const same =
      existing.symbol === body.symbol &&
      existing.side === body.side &&
      existing.type === body.type &&
      existing.mode === body.mode &&
      (existing.contestId ?? null) === (body.contestId ?? null) &&
      dec(existing.quantity).eq(body.quantity) &&
      (body.price === undefined
        ? existing.limitPrice === null
        : existing.limitPrice !== null && dec(existing.limitPrice).eq(body.price));
    if (!same) throw conflict("tradeRequestReused");
    return this.toRecord(existing);
  }

  /**
   * Fill an open limit order at a tick that crosses its limit (at the limit or better).
   * Guarded by `status = 'open'` in the same transaction as the ledger batch (keys
   * `fill:spot:<id>…`), so a second fill or a racing cancel never moves money twice.
   */
  async fill(id: number, tick: FillTick): Promise<"filled" | "notCrossed" | "done"> {
    const [order] = await this.db.select().from(spotOrders).where(eq(spotOrders.id, id)).limit(1);
    if (order?.status !== "open" || order.limitPrice === null || order.holdTransferId === null) return "done";
    const side = order.side as "buy" | "sell";
    if (!limitCrosses(side, order.limitPrice, tick.bid, tick.ask)) return "notCrossed";
    const price = limitFillPrice(side, order.limitPrice, tick.bid, tick.ask);
    const fill = spotFill(side, order.quantity, price, order.feeRate);
    return ledgerTransaction(this.db, async (tx) => {
      const updated = await tx
        .update(spotOrders)
        .set({
          status: "filled",
          fillPrice: price,
          notional: fill.notional,
          fee: fill.fee,
          fillTickPrice: tick.price,
          fillTickAt: new Date(tick.ts),
          fillTickSources: tick.sources ?? null,
          fillBid: tick.bid,
          fillAsk: tick.ask,
          filledAt: new Date(),
        })
        .where(and(eq(spotOrders.id, id), eq(spotOrders.status, "open")))
        .returning();
      const row = updated[0];
      if (!row) return "done" as const;
      await batch(tx, fillOps(row, price, `fill:spot:${id}`));
      return "filled" as const;
    });
  }

  /** Cancel one of the caller's open limit orders: the hold is voided. Another customer's → 404; not open → 409. */
  async cancel(userId: number, id: number): Promise<SpotOrder> {
    const [order] = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId)))
      .limit(1);
    if (!order) throw notFound();
    if (order.status !== "open" || order.holdTransferId === null) throw conflict("spotOrderNotOpen");
    const cancelled = await ledgerTransaction(this.db, async (tx) => cancelOpenOrder(tx, order, "customer"));
    if (!cancelled) throw conflict("spotOrderNotOpen");
    return this.toRecord(cancelled);
  }

  async listMy(userId: number, query: SpotListQuery): Promise<Page<SpotOrder>> {
    const contestId = await this.deps.tradeModes.check(this.db, userId, query.mode as TradeMode, query.contestId, null);
    const filters: SQL[] = [eq(spotOrders.userId, userId), eq(spotOrders.mode, query.mode)];
    if (contestId !== null) filters.push(eq(spotOrders.contestId, contestId));
    if (query.status) filters.push(eq(spotOrders.status, query.status));
    if (query.symbol) filters.push(eq(spotOrders.symbol, query.symbol));
    const where = and(...filters);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(spotOrders)
        .where(where)
        .orderBy(desc(spotOrders.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(spotOrders).where(where),
    ]);
    return {
      records: rows.map((r) => this.toRecord(r)),
      total: Number(totals[0]?.n ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  async detail(userId: number, id: number): Promise<SpotOrder> {
    const [row] = await this.db
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return this.toRecord(row);
  }

  /** Open limit orders with an id above `afterId`, for the settler's index. */
  async openOrders(afterId = 0, limit = 5000) {
    const rows = await this.deps.database.query<{
      id: number | string;
      symbol: string;
      side: string;
      limit_price: string;
      created_at: Date | string;
    }>(
      `SELECT id, symbol, side, limit_price, created_at FROM spot_orders
       WHERE status = 'open' AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      symbol: r.symbol,
      side: r.side as "buy" | "sell",
      limitPrice: money(r.limit_price),
      createdAt: new Date(r.created_at).getTime(),
    }));
  }

  toRecord(r: SpotOrderRow): SpotOrder {
    return spotRecord(r, this.deps.market.findSymbol(r.symbol));
  }
}
// Data rights (modules/privacy): what this module holds about a customer.
export { spotOpenCount, spotUserData } from "./data-rights";
export { listRealSpotFills, type SpotFillRecord } from "./trade-history";
