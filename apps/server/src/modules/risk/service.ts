// Exposure limits of the platform accounts that take the other side of customer trades:
// `house` (futures P&L, option payouts) and `treasury` (flash exchange, spot). Per currency
// an account may go down to −limit; a new trade whose worst case would take it below that
// is refused (409 riskLimitReached) before it is taken. Closing, settling, cancelling and
// withdrawing are never checked here: customers can always leave (DESIGN.md §1.4).
//
// Limits are an operator setting (settings key `risk_limits`): a default as a USDT value
// (EXPOSURE_LIMIT_USDT at first start), converted at the live price, and optional limits in
// a currency's own units. `fees` is left out: it only ever receives (opening/closing fees,
// withdrawal fees), so it cannot go negative. Demo money (VUSDT) is virtual: not limited.
//
// What the check covers: the account's booked balance plus the new trade's worst case. It
// does not add up the worst cases of trades still open (an open option or position has not
// moved the house balance yet); the limit is a brake on new risk once losses are real, the
// operator's dashboard figure (GET /api/operator/risk/exposure) shows the headroom.
import type { RiskExposure, RiskExposureRow, RiskLimits, RiskLimitsBody } from "@candor/contract";
import { type Decimal, dec, toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { conflict } from "../../lib/errors";
import { VIRTUAL_QUOTE_CURRENCIES } from "../../lib/trade-mode";
import { getAccountBalance, getPlatformBalances } from "../ledger/service";
import { getSetting, setSetting } from "../settings/service";

export const RISK_LIMITS_KEY = "risk_limits";
export type RiskAccount = "house" | "treasury";
/** Prices used to turn the default USDT limit into a currency's units. */
export interface RiskPrices {
  usdtRate(currency: string): string | null;
}

const DEMO_CURRENCIES = VIRTUAL_QUOTE_CURRENCIES;

export async function getRiskLimits(db: Db, fallbackUsdt = "5000000"): Promise<RiskLimits> {
  return getSetting<RiskLimits>(db, RISK_LIMITS_KEY, { defaultUsdt: fallbackUsdt, currencies: {} });
}

/**
 * Every opening transaction reads the limits: keep them for a second per database (an
 * operator's change reaches every node within that), so the hot path pays one read less.
 */
const LIMITS_TTL_MS = 1000;
const limitsCache = new WeakMap<RiskPrices, { at: number; limits: RiskLimits }>();

/** Keyed by the app's market service (one per app, so one per database). */
async function cachedRiskLimits(tx: Db, cacheKey: RiskPrices): Promise<RiskLimits> {
  const hit = limitsCache.get(cacheKey);
  if (hit && Date.now() - hit.at < LIMITS_TTL_MS) return hit.limits;
  const limits = await getRiskLimits(tx);
  limitsCache.set(cacheKey, { at: Date.now(), limits });
  return limits;
}

/** First start: the configured default; never overwrites what an operator changed. */
export async function seedRiskLimits(db: Db, defaultUsdt: string): Promise<void> {
  const current = await getSetting<RiskLimits | null>(db, RISK_LIMITS_KEY, null);
  if (!current) await setSetting(db, RISK_LIMITS_KEY, { defaultUsdt, currencies: {} } satisfies RiskLimits);
}

export async function updateRiskLimits(db: Db, prices: RiskPrices, body: RiskLimitsBody): Promise<RiskLimits> {
  const limits = await getRiskLimits(db);
  const next: RiskLimits = { defaultUsdt: limits.defaultUsdt, currencies: { ...limits.currencies } };
  if (body.defaultUsdt !== undefined) next.defaultUsdt = toMoneyString(body.defaultUsdt);
  if (body.currency !== undefined && body.limit !== undefined) {
    if (body.limit === null) delete next.currencies[body.currency];
    else next.currencies[body.currency] = toMoneyString(body.limit);
  }
  await setSetting(db, RISK_LIMITS_KEY, next);
  limitsCache.delete(prices);
  return next;
}

/** The limit of `currency` in its own units; null when it has none and no USDT price. */
export function limitFor(limits: RiskLimits, currency: string, prices: RiskPrices): Decimal | null {
  const own = limits.currencies[currency];
  if (own !== undefined) return dec(own);
  const rate = prices.usdtRate(currency);
  if (!rate || !dec(rate).gt(0)) return null;
  return dec(limits.defaultUsdt).div(rate);
}

/**
 * Refuses new risk (409) when `account` in `currency`, after the trade's worst case, would
 * fall below −limit. Call it inside the trade's transaction; for trades that move the
 * account themselves (exchange, spot), call it after their ledger batch with worstCase 0,
 * so the rollback undoes a refusal. Checks of one account and currency are serialized by a
 * transaction-level advisory lock (the batch locks only one shard of the account).
 */
export async function assertRiskHeadroom(
  tx: Db,
  prices: RiskPrices,
  check: { account: RiskAccount; currency: string; worstCase?: string | Decimal },
): Promise<void> {
  if (DEMO_CURRENCIES.has(check.currency)) return;
  const limit = limitFor(await cachedRiskLimits(tx, prices), check.currency, prices);
  if (!limit) return;
  // The account is split into shards (modules/ledger/shards.ts) and the trade's batch locked
  // only its own shard: this lock, held to the end of the transaction, orders every check of
  // the same account and currency, so each one reads the sum with the earlier trades committed.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`candor.risk:${check.account}:${check.currency}`}))`);
  const account = await getAccountBalance(tx, { platform: check.account, currency: check.currency });
  const after = dec(account?.balance ?? "0").minus(check.worstCase ?? "0");
  if (after.lt(limit.neg())) throw conflict("riskLimitReached", { currency: check.currency });
}

/** Every house/treasury account with its limit and headroom (the console dashboard figure). */
export async function getExposure(db: Db, prices: RiskPrices): Promise<RiskExposure> {
  const limits = await getRiskLimits(db);
  const rows: RiskExposureRow[] = [];
  for (const b of await getPlatformBalances(db)) {
    if ((b.kind !== "house" && b.kind !== "treasury") || DEMO_CURRENCIES.has(b.currency)) continue;
    const limit = limitFor(limits, b.currency, prices);
    const headroom = limit ? dec(b.balance).plus(limit) : null;
    rows.push({
      currency: b.currency,
      account: b.kind,
      balance: toMoneyString(b.balance),
      limit: limit ? toMoneyString(limit.toDecimalPlaces(8)) : null,
      headroom: headroom ? toMoneyString(headroom.toDecimalPlaces(8)) : null,
      paused: headroom ? headroom.lte(0) : false,
    });
  }
  return { limits, rows };
}
