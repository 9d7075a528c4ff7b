// Pure helpers of the options screen: countdowns, the stake rules, the preview of what
// a stake returns, and where an open order stands against the live price. The payout
// math is the domain's (the same function the server settles with).
import type { OptionMode, OptionOrder, OptionSetting } from "@candor/contract";
import { dec, isDecimal, optionNet, optionPayout, optionResult, toMoneyString, toPercent } from "@candor/domain";
import { customerTimeZone, formatDate } from "../../lib/format";
import type { AmountRules } from "../../lib/trading/amount";

/** Stakes have at most this many decimals (the server's rule). */
export const STAKE_PLACES = 8;

/** Whole seconds left until `expiresAt` (rounded up, never below 0). */
export function secondsLeft(expiresAt: string, nowMs: number): number {
  const ms = Date.parse(expiresAt) - nowMs;
  return ms <= 0 ? 0 : Math.ceil(ms / 1000);
}

/** "00:30", "04:59", "1:00:00". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${pad(m)}:${pad(sec)}`;
}

/** Share of the period already gone, 0..1, for the progress bar. */
export function elapsedShare(createdAt: string, expiresAt: string, nowMs: number): number {
  const start = Date.parse(createdAt);
  const end = Date.parse(expiresAt);
  if (!(end > start)) return 1;
  return Math.min(1, Math.max(0, (nowMs - start) / (end - start)));
}

/** "0.85" → "85", "0.825" → "82.5": the profit share as a percentage without trailing zeros. */
export function ratePercent(payoutRate: string): string {
  return toMoneyString(toPercent(payoutRate, 2));
}

/** The stake checks: 8 decimals, the period's limits, the available balance. */
export function stakeRules(
  setting: Pick<OptionSetting, "minAmount" | "maxAmount">,
  available: string | null,
): AmountRules {
  return { places: STAKE_PLACES, min: setting.minAmount, max: setting.maxAmount, available };
}

export interface StakePreview {
  /** Total returned on a win (stake + profit). */
  winPayout: string;
  profit: string;
  /** What a loss costs: the whole stake. */
  loss: string;
  /** Returned when the closing price equals the opening price. */
  refund: string;
}

/** What a stake returns in each outcome; null while the amount is not a positive number. */
export function stakePreview(amount: string, payoutRate: string): StakePreview | null {
  const a = amount.trim();
  if (!isDecimal(a) || dec(a).lte(0)) return null;
  const winPayout = optionPayout(a, payoutRate, "win");
  return {
    winPayout,
    profit: optionNet(a, winPayout),
    loss: toMoneyString(a),
    refund: optionPayout(a, payoutRate, "draw"),
  };
}

/** Where an open order stands if it settled at `price` now. */
export function standing(order: Pick<OptionOrder, "direction" | "openPrice">, price: string | null) {
  if (price === null) return null;
  return optionResult(order.direction, order.openPrice, price);
}

/** Net result of a settled order: payout − stake ("+85", "-100", "0"). */
export function netResult(order: Pick<OptionOrder, "amount" | "payout">): string | null {
  if (order.payout === null) return null;
  const net = optionNet(order.amount, order.payout);
  return dec(net).gt(0) ? `+${net}` : net;
}

/** `mode=demo` in the address trades the virtual balance; anything else is real money. */
export function parseMode(value: string | null): OptionMode {
  return value === "demo" ? "demo" : "real";
}

export const modeCurrency = (mode: OptionMode) => (mode === "demo" ? "VUSDT" : "USDT");

/** A tick's time to the millisecond in the customer's time zone and language: "2026-11-21 23:25:13.042" in English. */
export function formatTickTime(ts: number, tz = customerTimeZone()): string {
  return formatDate(ts, "tick", tz);
}
