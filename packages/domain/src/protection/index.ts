// Deposit and loss limits, time-outs and self-exclusion (issue 34 §2) as pure arithmetic.
// Windows are ROLLING: a day is the last 24 hours, a week the last 7 × 24 hours, a month
// the last 30 × 24 hours, counted back from the business clock's "now" (the server passes
// it in; nothing here reads a clock). A lower limit applies at once; a higher one, or
// removing one, only after the cool-off (24 hours).
import { dec } from "../money";

export const LIMIT_FIELDS = ["depositDay", "depositWeek", "depositMonth", "lossDay", "lossWeek", "lossMonth"] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export type LimitWindow = "day" | "week" | "month";
/** A limit in USDT (decimal string) or null for none. */
export type Limits = Record<LimitField, string | null>;

const HOUR = 3_600_000;
export const COOL_OFF_MS = 24 * HOUR;
export const WINDOW_MS: Record<LimitWindow, number> = { day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR };
export const REALITY_CHECK_MINUTES = [15, 30, 60, 120] as const;

export const windowOf = (field: LimitField): LimitWindow =>
  field.endsWith("Day") ? "day" : field.endsWith("Week") ? "week" : "month";

/** Where a rolling window starts for a moment `now`. */
export const windowStart = (window: LimitWindow, now: Date): Date => new Date(now.getTime() - WINDOW_MS[window]);

/** True when `next` loosens `current` (null = no limit: removing a limit loosens it). */
export function isLoosening(current: string | null, next: string | null): boolean {
  if (next === null) return current !== null;
  if (current === null) return false;
  return dec(next).gt(current);
}

/** When a change to a limit takes effect: now when it tightens (or changes nothing), after the cool-off when it loosens. */
export function changeEffectiveAt(current: string | null, next: string | null, now: Date): Date {
  return isLoosening(current, next) ? new Date(now.getTime() + COOL_OFF_MS) : now;
}

export interface PendingChange {
  field: LimitField;
  value: string | null;
  effectiveAt: Date;
}

/** The limits in force at `now`: stored values with every pending change that has come due applied. */
export function limitsInForce(stored: Limits, pending: readonly PendingChange[], now: Date): Limits {
  const out = { ...stored };
  for (const p of [...pending].sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime())) {
    if (p.effectiveAt.getTime() <= now.getTime()) out[p.field] = p.value;
  }
  return out;
}

export type WindowSums = Record<LimitWindow, string>;

/** The first deposit limit an extra `amount` would pass (deposited + amount > limit), or null. */
export function depositLimitPassed(limits: Limits, deposited: WindowSums, amount: string): LimitField | null {
  for (const field of ["depositDay", "depositWeek", "depositMonth"] as const) {
    const limit = limits[field];
    if (limit !== null && dec(deposited[windowOf(field)]).plus(amount).gt(limit)) return field;
  }
  return null;
}

/**
 * The first loss limit reached, or null. `results` are the net realised results per window
 * (negative = a loss); a limit is reached when the loss is at least the limit.
 */
export function lossLimitReached(limits: Limits, results: WindowSums): LimitField | null {
  for (const field of ["lossDay", "lossWeek", "lossMonth"] as const) {
    const limit = limits[field];
    if (limit === null) continue;
    const loss = dec(results[windowOf(field)]).neg();
    if (loss.gt(0) && loss.gte(limit)) return field;
  }
  return null;
}

export const TIMEOUT_PERIODS = ["24h", "7d", "6w"] as const;
export const SELF_EXCLUSION_PERIODS = ["6m", "1y", "2y", "5y"] as const;
export type ExclusionKind = "timeout" | "self_exclusion";
export type ExclusionPeriod = (typeof TIMEOUT_PERIODS)[number] | (typeof SELF_EXCLUSION_PERIODS)[number];

/** Whether a period belongs to a kind (a time-out is 24 h to 6 weeks, self-exclusion 6 months to 5 years). */
export function periodFitsKind(kind: ExclusionKind, period: string): period is ExclusionPeriod {
  const list: readonly string[] = kind === "timeout" ? TIMEOUT_PERIODS : SELF_EXCLUSION_PERIODS;
  return list.includes(period);
}

/** When an exclusion taken at `now` ends. Months and years are calendar months in UTC. */
export function exclusionEnd(period: ExclusionPeriod, now: Date): Date {
  const end = new Date(now.getTime());
  switch (period) {
    case "24h":
      return new Date(now.getTime() + 24 * HOUR);
    case "7d":
      return new Date(now.getTime() + 7 * 24 * HOUR);
    case "6w":
      return new Date(now.getTime() + 42 * 24 * HOUR);
    case "6m":
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    default:
      end.setUTCFullYear(end.getUTCFullYear() + Number(period.slice(0, -1)));
      return end;
  }
}

export interface Exclusion {
  kind: ExclusionKind;
  until: Date;
}

/**
 * The exclusion after a new request: it can only be lengthened, never shortened or lifted.
 * A longer request replaces the running one (its kind too: a self-exclusion outranks a
 * time-out that ends later only if it ends later); a shorter one leaves it as it is.
 */
export function lengthenExclusion(current: Exclusion | null, requested: Exclusion, now: Date): Exclusion {
  if (!current || current.until.getTime() <= now.getTime()) return requested;
  if (requested.until.getTime() > current.until.getTime()) return requested;
  return current;
}

/** The exclusion still running at `now`, or null. */
export const runningExclusion = (e: Exclusion | null, now: Date): Exclusion | null =>
  e && e.until.getTime() > now.getTime() ? e : null;
