// Balances, the asset centre and the balance log — all read from the ledger and valued
// in USDT at the market's current rates.
import type { UserAssets, UserBalance } from "@candor/contract";
import { type Decimal, dec, toMoneyString, truncate } from "@candor/domain";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { CONTEST_CURRENCY, CONTEST_PREFIX } from "../../lib/trade-mode";
import { futuresEquity, getOpenPositionsValue } from "../contracts/service";
import { getAccountTotals, getSpotTotals, type UserAccountKind } from "../ledger/service";
import type { MarketService } from "../market/service";
import { listCurrencyCodes, type Rates } from "./currencies";
import { withdrawals } from "./schema";

/** Demo trading's virtual currency: never part of real totals. */
export const VIRTUAL_CURRENCY = "VUSDT";
/**
 * The USDT value per unit of contest money (CUSDT 1:1; CBTC at BTC's rate), or null for a
 * currency that is not contest money.
 */
function contestMoneyValue(kind: string, currency: string, rates: Rates): Decimal | null {
  if (currency === CONTEST_CURRENCY) return dec(1);
  if (kind !== "contest" || !currency.startsWith(CONTEST_PREFIX) || rates.usdtRate(currency) !== null) return null;
  const rate = rates.usdtRate(currency.slice(CONTEST_PREFIX.length));
  return rate === null ? null : dec(rate);
}

// USDT values are shown truncated (never rounded up); 8 places is finer than any display.
const VALUE_PLACES = 8;
const money = (d: Decimal) => toMoneyString(truncate(d, VALUE_PLACES));

/**
 * Per currency: available (spot, less holds) and frozen (held + the "frozen" kind). The
 * totals are summed by the database; decimal arithmetic only for the USDT value.
 */
export async function queryUserBalance(db: Db, rates: Rates, userId: number): Promise<UserBalance[]> {
  const [codes, totals] = await Promise.all([listCurrencyCodes(db), getSpotTotals(db, userId)]);
  const sums = new Map<string, { available: string; frozen: string }>();
  for (const code of codes) sums.set(code, { available: "0", frozen: "0" });
  for (const t of totals) {
    if (t.currency !== VIRTUAL_CURRENCY) sums.set(t.currency, { available: t.available, frozen: t.frozen });
  }
  const out: UserBalance[] = [];
  for (const [currency, { available, frozen }] of sums) {
    const rate = rates.usdtRate(currency);
    let usdtValue: string | null = null;
    if (rate !== null) {
      usdtValue = available === "0" && frozen === "0" ? "0" : money(dec(available).plus(frozen).mul(rate));
    }
    out.push({ currency, available, frozen, usdtValue });
  }
  return out;
}

/** The asset centre before loans (./assets.ts subtracts them). */
export type GrossAssets = Omit<UserAssets, "loansOwed" | "netUsdt">;

const KIND_GROUP: Record<UserAccountKind, "spot" | "position" | "contestFrozen" | "other" | "virtual"> = {
  spot: "spot",
  frozen: "spot",
  margin: "position",
  options: "other",
  earn: "other",
  collateral: "other",
  contest: "contestFrozen",
  demo: "virtual",
};

/**
 * The asset centre: spot (available + frozen of real currencies), position (futures
 * margin + unrealised P&L at current prices), contest funds, other invested funds, and
 * demo money apart from the total. Contest entry funds are virtual CUSDT (issue 14: never
 * real money at risk): contestFrozen shows them (CUSDT 1:1, contest holdings such as CBTC at
 * their real coin's rate) but, like demo money, they are not part of the total; real money
 * held in a contest account (none today) would be in both.
 */
export async function queryUserAssets(db: Db, market: MarketService, userId: number): Promise<GrossAssets> {
  // Two reads: every account (the futures margin account among them) and the open positions.
  const [accounts, open] = await Promise.all([
    getAccountTotals(db, userId),
    getOpenPositionsValue(db, market, userId, "real"),
  ]);
  const marginAccount = accounts.find((a) => a.kind === "margin" && a.currency === open.currency);
  const futures = futuresEquity(open, marginAccount?.balance ?? "0");
  const rates: Rates = market;
  const totals = {
    spot: dec(0),
    // Real futures: margin of open positions plus what closing them now would realise.
    position: dec(futures.equity).mul(rates.usdtRate(futures.currency) ?? "1"),
    contestFrozen: dec(0),
    /** The virtual part of contestFrozen (kept out of the total). */
    contestVirtual: dec(0),
    other: dec(0),
    virtual: dec(0),
  };
  const unpriced = new Set<string>();
  for (const a of accounts) {
    if (a.balance === "0") continue;
    const balance = dec(a.balance);
    const contestValue = contestMoneyValue(a.kind, a.currency, rates);
    if (contestValue) {
      const value = balance.mul(contestValue);
      totals.contestFrozen = totals.contestFrozen.plus(value);
      totals.contestVirtual = totals.contestVirtual.plus(value);
      continue;
    }
    if (a.currency === VIRTUAL_CURRENCY) {
      totals.virtual = totals.virtual.plus(balance);
      continue;
    }
    // Other contest holdings without a priced coin behind them: virtual, no value shown.
    if (a.kind === "contest" && a.currency.startsWith(CONTEST_PREFIX) && rates.usdtRate(a.currency) === null) continue;
    const group = KIND_GROUP[a.kind as UserAccountKind];
    if (!group || group === "virtual") continue;
    if (a.kind === "margin" && a.currency === futures.currency) continue; // in the futures equity above
    const rate = rates.usdtRate(a.currency);
    if (rate === null) {
      unpriced.add(a.currency);
      continue;
    }
    totals[group] = totals[group].plus(balance.mul(rate));
  }
  const total = totals.spot
    .plus(totals.position)
    .plus(totals.contestFrozen.minus(totals.contestVirtual))
    .plus(totals.other);
  return {
    totalUsdt: money(total),
    spot: money(totals.spot),
    position: money(totals.position),
    contestFrozen: money(totals.contestFrozen),
    virtual: money(totals.virtual),
    other: money(totals.other),
    unpricedCurrencies: [...unpriced].sort(),
  };
}

/**
 * A customer's withdrawals still on hold (under review, or approved and being paid out: the
 * hold is not resolved yet), per currency. The money is in the asset total until the payout
 * completes, but it is no longer the customer's to keep (the VIP base subtracts it).
 */
export async function withdrawalsOnHold(db: Db, userId: number): Promise<{ currency: string; amount: string }[]> {
  const found = await db
    .select({ currency: withdrawals.currency, amount: sql<string>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [0, 1])))
    .groupBy(withdrawals.currency);
  return found.map((r) => ({ currency: r.currency, amount: toMoneyString(r.amount) }));
}
