// The Earn figures the screens show before and after a purchase: rates as percentages, what a
// fixed-term order pays if held to the end, the mining formula, limits. Every formula is
// packages/domain's (the server's, docs/contract.md "Earn"); this file guards and formats.
import type { EarnOrder, EarnProduct, EarnType } from "@candor/contract";
import {
  barPercent,
  dec,
  hashrateFor as domainHashrateFor,
  limitLeft as domainLimitLeft,
  formatAmount,
  interestIfHeld,
  isDecimal,
  miningDailyOutput,
  percentOf,
  simpleAnnualRate,
  subtractAmounts,
} from "@candor/domain";
import { routes } from "../../app/routes";
import { localizeNumber, moneyPlaces, plainAmount as plain } from "../../lib/format";

/** Where each kind's products are listed. */
export const PRODUCT_LIST_PATH: Record<EarnType, string> = {
  arbitrage: routes.arbitrage,
  quant: routes.quant,
  mining: routes.mining,
  debt: routes.debtClaims,
};

/** Decimals of a currency's amounts (the wallet's seed: USDT 6, crypto 8). */
export function placesOf(currency: string): number {
  return currency === "USDT" ? 6 : 8;
}

/** Amount at its currency's display precision (lib/format moneyPlaces), truncated ("--" when missing). */
export function money(value: string | null | undefined, currency: string): string {
  if (value === null || value === undefined || !isDecimal(value)) return "--";
  return localizeNumber(formatAmount(value, moneyPlaces(currency)));
}

/** Amount without trailing zeros (limits, prices): "1,000", "0.5". */
export { plain };

/** A fraction as a percentage without trailing zeros, truncated: "0.0012" → "0.12". */
export function percent(fraction: string | null | undefined, maxPlaces = 4): string {
  if (fraction === null || fraction === undefined || !isDecimal(fraction)) return "--";
  return plain(percentOf(fraction, maxPlaces), maxPlaces);
}

/** The simple (not compounded) annual equivalent of a daily rate: daily × 365, as a percentage. */
export function simpleAnnualPercent(dailyRate: string | null | undefined): string {
  if (dailyRate === null || dailyRate === undefined || !isDecimal(dailyRate)) return "--";
  return percent(simpleAnnualRate(dailyRate), 2);
}

/**
 * Interest a fixed-term order pays if held to the end: each day's interest is
 * amount × dailyRate truncated to the currency's decimals, paid for termDays days.
 */
export function incomeIfHeld(amount: string, dailyRate: string, termDays: number, currency: string): string | null {
  if (!isDecimal(amount) || !isDecimal(dailyRate) || dec(amount).lte(0)) return null;
  return interestIfHeld(amount, dailyRate, termDays, placesOf(currency));
}

/** The business day (UTC) of the first interest: the day after the purchase. */
export function firstIncomeDate(startAt: string): string {
  const d = new Date(startAt);
  if (Number.isNaN(d.getTime())) return "--";
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1)).toISOString().slice(0, 10);
}

/** What the per-customer limit still leaves after the customer's running orders of this product. */
export function limitLeft(product: EarnProduct, running: readonly EarnOrder[] | undefined): string | null {
  if (product.perCustomerLimit === null || !running) return null;
  const held = running.filter((o) => o.productId === product.id && o.status === "running").map((o) => o.amount);
  return domainLimitLeft(product.perCustomerLimit, held);
}

/** How much one order may be now: the order maximum, or less when the per-customer limit leaves less. */
export function roomLeft(product: EarnProduct, running: readonly EarnOrder[] | undefined): string | null {
  if (product.perCustomerLimit === null) return product.maxAmount;
  const left = limitLeft(product, running);
  if (left === null) return null;
  return dec(left).lt(product.maxAmount) ? left : product.maxAmount;
}

/** Share of a debt product already subscribed, 0–100. */
export function subscribedPercent(total: string | undefined, remaining: string | undefined): number {
  if (!total || !remaining || !isDecimal(total) || !isDecimal(remaining)) return 0;
  return barPercent(subtractAmounts(total, remaining), total);
}

/** TH/s an amount buys at the product's price per TH/s. */
export function hashrateFor(amount: string, pricePerTh: string | undefined): string | null {
  if (!pricePerTh || !isDecimal(amount) || !isDecimal(pricePerTh) || dec(pricePerTh).lte(0)) return null;
  if (dec(amount).lte(0)) return null;
  return domainHashrateFor(amount, pricePerTh);
}

/**
 * The daily output in USDT of `th` TH/s (1 by default) by the domain's mining formula, as the
 * server publishes it (8 decimals for 1 TH/s) and pays it: reward per TH × BTC price, less the
 * power the share of the machine draws for 24 h at the electricity price; never below 0.
 */
export function outputPerTh(
  inputs: { rewardPerThDay: string; btcPrice: string | null; electricityPrice: string },
  power: string | undefined,
  hashrate: string | undefined,
  th = "1",
  places = 8,
): { gross: string; powerCost: string; net: string } | null {
  if (!inputs.btcPrice || !power || !hashrate || !isDecimal(power) || !isDecimal(hashrate) || dec(hashrate).lte(0)) {
    return null;
  }
  const out = miningDailyOutput(
    {
      hashrate: th,
      rewardPerThDay: inputs.rewardPerThDay,
      btcPrice: inputs.btcPrice,
      machineHashrate: hashrate,
      machinePowerW: power,
      electricityPrice: inputs.electricityPrice,
    },
    places,
  );
  return { gross: out.grossUsdt, powerCost: out.powerCost, net: out.net };
}

/** Sign of a value for colouring (P&L): 1, -1 or 0. */
export function signOf(value: string | null | undefined): 1 | -1 | 0 {
  if (value === null || value === undefined || !isDecimal(value)) return 0;
  const d = dec(value);
  return d.gt(0) ? 1 : d.lt(0) ? -1 : 0;
}

/** Signed display: "+1.20", "-0.35", "0.00". */
export function signedMoney(value: string | null | undefined, currency: string): string {
  const s = signOf(value);
  const text = money(value, currency);
  return s > 0 ? `+${text}` : text;
}
