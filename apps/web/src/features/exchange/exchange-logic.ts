// Pure helpers of flash exchange: the default pair, swapping, "All", the amount checks,
// and how rates and the spread are shown.
import type { FlashCurrency } from "@candor/contract";
import {
  dec,
  inverseRate as domainInverseRate,
  flashRateDigits,
  formatAmount,
  spreadCostPercent,
  toMoneyString,
  truncate,
} from "@candor/domain";
import { localizeNumber } from "../../lib/format";
import { type AmountProblem, amountProblem } from "../../lib/trading/amount";

/** Start from USDT into the first other currency (BTC when offered). */
export function defaultPair(currencies: readonly FlashCurrency[]): { from: string; to: string } {
  const codes = currencies.map((c) => c.currency);
  const from = codes.includes("USDT") ? "USDT" : (codes[0] ?? "USDT");
  const to = codes.includes("BTC") && from !== "BTC" ? "BTC" : (codes.find((c) => c !== from) ?? from);
  return { from, to };
}

/** Choosing the currency on the other side swaps the two instead of making them equal. */
export function pickCurrency(
  pair: { from: string; to: string },
  side: "from" | "to",
  currency: string,
): { from: string; to: string } {
  const other = side === "from" ? pair.to : pair.from;
  if (currency === other) return { from: pair.to, to: pair.from };
  return side === "from" ? { from: currency, to: pair.to } : { from: pair.from, to: currency };
}

/** "All": the whole available balance, truncated to the currency's decimals ("" when none). */
export function allAmount(available: string | null, precision: number): string {
  if (available === null || dec(available).lte(0)) return "";
  return toMoneyString(truncate(available, precision));
}

export function exchangeProblem(amount: string, precision: number, available: string | null): AmountProblem | null {
  return amountProblem(amount, { places: precision, available });
}

/** Units of TO per FROM as shown: enough significant digits for small rates (USDT → BTC). */
export function showRate(rate: string): string {
  const d = dec(rate);
  if (d.isZero()) return "0";
  const digits = flashRateDigits(d);
  const text = d.gte(1) ? formatAmount(digits, 4) : digits;
  return localizeNumber(text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
}

/** 1 / rate (units of FROM per TO), for the "1 BTC = 91,876 USDT" line when FROM is the cheaper one. */
export const inverseRate = (rate: string): string | null => domainInverseRate(rate);

/** Spread cost fraction → percentage text without trailing zeros: "0.0005" → "0.05". */
export function spreadText(spreadCost: string): string {
  return spreadCostPercent(spreadCost);
}

export function precisionOf(currencies: readonly FlashCurrency[] | undefined, currency: string, fallback = 8): number {
  return currencies?.find((c) => c.currency === currency)?.precision ?? fallback;
}

/** An amount as the server echoes it in a quote ("01.50" → "1.5"); "" when not a plain number. */
export function canonicalAmount(amount: string): string {
  const v = amount.trim().replace(/\.$/, "");
  if (!/^\d+(\.\d+)?$/.test(v)) return "";
  return toMoneyString(v);
}
