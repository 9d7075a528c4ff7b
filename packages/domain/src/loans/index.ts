// Loan arithmetic (issue 13): interest (term, early repayment, overdue), loan-to-value,
// the collateral prices at which a margin call and a liquidation trigger, the collateral a
// liquidation sells, and the credit limit. Pure and exact (decimal.js). Amounts owed by the
// customer truncate (never rounded up against the customer); collateral sold rounds up only
// as far as needed to close the loan and never beyond what is held.
import { Decimal, type DecimalInput, dec, toMoneyString, truncate } from "../money";

export interface LoanTerms {
  /** Interest per day, a fraction of the principal ("0.001" = 0.1 % a day). */
  dailyRate: DecimalInput;
  /** Term in days. */
  days: number;
  /** The first days of the term carry no interest. */
  interestFreeDays: number;
  /** Disclosed rate per day on the principal once the term is over and the loan is not repaid. */
  overdueRate: DecimalInput;
}

/** Days of the term that carry interest: max(0, days − interestFreeDays). */
export const chargeableDays = (days: number, interestFreeDays: number): number => Math.max(0, days - interestFreeDays);

/** One day's interest on `principal` at `rate`, truncated to the currency's decimals. */
export function dayInterest(principal: DecimalInput, rate: DecimalInput, places: number): string {
  return toMoneyString(truncate(dec(principal).mul(rate), places));
}

/** Total interest of the term, shown before applying: amount × dailyRate × max(0, days − interestFreeDays). */
export function totalInterest(
  amount: DecimalInput,
  dailyRate: DecimalInput,
  days: number,
  interestFreeDays: number,
  places: number,
): string {
  return toMoneyString(dec(dayInterest(amount, dailyRate, places)).mul(chargeableDays(days, interestFreeDays)));
}

/**
 * Interest for loan day `day` (1 = the first day after the start date): nothing during the
 * interest-free days, the daily rate during the term, the overdue rate after it.
 */
export function interestForDay(principal: DecimalInput, day: number, terms: LoanTerms, places: number): string {
  if (day <= terms.interestFreeDays) return "0";
  const rate = day <= terms.days ? terms.dailyRate : terms.overdueRate;
  return dayInterest(principal, rate, places);
}

/** True when loan day `day` is past the term (overdue interest). */
export const isOverdueDay = (day: number, terms: Pick<LoanTerms, "days">): boolean => day > terms.days;

/**
 * Interest accrued by days 1..`daysElapsed` on an unchanged principal: what an early
 * repayment on that day pays (interest up to that day only), overdue days at the overdue rate.
 */
export function accruedInterest(
  principal: DecimalInput,
  daysElapsed: number,
  terms: LoanTerms,
  places: number,
): string {
  let sum = dec(0);
  const regular = Math.max(0, Math.min(daysElapsed, terms.days) - terms.interestFreeDays);
  sum = sum.plus(dec(dayInterest(principal, terms.dailyRate, places)).mul(regular));
  const overdueFrom = Math.max(terms.days, terms.interestFreeDays);
  const overdue = Math.max(0, daysElapsed - overdueFrom);
  sum = sum.plus(dec(dayInterest(principal, terms.overdueRate, places)).mul(overdue));
  return toMoneyString(sum);
}

/** A payment is applied to interest first, then principal; more than owed is refused by the caller. */
export function allocateRepayment(
  amount: DecimalInput,
  interestOwed: DecimalInput,
  principalOwed: DecimalInput,
): { interest: string; principal: string; excess: string } {
  const a = dec(amount);
  const interest = Decimal.min(a, dec(interestOwed));
  const rest = a.minus(interest);
  const principal = Decimal.min(rest, dec(principalOwed));
  return {
    interest: toMoneyString(interest),
    principal: toMoneyString(principal),
    excess: toMoneyString(rest.minus(principal)),
  };
}

// ── Loan-to-value ────────────────────────────────────────────────────────────────────

/** LTV = outstanding / (collateral × price); null when the collateral is worth nothing. */
export function loanToValue(outstanding: DecimalInput, collateral: DecimalInput, price: DecimalInput): string | null {
  const value = dec(collateral).mul(price);
  if (value.lte(0)) return null;
  return toMoneyString(dec(outstanding).div(value).toDecimalPlaces(8, Decimal.ROUND_UP));
}

/**
 * The collateral price at which the LTV reaches `ltv`: outstanding / (collateral × ltv).
 * At or below it the threshold is crossed. Exact to 18 decimals (rounded down, so a price equal
 * to the figure triggers); display truncates to the symbol's decimals.
 */
export function priceAtLtv(outstanding: DecimalInput, collateral: DecimalInput, ltv: DecimalInput): string {
  const denominator = dec(collateral).mul(ltv);
  if (denominator.lte(0)) throw new RangeError("collateral and ltv must be positive");
  return toMoneyString(dec(outstanding).div(denominator).toDecimalPlaces(18, Decimal.ROUND_DOWN));
}

export interface LtvThresholds {
  marginCallLtv: DecimalInput;
  liquidationLtv: DecimalInput;
}

export type LtvStage = "ok" | "margin_call" | "liquidate";

/** Which threshold the LTV at `price` has reached (liquidation beyond the liquidation LTV, inclusive). */
export function ltvStage(
  outstanding: DecimalInput,
  collateral: DecimalInput,
  price: DecimalInput,
  t: LtvThresholds,
): LtvStage {
  const value = dec(collateral).mul(price);
  if (value.lte(0)) return "liquidate";
  return ltvStageOf(dec(outstanding).div(value), t);
}

/** Which threshold an LTV has reached (each inclusive); a threshold that is null is not checked. */
export function ltvStageOf(
  ltv: DecimalInput,
  t: { marginCallLtv: DecimalInput | null; liquidationLtv: DecimalInput | null },
): LtvStage {
  if (t.liquidationLtv !== null && dec(ltv).gte(t.liquidationLtv)) return "liquidate";
  if (t.marginCallLtv !== null && dec(ltv).gte(t.marginCallLtv)) return "margin_call";
  return "ok";
}

/** Least collateral for `amount` at `price` within the initial LTV, rounded up to `qtyPlaces`. */
export function minCollateral(
  amount: DecimalInput,
  price: DecimalInput,
  initialLtv: DecimalInput,
  qtyPlaces: number,
): string {
  const denominator = dec(price).mul(initialLtv);
  if (denominator.lte(0)) throw new RangeError("price and ltv must be positive");
  return toMoneyString(dec(amount).div(denominator).toDecimalPlaces(qtyPlaces, Decimal.ROUND_UP));
}

/**
 * How far below the initial LTV the suggested ("use minimum") collateral puts a new pledge
 * loan, as a share of the initial LTV: 3 % leaves room for the spread and for the price to
 * fall about 3 % between the quote and the submit before the server's initial-LTV check
 * refuses it (issue 35 §10).
 */
export const PLEDGE_LTV_MARGIN = "0.03";

/** The LTV the suggested collateral aims at: initialLtv × (1 − margin). */
export function suggestedLtv(initialLtv: DecimalInput, margin: DecimalInput = PLEDGE_LTV_MARGIN): string {
  return toMoneyString(dec(initialLtv).mul(dec(1).minus(margin)));
}

/**
 * The collateral "use minimum" offers: the least collateral that puts the loan's LTV at the
 * initial LTV less the safety margin (never exactly at it), rounded up to `qtyPlaces`.
 */
export function suggestedCollateral(
  amount: DecimalInput,
  price: DecimalInput,
  initialLtv: DecimalInput,
  qtyPlaces: number,
  margin: DecimalInput = PLEDGE_LTV_MARGIN,
): string {
  if (dec(margin).lt(0) || dec(margin).gte(1)) throw new RangeError("margin must be in [0, 1)");
  return minCollateral(amount, price, suggestedLtv(initialLtv, margin), qtyPlaces);
}

export interface Liquidation {
  /** Collateral sold at the bid: just enough to close the loan (or all of it). */
  quantitySold: string;
  /** quantitySold × bid, truncated to the loan currency's decimals. */
  proceeds: string;
  /** Part of the proceeds that pays the debt (≤ owed). */
  applied: string;
  /** Proceeds beyond the debt (rounding of the quantity), paid to the customer. */
  surplus: string;
  /** Collateral returned to the customer. */
  collateralReturned: string;
  /** Debt the collateral did not cover: written off by the platform, never charged to the customer. */
  shortfall: string;
}

/** Sells just enough collateral at `bid` to pay `owed`, returns the rest; a shortfall is the platform's. */
export function liquidation(
  owed: DecimalInput,
  collateral: DecimalInput,
  bid: DecimalInput,
  qtyPlaces: number,
  moneyPlaces: number,
): Liquidation {
  const o = dec(owed);
  const c = dec(collateral);
  const b = dec(bid);
  if (b.lte(0)) throw new RangeError("bid must be positive");
  let q = o.div(b).toDecimalPlaces(qtyPlaces, Decimal.ROUND_UP);
  // Rounding the price product down may leave a unit short: one more step of quantity.
  if (truncate(q.mul(b), moneyPlaces).lt(o)) q = q.plus(dec(1).div(10 ** qtyPlaces));
  if (q.gt(c)) q = c;
  const proceeds = truncate(q.mul(b), moneyPlaces);
  const applied = Decimal.min(proceeds, o);
  return {
    quantitySold: toMoneyString(q),
    proceeds: toMoneyString(proceeds),
    applied: toMoneyString(applied),
    surplus: toMoneyString(proceeds.minus(applied)),
    collateralReturned: toMoneyString(c.minus(q)),
    shortfall: toMoneyString(o.minus(applied)),
  };
}

/** What a partial repayment leaves owed (never below 0). */
export function owedAfterRepayment(outstanding: DecimalInput, amount: DecimalInput): string {
  const left = dec(outstanding).minus(amount);
  return toMoneyString(left.lt(0) ? 0 : left);
}

/** Collateral after adding `amount`. */
export function collateralAfterTopUp(current: DecimalInput, amount: DecimalInput): string {
  return toMoneyString(dec(current).plus(amount));
}

/** An LTV's position (0–100) on a bar that ends a quarter past the liquidation LTV (or at 1 without one). */
export function ltvBarPercent(ltv: DecimalInput, liquidationLtv: DecimalInput | null): number {
  const end = liquidationLtv === null ? dec(1) : dec(liquidationLtv).mul("1.25");
  if (end.lte(0)) return 0;
  return Math.min(100, Math.max(0, Number(dec(ltv).div(end).mul(100).toFixed(2))));
}

// ── Credit limit ─────────────────────────────────────────────────────────────────────

export interface CreditLimitTable {
  /** Limit by identity verification level: 0 none, 1 basic passed, 2 advanced passed. */
  byKycLevel: readonly [DecimalInput, DecimalInput, DecimalInput];
  /** Added per VIP level (only once basic verification is passed). */
  perVipLevel: DecimalInput;
}

export const DEFAULT_CREDIT_LIMITS: CreditLimitTable = { byKycLevel: ["0", "1000", "5000"], perVipLevel: "2000" };

/** Credit limit (USDT) from the identity verification level and the VIP level. */
export function creditLimit(
  kycLevel: 0 | 1 | 2,
  vipLevel: number,
  table: CreditLimitTable = DEFAULT_CREDIT_LIMITS,
): string {
  if (kycLevel === 0) return "0";
  return toMoneyString(dec(table.byKycLevel[kycLevel]).plus(dec(table.perVipLevel).mul(Math.max(0, vipLevel))));
}
