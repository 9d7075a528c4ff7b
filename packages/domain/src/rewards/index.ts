// Rewards rules (pure): VIP level by total assets, progress to the next level, task status,
// rebate amounts and the weekly envelope calendar. The server applies them; the app shows
// the same numbers.
import { type Decimal, type DecimalInput, dec, toMoneyString, truncate } from "../money";

export interface LevelRule {
  level: number;
  minAssetsUsdt: string;
}

/** The highest level whose threshold the total reaches (levels may be given in any order). */
export function levelForAssets(levels: readonly LevelRule[], totalUsdt: DecimalInput): number {
  const total = dec(totalUsdt);
  let best = 0;
  for (const l of levels) if (total.gte(l.minAssetsUsdt) && l.level > best) best = l.level;
  return best;
}

export interface LevelProgress {
  level: number;
  nextLevel: number | null;
  /** USDT still missing to reach the next level ("0" at the top). */
  missingUsdt: string;
  /** 0..1 (fraction of the way from this level's threshold to the next one's), 8 places. */
  ratio: string;
}

export function progressToNext(levels: readonly LevelRule[], totalUsdt: DecimalInput): LevelProgress {
  const total = dec(totalUsdt);
  const level = levelForAssets(levels, total);
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  const current = sorted.find((l) => l.level === level);
  const next = sorted.find((l) => l.level > level);
  if (!next) return { level, nextLevel: null, missingUsdt: "0", ratio: "1" };
  const from = dec(current?.minAssetsUsdt ?? 0);
  const span = dec(next.minAssetsUsdt).minus(from);
  const done = total.minus(from);
  const ratio: Decimal = span.lte(0) ? dec(1) : clamp01(done.div(span));
  return {
    level,
    nextLevel: next.level,
    missingUsdt: toMoneyString(clamp0(dec(next.minAssetsUsdt).minus(total))),
    ratio: toMoneyString(truncate(ratio, 8)),
  };
}

const clamp0 = (d: Decimal): Decimal => (d.lt(0) ? dec(0) : d);

function clamp01(d: Decimal): Decimal {
  if (d.lt(0)) return dec(0);
  if (d.gt(1)) return dec(1);
  return d;
}

/**
 * The VIP base: what of the assets is the customer's own — total assets (USDT) minus what they
 * owe (loans) and what is already on its way out (withdrawals on hold), never below zero.
 */
export function netEquity(assetsUsdt: DecimalInput, deductionsUsdt: readonly DecimalInput[]): string {
  let net = dec(assetsUsdt);
  for (const d of deductionsUsdt) net = net.minus(d);
  return toMoneyString(clamp0(net));
}

/** A level held since a daily evaluation's date (YYYY-MM-DD). */
export interface LevelHeld {
  level: number;
  since: string;
}

/**
 * Levels whose one-time gift becomes due at the daily evaluation of `date`: held without a
 * break since an earlier daily evaluation (so for a full day at least), and not reached before.
 */
export function heldGiftLevelsDue(held: readonly LevelHeld[], date: string, reached: readonly number[]): number[] {
  return held
    .filter((h) => h.level > 0 && h.since < date && !reached.includes(h.level))
    .map((h) => h.level)
    .sort((a, b) => a - b);
}

/** Levels whose one-time gift is due when the level becomes `level`: every level up to it not yet reached. */
export function giftLevelsDue(level: number, reached: readonly number[]): number[] {
  const out: number[] = [];
  for (let l = 1; l <= level; l++) if (!reached.includes(l)) out.push(l);
  return out;
}

export type TaskStatus = "open" | "done" | "claimed";

export function taskStatus(progress: number, target: number, claimed: boolean): TaskStatus {
  if (claimed) return "claimed";
  return progress >= target ? "done" : "open";
}

/** The customer's rebate on one fee: fee × share, truncated to 8 places (never rounded up). */
export function rebateAmount(fee: DecimalInput, share: DecimalInput): string {
  const f = dec(fee);
  const s = dec(share);
  if (f.lte(0) || s.lte(0)) return "0";
  return toMoneyString(truncate(f.mul(clamp01(s)), 8));
}

/** Rebates are paid unless the recipient's country is switched off (unknown country: paid). */
export function rebatesAllowed(countryCode: string | null, blocked: readonly string[]): boolean {
  if (!countryCode) return true;
  return !blocked.includes(countryCode.toUpperCase());
}

/** Whether a business date ("YYYY-MM-DD", UTC) is a Monday: the day red envelopes are handed out. */
export function isEnvelopeDay(date: string): boolean {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay() === 1;
}

export const ENVELOPE_VALID_DAYS = 7;

/** When an envelope handed out on `date` expires (7 days later, 00:00 UTC). */
export function envelopeExpiry(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + ENVELOPE_VALID_DAYS * 86_400_000);
}

export type EnvelopeStatus = "unopened" | "opened" | "expired";

export function envelopeStatus(openedAt: Date | null, expiresAt: Date, now: Date): EnvelopeStatus {
  if (openedAt) return "opened";
  return now.getTime() >= expiresAt.getTime() ? "expired" : "unopened";
}
