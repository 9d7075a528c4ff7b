// Flash exchange: swap one currency for another at the live rate through USDT, with the
// disclosed spread (FROM sold at its bid, TO bought at its ask: flashQuote), executed in
// one ledger batch against the platform's treasury, idempotent by clientRequestId.

import type {
  FlashCurrency,
  FlashExchangeBody,
  FlashExchangeRecord,
  FlashQuote,
  FlashQuoteQuery,
  Page,
  PageQuery,
} from "@candor/contract";
import { dec, exceedsPrecision, flashQuote, type LegPrice, toMoneyString, USDT_LEG } from "@candor/domain";
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { batch, getAccountBalance, ledgerTransaction, platformAccount, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";
import { assertRiskHeadroom } from "../risk/service";
import { getSetting } from "../settings/service";
import { listCurrencyRows } from "../wallet/service";
import { flashExchanges } from "./schema";

/** Operator setting: the smallest exchange, valued in USDT at mid prices. */
export const FLASH_MIN_USDT_KEY = "flash_exchange_min_usdt";
export const DEFAULT_FLASH_MIN_USDT = "1";

type Row = typeof flashExchanges.$inferSelect;

interface Leg {
  currency: string;
  precision: number;
  price: LegPrice;
  /** The leg's tick is too old to trade at (QUOTE_MAX_AGE_*_MS). */
  stale: boolean;
}

const money = (v: string) => toMoneyString(dec(v));

export class ExchangeService {
  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
  ) {}

  /** Wallet currencies that have a USDT price (USDT itself, or a <CODE>USDT symbol). */
  async currencies(): Promise<FlashCurrency[]> {
    const rows = await listCurrencyRows(this.db);
    return rows
      .filter((r) => r.code === "USDT" || this.market.isTradable(`${r.code}USDT`))
      .map((r) => ({
        currency: r.code,
        precision: r.precision,
        usdtPrice: r.code === "USDT" ? "1" : (this.market.lastTick(`${r.code}USDT`)?.price ?? null),
      }));
  }

  /**
   * Both legs at their last ticks. Executing needs fresh ones (`trade`: 409 marketPriceStale
   * otherwise); the quote shows stale ones flagged, so the app can say the price is old.
   */
  private async legs(from: string, to: string, amount: string, trade: boolean): Promise<{ from: Leg; to: Leg }> {
    if (from === to) throw badRequest("exchangeSameCurrency", { currency: from });
    const known = new Map((await listCurrencyRows(this.db)).map((r) => [r.code, r.precision]));
    const leg = (code: string, field: "from" | "to"): Leg => {
      const precision = known.get(code);
      if (precision === undefined || (code !== "USDT" && !this.market.isTradable(`${code}USDT`))) {
        throw badRequest("exchangeUnknownCurrency", { field, currency: code });
      }
      if (code === "USDT") return { currency: code, precision, price: USDT_LEG, stale: false };
      const now = Date.now();
      const q = trade ? this.market.tradeQuote(`${code}USDT`, now) : this.market.quote(`${code}USDT`, now);
      return { currency: code, precision, price: { bid: q.bid, ask: q.ask }, stale: this.market.isStale(q, now) };
    };
    const legs = { from: leg(from, "from"), to: leg(to, "to") };
    if (exceedsPrecision(amount, legs.from.precision)) {
      throw badRequest("tradeAmountPrecision", { field: "amount", places: legs.from.precision });
    }
    return legs;
  }

  private async compute(input: { from: string; to: string; amount: string }, trade: boolean) {
    const legs = await this.legs(input.from, input.to, input.amount, trade);
    const q = flashQuote(input.amount, legs.from.price, legs.to.price, legs.to.precision);
    const min = money(String(await getSetting<string>(this.db, FLASH_MIN_USDT_KEY, DEFAULT_FLASH_MIN_USDT)));
    const fromMid = dec(legs.from.price.bid).plus(legs.from.price.ask).div(2);
    if (dec(input.amount).mul(fromMid).lt(min) || !dec(q.received).gt(0)) {
      throw badRequest("exchangeAmountTooSmall", { min });
    }
    return { legs, q };
  }

  private async balance(userId: number, currency: string) {
    return dec((await getAccountBalance(this.db, { userId, kind: "spot", currency }))?.available ?? "0");
  }

  /** What an exchange would give now: rate, spread, received, balances before and after. */
  async quote(userId: number, query: FlashQuoteQuery): Promise<FlashQuote> {
    const amount = money(query.amount);
    const { legs, q } = await this.compute({ ...query, amount }, false);
    const [fromBefore, toBefore] = await Promise.all([
      this.balance(userId, query.from),
      this.balance(userId, query.to),
    ]);
    return {
      from: query.from,
      to: query.to,
      amount,
      rate: q.rate,
      midRate: q.midRate,
      received: q.received,
      spreadCost: q.spreadCost,
      spreadCostAmount: q.spreadCostAmount,
      fromPrice: { bid: money(String(legs.from.price.bid)), ask: money(String(legs.from.price.ask)) },
      toPrice: { bid: money(String(legs.to.price.bid)), ask: money(String(legs.to.price.ask)) },
      fromBalanceBefore: toMoneyString(fromBefore),
      fromBalanceAfter: toMoneyString(fromBefore.minus(amount)),
      toBalanceBefore: toMoneyString(toBefore),
      toBalanceAfter: toMoneyString(toBefore.plus(q.received)),
      sufficient: fromBefore.gte(amount),
      stale: legs.from.stale || legs.to.stale,
      ts: Date.now(),
    };
  }

  /** Execute at the live rate: one ledger batch (FROM to the treasury, TO from it). Not enough FROM → 409. */
  async execute(userId: number, body: FlashExchangeBody): Promise<FlashExchangeRecord> {
    const amount = money(body.amount);
    if (body.clientRequestId) {
      const existing = await this.findByRequestId(userId, body.clientRequestId);
      if (existing) return this.replay(existing, body);
    }
    const { legs, q } = await this.compute({ from: body.from, to: body.to, amount }, true);
    try {
      const row = await ledgerTransaction(this.db, async (tx) => {
        const [inserted] = await tx
          .insert(flashExchanges)
          .values({
            userId,
            fromCurrency: body.from,
            toCurrency: body.to,
            amount,
            rate: q.rate,
            midRate: q.midRate,
            received: q.received,
            spreadCost: q.spreadCost,
            spreadCostAmount: q.spreadCostAmount,
            fromBid: String(legs.from.price.bid),
            fromAsk: String(legs.from.price.ask),
            toBid: String(legs.to.price.bid),
            toAsk: String(legs.to.price.ask),
            clientRequestId: body.clientRequestId ?? null,
          })
          .returning();
        if (!inserted) throw new Error("flash exchange insert returned nothing");
        const reference = { type: "flash_exchange", id: inserted.id };
        await batch(tx, [
          {
            type: "transfer",
            currency: body.from,
            debit: userAccount(userId),
            credit: platformAccount("treasury"),
            amount,
            key: `exchange:${inserted.id}:pay`,
            kind: "exchange",
            reference,
          },
          {
            type: "transfer",
            currency: body.to,
            debit: platformAccount("treasury"),
            credit: userAccount(userId),
            amount: q.received,
            key: `exchange:${inserted.id}:receive`,
            kind: "exchange",
            reference,
          },
        ]);
        // The treasury delivered TO: refused (rolled back) past its exposure limit.
        await assertRiskHeadroom(tx, this.market, { account: "treasury", currency: body.to });
        return inserted;
      });
      return toRecord(row);
    } catch (err) {
      if (body.clientRequestId && isUniqueViolation(err)) {
        const existing = await this.findByRequestId(userId, body.clientRequestId);
        if (existing) return this.replay(existing, body);
      }
      throw err;
    }
  }

  private async findByRequestId(userId: number, clientRequestId: string): Promise<Row | null> {
    const [row] = await this.db
      .select()
      .from(flashExchanges)
      .where(and(eq(flashExchanges.userId, userId), eq(flashExchanges.clientRequestId, clientRequestId)))
      .limit(1);
    return row ?? null;
  }

  private replay(existing: Row, body: FlashExchangeBody): FlashExchangeRecord {
    const same =
      existing.fromCurrency === body.from && existing.toCurrency === body.to && dec(existing.amount).eq(body.amount);
    if (!same) throw conflict("tradeRequestReused");
    return toRecord(existing);
  }

  async list(userId: number, query: PageQuery): Promise<Page<FlashExchangeRecord>> {
    const where = eq(flashExchanges.userId, userId);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(flashExchanges)
        .where(where)
        .orderBy(desc(flashExchanges.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(flashExchanges).where(where),
    ]);
    return {
      records: rows.map(toRecord),
      total: Number(totals[0]?.n ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  async detail(userId: number, id: number): Promise<FlashExchangeRecord> {
    const [row] = await this.db
      .select()
      .from(flashExchanges)
      .where(and(eq(flashExchanges.id, id), eq(flashExchanges.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return toRecord(row);
  }
}

const toRecord = (r: Row): FlashExchangeRecord => ({
  id: r.id,
  from: r.fromCurrency,
  to: r.toCurrency,
  amount: money(r.amount),
  rate: money(r.rate),
  midRate: money(r.midRate),
  received: money(r.received),
  spreadCost: money(r.spreadCost),
  spreadCostAmount: money(r.spreadCostAmount),
  fromPrice: { bid: money(r.fromBid), ask: money(r.fromAsk) },
  toPrice: { bid: money(r.toBid), ask: money(r.toAsk) },
  createdAt: new Date(r.createdAt).toISOString(),
});

/** One flash exchange's spread paid, in TO units (rewards: the inviter's share of the spread). */
export async function getFlashExchangeSpread(
  db: Db,
  id: number,
): Promise<{ userId: number; currency: string; spreadCostAmount: string } | null> {
  const [row] = await db
    .select({
      userId: flashExchanges.userId,
      currency: flashExchanges.toCurrency,
      spread: flashExchanges.spreadCostAmount,
    })
    .from(flashExchanges)
    .where(eq(flashExchanges.id, id))
    .limit(1);
  return row ? { userId: row.userId, currency: row.currency, spreadCostAmount: toMoneyString(row.spread) } : null;
}
