// Rise/fall distribution: how many symbols moved by how much over 24 hours.
import { type DecimalInput, dec, toPercent } from "../money";

/** Percentage change from `open` to `close`, truncated to 2 decimals ("1.23" = +1.23 %). */
export function changePercent(open: DecimalInput, close: DecimalInput): string {
  const o = dec(open);
  if (o.isZero()) return "0.00";
  return toPercent(dec(close).minus(o).div(o), 2);
}

/** Bucket edges on the size of the move, in percent. */
export const CHANGE_BUCKET_EDGES = [0, 1, 3, 5, 7, 10] as const;

export interface ChangeBucket {
  direction: "fall" | "flat" | "rise";
  /** Size of the move, in percent: fromPercent ≤ |change| < toPercent (toPercent null = no upper bound). */
  fromPercent: string;
  toPercent: string | null;
  count: number;
}

export interface ChangeDistribution {
  rise: number;
  fall: number;
  flat: number;
  total: number;
  /** Biggest fall first, then flat, then rises up to the biggest rise. */
  buckets: ChangeBucket[];
}

/** Counts of changes (percent strings, exact) per bucket. A change that truncates to 0.00 but is not 0 still counts as a move. */
export function changeDistribution(changes: readonly DecimalInput[]): ChangeDistribution {
  const edges = CHANGE_BUCKET_EDGES;
  const side = (direction: "fall" | "rise") =>
    edges.map((from, i) => ({
      direction,
      fromPercent: String(from),
      toPercent: i + 1 < edges.length ? String(edges[i + 1]) : null,
      count: 0,
    }));
  const falls = side("fall");
  const rises = side("rise");
  const flat: ChangeBucket = { direction: "flat", fromPercent: "0", toPercent: "0", count: 0 };
  for (const value of changes) {
    const c = dec(value);
    if (c.isZero()) {
      flat.count++;
      continue;
    }
    const size = c.abs();
    let i = edges.length - 1;
    while (i > 0 && size.lt(edges[i] as number)) i--;
    const bucket = (c.isNegative() ? falls : rises)[i];
    if (bucket) bucket.count++;
  }
  const fall = falls.reduce((n, b) => n + b.count, 0);
  const rise = rises.reduce((n, b) => n + b.count, 0);
  return {
    rise,
    fall,
    flat: flat.count,
    total: changes.length,
    buckets: [...falls.reverse(), flat, ...rises],
  };
}
