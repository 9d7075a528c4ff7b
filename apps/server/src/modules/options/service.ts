// Short-term options ("second contract"): operator-set periods per symbol, buy up/down
// with the stake moved at once (spot → options, atomic with the order row), settlement
// from the FIRST RECORDED TICK AT OR AFTER EXPIRY (win pays the profit from the house,
// a loss moves the stake to the house, a draw refunds), evidence ticks on every order,
// and country gating (deployment configuration).

import type {
  OperatorOptionSetBody,
  OperatorOptionSetting,
  OptionAvailability,
  OptionBuyBody,
  OptionListQuery,
  OptionOrder,
  OptionSetting,
  Page,
} from "@candor/contract";
import {
  dec,
  exceedsPrecision,
  optionPayout,
  optionResult,
  optionStakeProblem,
  optionWorstCase,
  toMoneyString,
} from "@candor/domain";
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Database, Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { ensureDemoAccount, lockDemoAccountShared } from "../demo/service";
import { batch, ledgerTransaction, userAccount } from "../ledger/service";
import type { MarketService } from "../market/service";
import { releaseRisk, reserveRisk } from "../risk/service";
import { getUserCountry } from "../users/service";
import { availableKind, modeCurrency, type TradeMode } from "./mode";
import { type OptionOrderRow, settlementOps } from "./order-ledger";
import { optionRecord, toOperatorSetting, toSetting } from "./records";
import { optionOrders, optionSettings } from "./schema";

/** Seeded periods (seconds) and payout rates; operators change them per symbol. */
export const DEFAULT_OPTION_PERIODS = [
  { periodSeconds: 30, payoutRate: "0.85" },
  { periodSeconds: 60, payoutRate: "0.82" },
  { periodSeconds: 120, payoutRate: "0.8" },
  { periodSeconds: 300, payoutRate: "0.75" },
] as const;
export const DEFAULT_OPTION_LIMITS = { minAmount: "10", maxAmount: "10000" } as const;

/** Stakes have at most this many decimals. */
export const STAKE_DECIMALS = 8;

/** Real, demo or contest money: for spot, which trades in the same modes. */
export { availableKind, DEMO_PREFIX, modeCurrency, type TradeMode } from "./mode";
export { cancelOpenDemoOptions, type OptionOrderRow, settlementOps } from "./order-ledger";

export type SettleOutcome = "settled" | "waiting" | "notDue" | "done";

export interface OptionsServiceDeps {
  database: Database;
  market: MarketService;
  config: Pick<Config, "optionsBlockedCountries">;
  log: FastifyBaseLogger;
  /** Told about every new order so the leader can settle it on time. */
  onNewOrder?: (order: OptionOrderRow) => void;
  /** Told after a real-money order's settlement committed (the inbox follows it on the bus). */
  onSettled?: (event: { order: OptionOrderRow; price: string; payout: string }) => void;
}

const money = (v: string) => toMoneyString(dec(v));

/** Seed the default periods for every symbol that has none of them; never overwrites an operator's change. */
export async function seedOptionSettings(database: Database): Promise<void> {
  const values = DEFAULT_OPTION_PERIODS.map((p, i) => `(${p.periodSeconds}, ${p.payoutRate}::numeric, ${i})`).join(
    ", ",
  );
  await database.query(
    `INSERT INTO option_settings (symbol, period_seconds, payout_rate, min_amount, max_amount, sort_order)
     SELECT s.symbol, p.period, p.rate, $1::numeric, $2::numeric, p.sort
     FROM market_symbols s CROSS JOIN (VALUES ${values}) AS p(period, rate, sort)
     ON CONFLICT (symbol, period_seconds) DO NOTHING`,
    [DEFAULT_OPTION_LIMITS.minAmount, DEFAULT_OPTION_LIMITS.maxAmount],
  );
}

export class OptionsService {
  private readonly db: Db;

  constructor(private readonly deps: OptionsServiceDeps) {
    this.db = deps.database.db;
  }

  // ---- gating ----

  /** Whether options are offered to this customer (by country: registration country until KYC sets it). */
  async availability(userId: number): Promise<Omit<OptionAvailability, "message">> {
    const country = await getUserCountry(this.db, userId);
    const blocked = country !== null && this.deps.config.optionsBlockedCountries.includes(country.toUpperCase());
    return { offered: !blocked, country, reason: blocked ? "countryBlocked" : null };
  }

  /** 403 with the translated reason when options are not offered to the customer. */
  async assertOffered(userId: number): Promise<void> {
    const a = await this.availability(userId);
    if (!a.offered) throw forbidden("optionsNotOffered", { country: a.country ?? "" });
  }

  // ---- settings ----

  async listSettings(userId: number, symbol: string): Promise<OptionSetting[]> {
    await this.assertOffered(userId);
    const info = this.deps.market.tradableSymbol(symbol);
    const rows = await this.db
      .select()
      .from(optionSettings)
      .where(and(eq(optionSettings.symbol, info.symbol), eq(optionSettings.enabled, true)))
      .orderBy(asc(optionSettings.sortOrder), asc(optionSettings.periodSeconds));
    return rows.map(toSetting);
  }

  async operatorListSettings(symbol?: string): Promise<OperatorOptionSetting[]> {
    const rows = await this.db
      .select()
      .from(optionSettings)
      .where(symbol ? eq(optionSettings.symbol, symbol) : undefined)
      .orderBy(asc(optionSettings.symbol), asc(optionSettings.sortOrder), asc(optionSettings.periodSeconds));
    return rows.map(toOperatorSetting);
  }

  /** Create or change one period of a symbol. Orders already bought keep their terms. */
  async operatorSaveSetting(body: OperatorOptionSetBody): Promise<OperatorOptionSetting> {
    const info = this.deps.market.symbol(body.symbol);
    for (const field of ["payoutRate", "minAmount", "maxAmount"] as const) {
      if (exceedsPrecision(body[field], STAKE_DECIMALS)) {
        throw badRequest("tradeAmountPrecision", { field, places: STAKE_DECIMALS });
      }
    }
    const values = {
      symbol: info.symbol,
      periodSeconds: body.periodSeconds,
      payoutRate: body.payoutRate,
      minAmount: body.minAmount,
      maxAmount: body.maxAmount,
      enabled: body.enabled,
      sortOrder: body.sortOrder,
      updatedAt: new Date(),
    };
    try {
      if (body.id !== undefined) {
        const [row] = await this.db
          .update(optionSettings)
          .set(values)
          .where(eq(optionSettings.id, body.id))
          .returning();
        if (!row) throw notFound();
        return toOperatorSetting(row);
      }
      const [row] = await this.db.insert(optionSettings).values(values).returning();
      if (!row) throw notFound();
      return toOperatorSetting(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("conflict");
      throw err;
    }
  }

  // ---- orders ----

  async buy(userId: number, body: OptionBuyBody, now = Date.now()): Promise<OptionOrder> {
    await this.assertOffered(userId);
    const mode = body.mode as TradeMode;
    const currency = modeCurrency(mode);
    const { market } = this.deps;
    const info = market.tradableSymbol(body.symbol);

    if (body.clientRequestId) {
      const existing = await this.findByRequestId(userId, body.clientRequestId);
      if (existing) return this.replay(existing, body);
    }

    const [setting] = await this.db
      .select()
      .from(optionSettings)
      .where(
        and(
          eq(optionSettings.id, body.setId),
          eq(optionSettings.symbol, info.symbol),
          eq(optionSettings.enabled, true),
        ),
      )
      .limit(1);
    if (!setting) throw notFound("optionsSettingNotFound", { symbol: info.symbol });

    if (exceedsPrecision(body.amount, STAKE_DECIMALS)) {
      throw badRequest("tradeAmountPrecision", { field: "amount", places: STAKE_DECIMALS });
    }
    const problem = optionStakeProblem(body.amount, setting.minAmount, setting.maxAmount);
    if (problem === "belowMin") throw badRequest("optionsStakeBelowMin", { min: money(setting.minAmount), currency });
    if (problem === "aboveMax") throw badRequest("optionsStakeAboveMax", { max: money(setting.maxAmount), currency });

    if (!market.isMarketOpen(info.symbol, now)) throw conflict("marketClosed", { symbol: info.symbol });
    // The open price is the fresh tick the customer saw (409 marketPriceStale otherwise);
    // its price and time are stored as the opening evidence.
    const tick = market.tradeQuote(info.symbol, now);
    // The window starts at that tick, not at the request: the period from the open price to
    // the deciding tick is exactly the product's, however old (≤ the freshness limit) the
    // tick was (issue "Money that cannot be gamed", item 5).
    const expiresAt = Math.min(tick.ts, now) + setting.periodSeconds * 1000;
    // Settled by the first tick at or after expiry: past the session's close that would be
    // the next session's first tick (a 30 s product held over a weekend).
    if (!market.isOpenThroughout(info.symbol, now, expiresAt)) {
      throw conflict("optionsExpiryOutsideSession", { symbol: info.symbol });
    }

    // Demo money is granted on first use; inside the order a running demo reset is waited for.
    if (mode === "demo") await ensureDemoAccount(this.db, userId);

    let row: OptionOrderRow;
    try {
      row = await ledgerTransaction(this.db, async (tx) => {
        if (mode === "demo") await lockDemoAccountShared(tx, userId);
        const [inserted] = await tx
          .insert(optionOrders)
          .values({
            userId,
            mode,
            currency,
            symbol: info.symbol,
            settingId: setting.id,
            periodSeconds: setting.periodSeconds,
            payoutRate: setting.payoutRate,
            direction: body.direction,
            amount: body.amount,
            openPrice: tick.price,
            openTickAt: new Date(tick.ts),
            openTickSources: this.deps.market.componentsAt(info.symbol, tick.ts) ?? null,
            clientRequestId: body.clientRequestId ?? null,
            createdAt: new Date(now),
            expiresAt: new Date(expiresAt),
          })
          .returning();
        if (!inserted) throw new Error("option order insert returned nothing");
        await batch(tx, [
          {
            type: "transfer",
            currency,
            debit: userAccount(userId, availableKind(mode)),
            credit: userAccount(userId, "options"),
            amount: toMoneyString(body.amount),
            key: `option:${inserted.id}:stake`,
            kind: "option_stake",
            reference: { type: "option", id: inserted.id },
          },
        ]);
        // The house pays a winning stake's profit: it counts against the house's limit, with
        // every other open trade's worst case, until the order is settled.
        await reserveRisk(tx, market, {
          account: "house",
          currency,
          worstCase: optionWorstCase(body.amount, setting.payoutRate),
          ref: { type: "option", id: inserted.id },
        });
        return inserted;
      });
    } catch (err) {
      // A retry with the same clientRequestId raced this one and won: answer with its order.
      if (body.clientRequestId && isUniqueViolation(err)) {
        const existing = await this.findByRequestId(userId, body.clientRequestId);
        if (existing) return this.replay(existing, body);
      }
      throw err;
    }
    this.deps.onNewOrder?.(row);
    return this.toRecord(row);
  }

  private async findByRequestId(userId: number, clientRequestId: string): Promise<OptionOrderRow | null> {
    const [row] = await this.db
      .select()
      .from(optionOrders)
      .where(and(eq(optionOrders.userId, userId), eq(optionOrders.clientRequestId, clientRequestId)))
      .limit(1);
    return row ?? null;
  }

  private replay(existing: OptionOrderRow, body: OptionBuyBody): OptionOrder {
    const same =
      existing.symbol === body.symbol &&
      existing.settingId === body.setId &&
      existing.direction === body.direction &&
      existing.mode === body.mode &&
      dec(existing.amount).eq(body.amount);
    if (!same) throw conflict("tradeRequestReused");
    return this.toRecord(existing);
  }

  async listMy(userId: number, query: OptionListQuery): Promise<Page<OptionOrder>> {
    await this.assertOffered(userId);
    const filters: SQL[] = [eq(optionOrders.userId, userId), eq(optionOrders.mode, query.mode)];
    if (query.status) filters.push(eq(optionOrders.status, query.status));
    if (query.symbol) filters.push(eq(optionOrders.symbol, query.symbol));
    const where = and(...filters);
    const [rows, totals] = await Promise.all([
      this.db
        .select()
        .from(optionOrders)
        .where(where)
        .orderBy(desc(optionOrders.id))
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      this.db.select({ n: count() }).from(optionOrders).where(where),
    ]);
    return {
      records: rows.map((r) => this.toRecord(r)),
      total: Number(totals[0]?.n ?? 0),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
    };
  }

  /** One of the caller's orders; another customer's → 404. */
  async detail(userId: number, id: number): Promise<OptionOrder> {
    await this.assertOffered(userId);
    const [row] = await this.db
      .select()
      .from(optionOrders)
      .where(and(eq(optionOrders.id, id), eq(optionOrders.userId, userId)))
      .limit(1);
    if (!row) throw notFound();
    return this.toRecord(row);
  }

  // ---- settlement ----

  /** Open orders (id, symbol, expiry) with an id above `afterId`, for the settler's index. */
  async openOrders(afterId = 0, limit = 5000): Promise<Array<{ id: number; symbol: string; expiresAt: number }>> {
    const rows = await this.deps.database.query<{ id: number | string; symbol: string; expires_at: Date | string }>(
      `SELECT id, symbol, expires_at FROM option_orders WHERE status = 'open' AND id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((r) => ({ id: Number(r.id), symbol: r.symbol, expiresAt: new Date(r.expires_at).getTime() }));
  }

  /**
   * Settle one order from the first recorded tick at or after its expiry. Safe to call
   * any number of times, from any node: the status change is guarded by `status = 'open'`
   * in the same transaction as the ledger batch, whose keys are `settle:option:<id>…`.
   */
  async settle(id: number): Promise<SettleOutcome> {
    const [order] = await this.db.select().from(optionOrders).where(eq(optionOrders.id, id)).limit(1);
    if (order?.status !== "open") return "done";
    const expiresAt = order.expiresAt.getTime();
    const tick = await this.deps.market.firstTickAtOrAfter(order.symbol, expiresAt);
    if (!tick) return Date.now() < expiresAt ? "notDue" : "waiting";

    const result = optionResult(order.direction as "up" | "down", order.openPrice, tick.price);
    const payout = optionPayout(order.amount, order.payoutRate, result);
    const ops = settlementOps(order, result, payout);
    const outcome = await ledgerTransaction(this.db, async (tx) => {
      const updated = await tx
        .update(optionOrders)
        .set({
          status: "settled",
          result,
          payout,
          closePrice: tick.price,
          closeTickAt: new Date(tick.ts),
          closeTickSources: tick.components ?? null,
          settledAt: new Date(),
        })
        .where(and(eq(optionOrders.id, id), eq(optionOrders.status, "open")))
        .returning({ id: optionOrders.id });
      if (updated.length === 0) return "done" as const;
      await batch(tx, ops);
      await releaseRisk(tx, { type: "option", id }, order.currency);
      return "settled" as const;
    });
    if (outcome === "settled" && order.mode !== "demo") {
      try {
        this.deps.onSettled?.({ order, price: tick.price, payout });
      } catch (err) {
        this.deps.log.error({ err, optionId: id }, "options: settlement announcement failed");
      }
    }
    return outcome;
  }

  toRecord(r: OptionOrderRow): OptionOrder {
    return optionRecord(r, this.deps.market.findSymbol(r.symbol)?.pricePrecision);
  }
}

// Data rights (modules/privacy): what this module holds about a customer.
export { optionsOpenCount, optionsUserData } from "./data-rights";
export { listSettledRealOptions, type SettledOptionTrade } from "./trade-history";
