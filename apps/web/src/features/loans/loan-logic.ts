// Pure loan arithmetic the screens show live (CONTRACT.md "Loans"): the calculator
// (interest = amount × daily rate × max(0, days − interest-free days), each day's interest
// truncated to the currency's decimals, as the server charges it), loan-to-value at a live
// price, the collateral needed at the initial LTV, the prices at which a margin call and a
// liquidation trigger. Exact decimals only; owed amounts truncate, collateral needed rounds up.
import { Decimal, dec, formatAmount, isDecimal, toMoneyString, truncate } from "@candor/domain";
import { plainAmount as plain } from "../../lib/format";

/** Decimals of a currency's amounts (the wallet's seed: USDT 6, crypto 8). */
export function placesOf(currency: string): number {
  return currency === "USDT" ? 6 : 8;
}

const ok = (v: string | null | undefined): v is string => typeof v === "string" && isDecimal(v);

/** Days of the term that carry interest. */
export function chargeableDays(days: number, interestFreeDays: number): number {
  return Math.max(0, days - interestFreeDays);
}

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
  const perDay = truncate(dec(amount).mul(dailyRate), placesOf(currency));
  const charged = chargeableDays(days, interestFreeDays);
  const total = perDay.mul(charged);
  return {
    perDay: toMoneyString(perDay),
    chargeableDays: charged,
    totalInterest: toMoneyString(total),
    repayAtEnd: toMoneyString(dec(amount).add(total)),
  };
}

/** LTV = owed / (collateral × price), rounded up to 8 decimals; null when the collateral is worth nothing. */
export function loanToValue(
  owed: string | null | undefined,
  collateral: string | null | undefined,
  price: string | null | undefined,
): string | null {
  if (!ok(owed) || !ok(collateral) || !ok(price)) return null;
  const value = dec(collateral).mul(price);
  if (value.lte(0)) return null;
  return toMoneyString(dec(owed).div(value).toDecimalPlaces(8, Decimal.ROUND_UP));
}

/** Least collateral for `amount` at `price` within the initial LTV, rounded up to the collateral's decimals. */
export function minCollateral(
  amount: string | null | undefined,
  price: string | null | undefined,
  initialLtv: string | null | undefined,
  collateralCurrency: string,
): string | null {
  if (!ok(amount) || !ok(price) || !ok(initialLtv) || dec(amount).lte(0)) return null;
  const denominator = dec(price).mul(initialLtv);
  if (denominator.lte(0)) return null;
  return toMoneyString(dec(amount).div(denominator).toDecimalPlaces(placesOf(collateralCurrency), Decimal.ROUND_UP));
}

/** The collateral price at which the LTV reaches `ltv`: owed / (collateral × ltv), truncated to 8 decimals. */
export function priceAtLtv(
  owed: string | null | undefined,
  collateral: string | null | undefined,
  ltv: string | null | undefined,
): string | null {
  if (!ok(owed) || !ok(collateral) || !ok(ltv)) return null;
  const denominator = dec(collateral).mul(ltv);
  if (denominator.lte(0)) return null;
  return toMoneyString(truncate(dec(owed).div(denominator), 8));
}

export type LtvStage = "ok" | "margin_call" | "liquidation";

/** Where an LTV stands against the thresholds (each threshold inclusive). */
export function ltvStage(
  ltv: string | null | undefined,
  marginCallLtv: string | null | undefined,
  liquidationLtv: string | null | undefined,
): LtvStage {
  if (!ok(ltv)) return "ok";
  if (ok(liquidationLtv) && dec(ltv).gte(liquidationLtv)) return "liquidation";
  if (ok(marginCallLtv) && dec(ltv).gte(marginCallLtv)) return "margin_call";
  return "ok";
}

/** Position of an LTV on a bar that ends a little past the liquidation LTV, 0–100. */
export function ltvBarPercent(ltv: string | null | undefined, liquidationLtv: string | null | undefined): number {
  if (!ok(ltv)) return 0;
  const end = ok(liquidationLtv) ? dec(liquidationLtv).mul("1.25") : dec(1);
  if (end.lte(0)) return 0;
  const share = dec(ltv).div(end).mul(100);
  return Math.min(100, Math.max(0, Number(share.toFixed(2))));
}

/** A fraction as a percentage without trailing zeros, truncated: "0.0012" → "0.12". */
export function percent(fraction: string | null | undefined, maxPlaces = 4): string {
  if (!ok(fraction)) return "--";
  return plain(truncate(dec(fraction).mul(100), maxPlaces).toFixed(), maxPlaces);
}

/**
 * Amount truncated to its currency's decimals, trailing zeros dropped down to two decimals
 * ("1,500.00", "10.50", "0.166666"); "--" when missing.
 */
export function money(value: string | null | undefined, currency: string): string {
  if (!ok(value)) return "--";
  const s = formatAmount(value, placesOf(currency));
  const dot = s.indexOf(".");
  if (dot === -1) return s;
  let end = s.length;
  while (end > dot + 3 && s[end - 1] === "0") end--;
  return s.slice(0, end);
}

/** Amount without trailing zeros (limits, prices): "1,000", "0.5". */
export { plain };

/** A price for display: 2 decimals at and above 1, more below (e.g. "92,000.00", "0.061234"). */
export function price(value: string | null | undefined): string {
  if (!ok(value)) return "--";
  return formatAmount(value, dec(value).abs().gte(1) ? 2 : 6);
}

/** The trading symbol quoting a collateral currency in the loan currency (BTC → BTCUSDT). */
export function collateralSymbol(collateralCurrency: string, loanCurrency = "USDT"): string {
  return `${collateralCurrency}${loanCurrency}`;
}

/** A partial repayment leaves this much owed (never below 0); null when the amount is not a positive decimal. */
export function owedAfter(outstanding: string, amount: string): string | null {
  if (!ok(outstanding) || !ok(amount) || dec(amount).lte(0)) return null;
  const left = dec(outstanding).sub(amount);
  return toMoneyString(left.lt(0) ? 0 : left);
}

/** Collateral after adding `amount`; null when the amount is not a positive decimal. */
export function collateralAfter(current: string | null | undefined, amount: string): string | null {
  if (!ok(amount) || dec(amount).lte(0)) return null;
  return toMoneyString(dec(ok(current) ? current : "0").add(amount));
}
