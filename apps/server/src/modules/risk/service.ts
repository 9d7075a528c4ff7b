// Exposure limits of the platform accounts that take the other side of customer trades:
// `house` (futures P&L, option payouts, loan liquidations) and `treasury` (flash exchange,
// spot, loans paid out). Per currency an account may go down to −limit; a new trade whose
// worst case would take it below that is refused (409 riskLimitReached) before it is taken.
// Closing, settling, cancelling, repaying and withdrawing are never checked here: customers
// can always leave (docs/product.md §1.4).
//
// Limits are an operator setting (settings key `risk_limits`): a default as a USDT value
// (EXPOSURE_LIMIT_USDT at first start), converted at the live price, and optional limits in
// a currency's own units. `fees` is left out: it only ever receives (opening/closing fees,
// withdrawal fees), so it cannot go negative. Demo and contest money (VUSDT, CUSDT) is
// virtual: not limited.
//
// What the check counts ("Money that cannot be gamed", item 7): the account's booked
// balance, minus the worst cases of every trade still open on it, minus the new trade's.
// An open futures position (worst case: its notional) or option (the profit a win pays)
// has not moved the house balance yet, so each holds a reservation of its worst case
// (risk_reservations) and risk_open_exposure keeps their sum per account and currency,
// changed in the trade's own transaction when it opens (reserveRisk) and when it ends
// (releaseRisk: close, TP/SL, close-out, option settlement or refund) — kept as it goes,
// never recomputed per trade. Loans need no reservation: paying one out moves the treasury
// at once (treasury → customer), so an open loan's worst case, never repaid, is already in
// the booked balance until a repayment or liquidation books it back; new loans are checked
// here like any other trade. Every check of an account and currency locks that sum's row,
// so checks on any number of nodes run one after another and each one sees the earlier
// trades committed: two opens that together pass the limit never both go through.
import type { RiskExposure, RiskExposureRow, RiskLimits, RiskLimitsBody } from "@candor/contract";
import { type Decimal, dec, exposureHeadroom, toMoneyString } from "@candor/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { conflict } from "../../lib/errors";
import { VIRTUAL_QUOTE_CURRENCIES } from "../../lib/trade-mode";
import { getAccountBalance, getPlatformBalances } from "../ledger/service";
import { getSetting, setSetting } from "../settings/service";
import { riskOpenExposure } from "./schema";

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

/** What an open trade is, for its reservation (its table and id). */
export interface RiskRef {
  type: "futures_position" | "option";
  id: number;
}

/**
 * How long each exposure check took (ms, wall clock inside the trade's transaction,
 * waiting for the lock included): off unless a benchmark turns it on (bench:trade).
 */
export const exposureCheckTimings: { enabled: boolean; samples: number[] } = { enabled: false, samples: [] };

type Rows<T> = { rows: T[] };

/** Refuses (409) when the booked balance minus what is open (this trade included) passes −limit. */
async function checkHeadroom(
  tx: Db,
  account: RiskAccount,
  currency: string,
  open: string | Decimal,
  limit: Decimal | null,
): Promise<void> {
  if (!limit) return;
  const booked = await getAccountBalance(tx, { platform: account, currency });
  if (exposureHeadroom({ balance: booked?.balance ?? "0", openWorstCase: open, limit }).isNeg()) {
    throw conflict("riskLimitReached", { currency });
  }
}

function timed(started: number): void {
  if (!exposureCheckTimings.enabled) return;
  exposureCheckTimings.samples.push(performance.now() - started);
}

/**
 * Opens a trade's reservation of its worst case on `account` (futures, options) and refuses
 * it (409) when that takes the account past its limit. Call it inside the trade's
 * transaction, after its ledger batch (the lock order of every trade: ledger accounts,
 * then this row), so the rollback of a refusal undoes the reservation too. One statement
 * adds to the sum (locking its row until commit) and stores the reservation; then the
 * booked balance is read, after the lock, with every earlier trade committed.
 */
export async function reserveRisk(
  tx: Db,
  prices: RiskPrices,
  r: { account: RiskAccount; currency: string; worstCase: string | Decimal; ref: RiskRef },
): Promise<void> {
  if (DEMO_CURRENCIES.has(r.currency)) return;
  const started = exposureCheckTimings.enabled ? performance.now() : 0;
  const amount = dec(r.worstCase);
  if (!amount.gt(0)) {
    await assertRiskHeadroom(tx, prices, { account: r.account, currency: r.currency });
    return;
  }
  const limit = limitFor(await cachedRiskLimits(tx, prices), r.currency, prices);
  const value = toMoneyString(amount);
  const result = (await tx.execute(sql`
    WITH reserved AS (
      INSERT INTO risk_reservations (ref_type, ref_id, account, currency, amount)
      VALUES (${r.ref.type}, ${r.ref.id}, ${r.account}, ${r.currency}, ${value})
    )
    INSERT INTO risk_open_exposure AS e (account, currency, worst_case, open_count)
    VALUES (${r.account}, ${r.currency}, ${value}, 1)
    ON CONFLICT (account, currency) DO UPDATE
      SET worst_case = e.worst_case + EXCLUDED.worst_case, open_count = e.open_count + 1, updated_at = now()
    RETURNING worst_case`)) as unknown as Rows<{ worst_case: string }>;
  const open = result.rows[0]?.worst_case;
  if (open === undefined) throw new Error(`risk_open_exposure ${r.account} ${r.currency}: no row returned`);
  await checkHeadroom(tx, r.account, r.currency, open, limit);
  timed(started);
}

/**
 * Ends a trade's reservation: its worst case leaves the sum. Idempotent (the reservation
 * row is deleted once; a trade without one, opened as virtual money, changes nothing).
 * Call it in the transaction that ends the trade, after its ledger batch.
 */
export async function releaseRisk(tx: Db, ref: RiskRef, currency: string): Promise<void> {
  if (DEMO_CURRENCIES.has(currency)) return;
  await tx.execute(sql`
    WITH released AS (
      DELETE FROM risk_reservations WHERE ref_type = ${ref.type} AND ref_id = ${ref.id}
      RETURNING account, currency, amount
    )
    UPDATE risk_open_exposure e
      SET worst_case = e.worst_case - released.amount, open_count = e.open_count - 1, updated_at = now()
      FROM released
      WHERE e.account = released.account AND e.currency = released.currency`);
}

/**
 * Refuses new risk (409) when `account` in `currency`, after the trade's worst case and
 * what is open on it, would fall below −limit: for trades that hold no reservation (spot,
 * flash exchange, quant fills, loans). Call it inside the trade's transaction; for trades
 * that move the account themselves, after their ledger batch with worstCase 0, so the
 * rollback undoes a refusal. It locks the same row as reserveRisk (the account is split
 * into ledger shards, and the trade's batch locked only its own), so every check of one
 * account and currency runs after the earlier ones committed.
 */
export async function assertRiskHeadroom(
  tx: Db,
  prices: RiskPrices,
  check: { account: RiskAccount; currency: string; worstCase?: string | Decimal },
): Promise<void> {
  if (DEMO_CURRENCIES.has(check.currency)) return;
  const limit = limitFor(await cachedRiskLimits(tx, prices), check.currency, prices);
  if (!limit) return;
  const result = (await tx.execute(sql`
    INSERT INTO risk_open_exposure AS e (account, currency) VALUES (${check.account}, ${check.currency})
    ON CONFLICT (account, currency) DO UPDATE SET updated_at = e.updated_at
    RETURNING worst_case`)) as unknown as Rows<{ worst_case: string }>;
  const open = dec(result.rows[0]?.worst_case ?? "0").plus(check.worstCase ?? "0");
  await checkHeadroom(tx, check.account, check.currency, open, limit);
}

/** Every house/treasury account with its balance, what is open on it, its limit and headroom (the console's figure). */
export async function getExposure(db: Db, prices: RiskPrices): Promise<RiskExposure> {
  const limits = await getRiskLimits(db);
  const open = new Map<string, string>();
  for (const e of await db.select().from(riskOpenExposure)) open.set(`${e.account}:${e.currency}`, e.worstCase);
  const balances = new Map<string, { account: RiskAccount; currency: string; balance: string }>();
  for (const b of await getPlatformBalances(db)) {
    if (b.kind !== "house" && b.kind !== "treasury") continue;
    balances.set(`${b.kind}:${b.currency}`, { account: b.kind, currency: b.currency, balance: b.balance });
  }
  for (const key of open.keys()) {
    if (balances.has(key)) continue;
    const [account, currency] = key.split(":") as [RiskAccount, string];
    balances.set(key, { account, currency, balance: "0" });
  }
  const rows: RiskExposureRow[] = [];
  for (const [key, b] of balances) {
    if (DEMO_CURRENCIES.has(b.currency)) continue;
    const openWorstCase = open.get(key) ?? "0";
    const limit = limitFor(limits, b.currency, prices);
    const headroom = limit ? exposureHeadroom({ balance: b.balance, openWorstCase, limit }) : null;
    rows.push({
      currency: b.currency,
      account: b.account,
      balance: toMoneyString(b.balance),
      open: toMoneyString(openWorstCase),
      limit: limit ? toMoneyString(limit.toDecimalPlaces(8)) : null,
      headroom: headroom ? toMoneyString(headroom.toDecimalPlaces(8)) : null,
      paused: headroom ? headroom.lte(0) : false,
    });
  }
  rows.sort((a, b) => a.currency.localeCompare(b.currency) || a.account.localeCompare(b.account));
  return { limits, rows };
}
