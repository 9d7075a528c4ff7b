// Amount fields of the trading screens: what a customer may type (digits and one dot),
// and the checks every amount gets before it is sent (number, precision, range,
// balance). Exact decimals only: amounts never pass through a JS number.
import { dec, isDecimal } from "@candor/domain";

/** Keep digits and the first dot; a leading dot becomes "0.". Commas count as dots (some keyboards). */
export function cleanDecimalInput(raw: string): string {
  const s = raw.replace(/,/g, ".").replace(/[^\d.]/g, "");
  const dot = s.indexOf(".");
  const body = dot === -1 ? s : `${s.slice(0, dot + 1)}${s.slice(dot + 1).replace(/\./g, "")}`;
  return body.startsWith(".") ? `0${body}` : body;
}

export type AmountProblem =
  | { kind: "required" }
  | { kind: "invalid" }
  | { kind: "precision"; places: number }
  | { kind: "belowMin"; min: string }
  | { kind: "aboveMax"; max: string }
  | { kind: "insufficient"; available: string };

export interface AmountRules {
  /** Decimals allowed. */
  places: number;
  min?: string | null;
  max?: string | null;
  /** Available balance; null/undefined when not known yet (no check). */
  available?: string | null;
}

/** The first thing wrong with an amount, or null. Order: empty, not a positive number, decimals, min, max, balance. */
export function amountProblem(value: string, rules: AmountRules): AmountProblem | null {
  const v = value.trim().replace(/\.$/, "");
  if (v === "") return { kind: "required" };
  if (!isDecimal(v) || dec(v).lte(0)) return { kind: "invalid" };
  const d = dec(v);
  if (d.decimalPlaces() > rules.places) return { kind: "precision", places: rules.places };
  if (rules.min && d.lt(rules.min)) return { kind: "belowMin", min: rules.min };
  if (rules.max && d.gt(rules.max)) return { kind: "aboveMax", max: rules.max };
  if (rules.available !== null && rules.available !== undefined && d.gt(rules.available)) {
    return { kind: "insufficient", available: rules.available };
  }
  return null;
}

/** A fresh idempotency id for one money-moving submission (kept across retries of it). */
export function newRequestId(): string {
  return crypto.randomUUID();
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The message for an amount problem: the screen's keys `<prefix>.<kind>` with the minimum,
 * maximum, available balance or decimals filled in (amounts shown by `show`); a kind
 * without a key of its own uses `fallback` (default `<prefix>.<kind>`).
 */
export function amountProblemText(
  t: Translate,
  p: AmountProblem,
  currency: string,
  { prefix, show = (v) => v, fallback }: { prefix: string; show?: (v: string) => string; fallback?: string },
): string {
  switch (p.kind) {
    case "belowMin":
      return t(`${prefix}.belowMin`, { min: show(p.min), currency });
    case "aboveMax":
      return t(`${prefix}.aboveMax`, { max: show(p.max), currency });
    case "insufficient":
      return t(`${prefix}.insufficient`, { available: show(p.available), currency });
    case "precision":
      return t(`${prefix}.precision`, { places: p.places });
    default:
      return t(fallback ?? `${prefix}.${p.kind}`);
  }
}
