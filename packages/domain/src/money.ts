// Exact decimal money. One shared Decimal constructor at 50 significant digits so
// NUMERIC(36,18) values never get silently rounded (decimal.js defaults to 20).
import DecimalBase from "decimal.js";

export const Decimal = DecimalBase.clone({
  precision: 50,
  rounding: DecimalBase.ROUND_DOWN,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalInput = Decimal | string | number;

/** Parse an amount as it arrives in a request or from the database. Throws on NaN/Infinity. */
export function dec(value: DecimalInput): Decimal {
  const d = new Decimal(value);
  if (!d.isFinite()) throw new RangeError(`not a finite decimal: ${String(value)}`);
  return d;
}

/** True when the string/number is a finite decimal (no exponent games, no NaN). */
export function isDecimal(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "string") return false;
  return /^-?(\d+)(\.\d+)?$/.test(value.trim());
}

/**
 * Truncate (never round) to `places` decimals. Display rounding must never round a
 * customer's balance up, so every display path goes through here.
 */
export function truncate(value: DecimalInput, places: number): Decimal {
  return dec(value).toDecimalPlaces(places, Decimal.ROUND_DOWN);
}

/** Fixed-point string truncated to `places` decimals, e.g. truncateFixed("1.999", 2) === "1.99". */
export function truncateFixed(value: DecimalInput, places: number): string {
  return truncate(value, places).toFixed(places, Decimal.ROUND_DOWN);
}

/**
 * Human display: truncated to `places` and grouped with thousands separators.
 * formatAmount("1234567.891", 2) === "1,234,567.89": comma groups, dot decimals. The
 * apps swap in the language's symbols for display (apps/web/src/lib/format.ts).
 */
export function formatAmount(value: DecimalInput, places: number, separator = ","): string {
  const fixed = truncateFixed(value, places);
  const negative = fixed.startsWith("-");
  const body = negative ? fixed.slice(1) : fixed;
  const [int = "0", frac] = body.split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const sign = negative && !/^[0.]+$/.test(body) ? "-" : "";
  return sign + grouped + (frac !== undefined ? `.${frac}` : "");
}

/** Currencies shown with 2 decimals (dollar-like); every other currency shows 8. */
const TWO_PLACES = new Set(["USDT", "VUSDT", "USDC", "USD", "EUR"]);

/** Display precision of a currency: how many decimals its amounts show on every screen. */
export function moneyPlaces(currency: string): number {
  return TWO_PLACES.has(currency.toUpperCase()) ? 2 : 8;
}

/** Canonical string for JSON and the database: no exponent, no trailing zeros. */
export function toMoneyString(value: DecimalInput): string {
  const d = dec(value);
  return d.isZero() ? "0" : d.toFixed();
}

/** Number of decimals a value has as written (used to check against a precision). */
export function decimalPlaces(value: DecimalInput): number {
  return dec(value).decimalPlaces();
}

/** Signed percentage string with `places` decimals, truncated: 0.12345 → "12.34". */
export function toPercent(ratio: DecimalInput, places = 2): string {
  return truncateFixed(dec(ratio).mul(100), places);
}

/** Sum of amounts, exact: `sumAmounts(["1.5", "0.25"]) === "1.75"`. */
export function sumAmounts(values: readonly DecimalInput[]): string {
  return toMoneyString(values.reduce<Decimal>((sum, v) => sum.plus(v), dec(0)));
}

/** `a − b`, exact; `floor` keeps the result from going below it (e.g. 0 for what is left). */
export function subtractAmounts(a: DecimalInput, b: DecimalInput, floor?: DecimalInput): string {
  const d = dec(a).minus(b);
  return toMoneyString(floor !== undefined && d.lt(floor) ? floor : d);
}

/** For sorting: -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareDecimals(a: DecimalInput, b: DecimalInput): number {
  return dec(a).cmp(b);
}

/** A fraction as a percentage without trailing zeros, truncated to `places`: "0.0012" → "0.12". */
export function percentOf(fraction: DecimalInput, places = 4): string {
  return toMoneyString(truncate(dec(fraction).mul(100), places));
}

/** A percentage typed by a person as the fraction the API keeps: "0.05" (%) → "0.0005"; exact. */
export function fractionOfPercent(percent: DecimalInput): string {
  return toMoneyString(dec(percent).div(100));
}

/** `part / whole` as a percentage 0–100 for a bar (2 decimals); 0 when the whole is not positive. */
export function barPercent(part: DecimalInput, whole: DecimalInput): number {
  if (dec(whole).lte(0)) return 0;
  const share = dec(part).div(whole).mul(100);
  return Math.min(100, Math.max(0, Number(share.toFixed(2))));
}

/**
 * A decimal amount in a token's smallest units (10^decimals per unit), as an integer string;
 * null when the amount is negative or has more decimal places than the token (it could not
 * be sent exactly). `toTokenUnits("12.5", 6) === "12500000"`.
 */
export function toTokenUnits(amount: DecimalInput, decimals: number): string | null {
  const d = dec(amount);
  if (d.isNegative() || !Number.isInteger(decimals) || decimals < 0) return null;
  const units = d.times(new Decimal(10).pow(decimals));
  return units.isInteger() ? units.toFixed(0) : null;
}

/** Smallest units back to a decimal amount string: `fromTokenUnits("12500000", 6) === "12.5"`. */
export function fromTokenUnits(units: string | bigint, decimals: number): string {
  return toMoneyString(dec(units.toString()).div(new Decimal(10).pow(decimals)));
}
