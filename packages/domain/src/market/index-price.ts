// The index price (issue 32 §2): one price per symbol from several venues' readings, so no
// single venue — down, late or lying — sets the price customers trade and settle at. Then a
// jump guard: a sudden large move is held until a second reading confirms it. Pure; every
// price is a decimal string and every comparison exact (docs/style.md "Money never touches
// a JS number").
import { Decimal, type DecimalInput, dec } from "../money";

export interface SourceReading {
  source: string;
  /** The venue's price, a positive decimal string. */
  price: string;
  /** The venue's own time of the price (evidence; freshness is judged on receivedAt). */
  sourceTime: number;
  /** When this server received it, epoch ms. */
  receivedAt: number;
}

export interface IndexRule {
  /** A reading older than this (now − receivedAt) is stale and left out. Default 5000. */
  maxAgeMs: number;
  /** A reading further than this percentage from the median of the fresh ones is an outlier. Default "1". */
  bandPct: string;
  /** Fewer agreeing sources than this and there is no index. Default 2. */
  minSources: number;
  /** The operator's weight per source (default "1"); "0" leaves the source out. */
  weights?: Readonly<Record<string, string>>;
  /** Sources the operator left out. */
  excluded?: readonly string[];
}

export const DEFAULT_INDEX_RULE: IndexRule = { maxAgeMs: 5000, bandPct: "1", minSources: 2 };

export interface IndexComponent {
  source: string;
  price: string;
  sourceTime: number;
  weight: string;
  /** True when the reading is part of the index price. */
  used: boolean;
  /** Why it is not: left out by the operator, too old, or too far from the others. */
  reason?: "stale" | "outlier" | "excluded";
}

export type IndexResult =
  | { ok: true; price: string; components: IndexComponent[] }
  | {
      ok: false;
      /** unavailable: fewer than minSources fresh readings; disagree: enough fresh, too few agree. */
      reason: "unavailable" | "disagree";
      components: IndexComponent[];
    };

interface Weighted {
  price: Decimal;
  weight: Decimal;
}

/**
 * The weighted median: readings in price order, the first whose cumulative weight passes half
 * the total. When the weights below some reading add up to exactly half (an even count of equal
 * weights, say), the median is the mean of that reading and the next one.
 */
export function weightedMedian(items: readonly Weighted[]): Decimal {
  if (items.length === 0) throw new RangeError("weightedMedian: no readings");
  const sorted = [...items].sort((a, b) => a.price.comparedTo(b.price));
  const half = sorted.reduce((sum, i) => sum.plus(i.weight), dec(0)).div(2);
  let cumulative = dec(0);
  for (let i = 0; i < sorted.length; i++) {
    const item = sorted[i] as Weighted;
    cumulative = cumulative.plus(item.weight);
    if (cumulative.eq(half)) {
      const next = sorted[i + 1];
      return next ? item.price.plus(next.price).div(2) : item.price;
    }
    if (cumulative.gt(half)) return item.price;
  }
  return (sorted.at(-1) as Weighted).price;
}

/** |a − b| as a percentage of b. */
export const movePct = (a: DecimalInput, b: DecimalInput): Decimal => dec(a).minus(b).abs().div(b).mul(100);

function weightOf(rule: IndexRule, source: string): Decimal {
  const w = dec(rule.weights?.[source] ?? "1");
  if (w.isNegative()) throw new RangeError(`index: negative weight for ${source}`);
  return w;
}

/**
 * The index price at `now`: readings left out by the operator (excluded, weight "0") and stale
 * ones dropped; the weighted median of the rest; readings outside ±bandPct of that median
 * dropped as outliers; the weighted median of the agreeing readings, rounded half-up to
 * `scale` decimals when given (the symbol's price precision). Needs minSources agreeing
 * sources. One reading per source (the caller keeps the latest).
 */
export function computeIndex(
  readings: readonly SourceReading[],
  rule: IndexRule,
  now: number,
  scale?: number,
): IndexResult {
  const seen = new Set<string>();
  const components: IndexComponent[] = [];
  const fresh: (Weighted & { component: IndexComponent })[] = [];
  for (const r of readings) {
    if (seen.has(r.source)) throw new RangeError(`index: two readings from ${r.source}`);
    seen.add(r.source);
    const price = dec(r.price);
    if (!price.gt(0)) throw new RangeError(`index: ${r.source} price ${r.price} is not positive`);
    const weight = weightOf(rule, r.source);
    const component: IndexComponent = {
      source: r.source,
      price: r.price,
      sourceTime: r.sourceTime,
      weight: weight.toFixed(),
      used: false,
    };
    components.push(component);
    if (weight.isZero() || rule.excluded?.includes(r.source)) component.reason = "excluded";
    else if (now - r.receivedAt > rule.maxAgeMs) component.reason = "stale";
    else fresh.push({ price, weight, component });
  }
  if (fresh.length < rule.minSources || fresh.length === 0) return { ok: false, reason: "unavailable", components };

  const median = weightedMedian(fresh);
  const band = dec(rule.bandPct);
  const agreeing = fresh.filter((f) => {
    if (movePct(f.price, median).lte(band)) return true;
    f.component.reason = "outlier";
    return false;
  });
  if (agreeing.length < rule.minSources || agreeing.length === 0) {
    return { ok: false, reason: "disagree", components };
  }
  for (const a of agreeing) a.component.used = true;
  const index = weightedMedian(agreeing);
  const price = scale === undefined ? index.toFixed() : index.toFixed(scale, Decimal.ROUND_HALF_UP);
  return { ok: true, price, components };
}

// ---- jump guard ----

export interface JumpGuardState {
  /** The last price emitted. */
  last?: { price: string; at: number };
  /** A sudden jump waiting for a second reading to confirm it. */
  held?: { price: string; at: number };
}

export interface JumpRule {
  /** A move larger than this percentage from the last emitted price is a jump. */
  jumpPct: string;
  /** A jump this soon (ms) after the last emitted price is held until confirmed. Default 1000. */
  confirmWithinMs: number;
}

export const DEFAULT_JUMP_RULE: JumpRule = { jumpPct: "5", confirmWithinMs: 1000 };

/**
 * Price-band protection: whether to emit `candidate`. A candidate within jumpPct of the last
 * emitted price is emitted (and drops any hold: the price came back). One that jumps further
 * within confirmWithinMs of the last emission is held, not emitted, until a later candidate
 * within jumpPct of the held price confirms it. A move taking longer than confirmWithinMs (a
 * slow move, the first price after a gap) is not a spike and is emitted.
 */
export function guardJump(
  state: JumpGuardState,
  candidate: { price: string; at: number },
  rule: JumpRule,
): { state: JumpGuardState; emit: boolean; held: boolean } {
  const emitted = { state: { last: candidate }, emit: true, held: false };
  const { last, held } = state;
  if (!last) return emitted;
  const limit = dec(rule.jumpPct);
  if (movePct(candidate.price, last.price).lte(limit)) return emitted;
  if (held && movePct(candidate.price, held.price).lte(limit)) return emitted;
  if (candidate.at - last.at > rule.confirmWithinMs) return emitted;
  return { state: { last, held: candidate }, emit: false, held: true };
}

/**
 * How far the venues used in an index price stray from it: the largest |venue − index| / index,
 * in percent (4 decimals); null when none was used (the operator's health page).
 */
export function indexDeviationPct(indexPrice: DecimalInput, components: readonly IndexComponent[]): string | null {
  let max: Decimal | null = null;
  for (const c of components) {
    if (!c.used) continue;
    const move = movePct(c.price, indexPrice);
    if (max === null || move.gt(max)) max = move;
  }
  return max === null ? null : max.toDecimalPlaces(4).toFixed();
}
