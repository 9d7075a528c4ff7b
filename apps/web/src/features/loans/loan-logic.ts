// The loan figures the screens show live (docs/contract.md "Loans"): the calculator, loan-to-value
// at a live price, the collateral needed at the initial LTV, the prices at which a margin call
// and a liquidation trigger. Every formula is packages/domain's (the server's): this file only
// guards against missing or half-typed figures and formats.
import {
  chargeableDays,
  collateralAfterTopUp,
  dayInterest,
  dec,
  loanToValue as domainLoanToValue,
  ltvBarPercent as domainLtvBarPercent,
  priceAtLtv as domainPriceAtLtv,
  suggestedCollateral as domainSuggestedCollateral,
  suggestedLtv as domainSuggestedLtv,
  formatAmount,
  isDecimal,
  type LtvStage,
  owedAfterRepayment,
  percentOf,
  ltvStageOf as stageOfLtv,
  sumAmounts,
  totalInterest,
} from "@candor/domain";
import { localizeNumber, plainAmount as plain } from "../../lib/format";

/** Decimals of a currency's amounts (the wallet's seed: USDT 6, crypto 8). */
export function placesOf(currency: string): number {
  return currency === "USDT" ? 6 : 8;
}

const ok = (v: string | null | undefined): v is string => typeof v === "string" && isDecimal(v);

export interface LoanCalc {
  /** One day's interest, truncated to the currency's decimals. */
  perDay: string;
  chargeableDays: number;
  totalInterest: string;
  /** amount + totalInterest, due at the end of the term. */
  repayAtEnd: string;
}

/** The calculator: what the loan costs over its term; null for an amount that is not a positive decimal. */
export function loanCalc(
  amount: string,
  dailyRate: string,
  days: number,
  interestFreeDays: number,
  currency: string,
): LoanCalc | null {
  if (!ok(amount) || !ok(dailyRate) || dec(amount).lte(0) || days <= 0) return null;
  const places = placesOf(currency);
  const total = totalInterest(amount, dailyRate, days, interestFreeDays, places);
  return {
    perDay: dayInterest(amount, dailyRate, places),
    chargeableDays: chargeableDays(days, interestFreeDays),
    totalInterest: total,
    repayAtEnd: sumAmounts([amount, total]),
  };
}

/** The domain's loan-to-value (rounded up to 8 decimals); null while a figure is missing or the collateral is worth nothing. */
export function loanToValue(
  owed: string | null | undefined,
  collateral: string | null | undefined,
  price: string | null | undefined,
): string | null {
  if (!ok(owed) || !ok(collateral) || !ok(price)) return null;
  return domainLoanToValue(owed, collateral, price);
}

/**
 * What "use minimum" fills in: the domain's suggested collateral, which puts the LTV a safety
 * margin below the initial LTV (issue 35 §10), rounded up; null while a figure is missing.
 */
export function suggestedCollateral(
  amount: string | null | undefined,
  price: string | null | undefined,
  initialLtv: string | null | undefined,
  collateralCurrency: string,
): string | null {
  if (!ok(amount) || !ok(price) || !ok(initialLtv) || dec(amount).lte(0)) return null;
  if (dec(price).lte(0) || dec(initialLtv).lte(0)) return null;
  return domainSuggestedCollateral(amount, price, initialLtv, placesOf(collateralCurrency));
}

/** The LTV the suggested collateral aims at (initial LTV less the margin); null while missing. */
export function suggestedLtv(initialLtv: string | null | undefined): string | null {
  return ok(initialLtv) ? domainSuggestedLtv(initialLtv) : null;
}

/**
 * The domain's collateral price at which the LTV reaches `ltv` (18 decimals, rounded down, as
 * the server computes it before truncating to the symbol's decimals); null while a figure is missing.
 */
export function priceAtLtv(
  owed: string | null | undefined,
  collateral: string | null | undefined,
  ltv: string | null | undefined,
): string | null {
  if (!ok(owed) || !ok(collateral) || !ok(ltv)) return null;
  if (dec(collateral).lte(0) || dec(ltv).lte(0)) return null;
  return domainPriceAtLtv(owed, collateral, ltv);
}

export type { LtvStage };

/** Where an LTV stands against the thresholds (the domain's stages, each threshold inclusive). */
export function ltvStage(
  ltv: string | null | undefined,
  marginCallLtv: string | null | undefined,
  liquidationLtv: string | null | undefined,
): LtvStage {
  if (!ok(ltv)) return "ok";
  return stageOfLtv(ltv, {
    marginCallLtv: ok(marginCallLtv) ? marginCallLtv : null,
    liquidationLtv: ok(liquidationLtv) ? liquidationLtv : null,
  });
}

/** Position of an LTV on a bar that ends a little past the liquidation LTV, 0–100. */
export function ltvBarPercent(ltv: string | null | undefined, liquidationLtv: string | null | undefined): number {
  if (!ok(ltv)) return 0;
  return domainLtvBarPercent(ltv, ok(liquidationLtv) ? liquidationLtv : null);
}

/** A fraction as a percentage without trailing zeros, truncated: "0.0012" → "0.12". */
export function percent(fraction: string | null | undefined, maxPlaces = 4): string {
  if (!ok(fraction)) return "--";
  return plain(percentOf(fraction, maxPlaces), maxPlaces);
}

/**
 * Amount truncated to its currency's decimals, trailing zeros dropped down to two decimals
 * ("1,500.00", "10.50", "0.166666"); "--" when missing.
 */
export function money(value: string | null | undefined, currency: string): string {
  if (!ok(value)) return "--";
  const s = formatAmount(value, placesOf(currency));
  const dot = s.indexOf(".");
  if (dot === -1) return localizeNumber(s);
  let end = s.length;
  while (end > dot + 3 && s[end - 1] === "0") end--;
  return localizeNumber(s.slice(0, end));
}

/** Amount without trailing zeros (limits, prices): "1,000", "0.5". */
export { plain };

/** A price for display: 2 decimals at and above 1, more below (e.g. "92,000.00", "0.061234"). */
export function price(value: string | null | undefined): string {
  if (!ok(value)) return "--";
  return localizeNumber(formatAmount(value, dec(value).abs().gte(1) ? 2 : 6));
}

/** The trading symbol quoting a collateral currency in the loan currency (BTC → BTCUSDT). */
export function collateralSymbol(collateralCurrency: string, loanCurrency = "USDT"): string {
  return `${collateralCurrency}${loanCurrency}`;
}

/** A partial repayment leaves this much owed (never below 0); null when the amount is not a positive decimal. */
export function owedAfter(outstanding: string, amount: string): string | null {
  if (!ok(outstanding) || !ok(amount) || dec(amount).lte(0)) return null;
  return owedAfterRepayment(outstanding, amount);
}

/** Collateral after adding `amount`; null when the amount is not a positive decimal. */
export function collateralAfter(current: string | null | undefined, amount: string): string | null {
  if (!ok(amount) || dec(amount).lte(0)) return null;
  return collateralAfterTopUp(ok(current) ? current : "0", amount);
}
