// Price alerts (issue 34 §5): when an alert's condition holds, and the once-per-crossing rule.
//
// An alert is armed or not. An armed alert fires when its condition starts to hold and is
// then disarmed; it is re-armed only when the condition stops holding (the price goes back
// below an `above` threshold, above a `below` one, or the 24-hour move falls under the
// percentage). So it fires once per crossing, never on every tick beyond the threshold. An
// alert created while its condition already holds starts disarmed: it waits for the price to
// come back and cross again (creating "above 100" at 105 does not fire at once).
//
// The leader keeps the alerts of each symbol in sorted arrays (ThresholdBook), so a tick
// costs O(log n + alerts that change state). Comparisons are on doubles of the decimal
// strings: prices and percentages have far fewer than 15 significant digits.

export type PriceAlertKind = "above" | "below" | "move24h";

/** The 24-hour move in percent, |price / ref − 1| × 100 (null without a usable reference). */
export function move24hPercent(price: number, ref: number | null | undefined): number | null {
  if (ref === null || ref === undefined || !(ref > 0) || !Number.isFinite(price)) return null;
  return Math.abs(price / ref - 1) * 100;
}

/**
 * Whether the condition holds: `above` price ≥ value, `below` price ≤ value, `move24h` the
 * 24-hour move ≥ value % (false without a reference price).
 */
export function alertConditionMet(kind: PriceAlertKind, value: number, price: number, ref?: number | null): boolean {
  if (kind === "above") return price >= value;
  if (kind === "below") return price <= value;
  const move = move24hPercent(price, ref);
  return move !== null && move >= value;
}

/** One step of the once-per-crossing rule: fire when armed and met; re-arm when not met. */
export function alertStep(armed: boolean, met: boolean): { fire: boolean; armed: boolean } {
  if (armed && met) return { fire: true, armed: false };
  return { fire: false, armed: armed || !met };
}

/** The alerts that fire along a sequence of prices (the table tests' reference). */
export function firesAlong(
  kind: PriceAlertKind,
  value: number,
  prices: ReadonlyArray<number>,
  options: { startPrice?: number; ref?: number } = {},
): number[] {
  let armed = options.startPrice === undefined || !alertConditionMet(kind, value, options.startPrice, options.ref);
  const fired: number[] = [];
  prices.forEach((p, i) => {
    const step = alertStep(armed, alertConditionMet(kind, value, p, options.ref));
    armed = step.armed;
    if (step.fire) fired.push(i);
  });
  return fired;
}

interface Entry {
  id: number;
  value: number;
}

/** Sorted by value, then id; binary search for the first index with value ≥ v (or > v). */
class SortedEntries {
  readonly items: Entry[] = [];
  private lowerBound(value: number, strict: boolean): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const v = (this.items[mid] as Entry).value;
      if (strict ? v <= value : v < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  add(e: Entry): void {
    this.items.splice(this.lowerBound(e.value, true), 0, e);
  }
  remove(id: number, value: number): boolean {
    for (let i = this.lowerBound(value, false); i < this.items.length; i++) {
      const e = this.items[i] as Entry;
      if (e.value !== value) break;
      if (e.id === id) {
        this.items.splice(i, 1);
        return true;
      }
    }
    return false;
  }
  /** Removes and returns the entries with value ≤ v (strict: < v). */
  takeUpTo(v: number, strict = false): Entry[] {
    const n = this.lowerBound(v, !strict);
    return this.items.splice(0, n);
  }
  /** Removes and returns the entries with value > v (orEqual: ≥ v). */
  takeFrom(v: number, orEqual = false): Entry[] {
    const n = this.lowerBound(v, !orEqual);
    return this.items.splice(n);
  }
}

/**
 * One symbol's alerts of one direction, armed and disarmed, sorted by threshold. `rising`
 * books (above, move24h) fire when the observed number reaches the value; falling ones
 * (below) when it comes down to it.
 */
export class ThresholdBook {
  private readonly armed = new SortedEntries();
  private readonly disarmed = new SortedEntries();
  constructor(readonly rising: boolean) {}

  get size(): number {
    return this.armed.items.length + this.disarmed.items.length;
  }

  add(id: number, value: number, armed: boolean): void {
    (armed ? this.armed : this.disarmed).add({ id, value });
  }

  remove(id: number, value: number): boolean {
    return this.armed.remove(id, value) || this.disarmed.remove(id, value);
  }

  /** Applies an observation: the ids that fire (now disarmed) and those re-armed. */
  observe(x: number): { fired: number[]; rearmed: number[] } {
    // rising: met ⇔ x ≥ value ⇔ value ≤ x; falling: met ⇔ x ≤ value ⇔ value ≥ x.
    const fired = this.rising ? this.armed.takeUpTo(x) : this.armed.takeFrom(x, true);
    const rearmed = this.rising ? this.disarmed.takeFrom(x) : this.disarmed.takeUpTo(x, true);
    for (const e of fired) this.disarmed.add(e);
    for (const e of rearmed) this.armed.add(e);
    return { fired: fired.map((e) => e.id), rearmed: rearmed.map((e) => e.id) };
  }
}
