// Numbers in a language's symbols (issue 35 §13/§15): the digits come from the app's own
// string formatting (formatAmount: truncated, never rounded, never through a float); only the
// grouping and decimal symbols are the language's (the app's eight written out, held to Intl
// by a test; any other tag asks Intl). The customer app's amounts and the
// server's inbox texts both use this, so an amount reads the same in a message and on a screen.
import { formatAmount, isDecimal } from "./money";

export interface NumberSymbols {
  group: string;
  decimal: string;
  /** Spanish leaves four-digit numbers ungrouped ("1234,5" but "12.345,5"). */
  groupsFourDigits: boolean;
}
const WESTERN: NumberSymbols = { group: ",", decimal: ".", groupsFourDigits: true };

/**
 * The app's eight languages' symbols, written out: the first `Intl.NumberFormat` a page
 * builds loads the language's locale data, ~25 ms of main thread on a slow phone in the
 * middle of the first screen's render (issue 37). A domain test holds this table to what
 * Intl answers for each tag; any other tag asks Intl.
 */
export const KNOWN_NUMBER_SYMBOLS: Readonly<Record<string, NumberSymbols>> = {
  en: WESTERN,
  ko: WESTERN,
  ja: WESTERN,
  th: WESTERN,
  ms: WESTERN,
  "zh-Hant": WESTERN,
  vi: { group: ".", decimal: ",", groupsFourDigits: true },
  es: { group: ".", decimal: ",", groupsFourDigits: false },
};
const symbolsByTag = new Map<string, NumberSymbols>(Object.entries(KNOWN_NUMBER_SYMBOLS));

/** A language's grouping and decimal symbols, by BCP-47 tag (the written-out table, else Intl). */
export function numberSymbols(tag: string): NumberSymbols {
  let s = symbolsByTag.get(tag);
  if (!s) {
    s = intlNumberSymbols(tag);
    symbolsByTag.set(tag, s);
  }
  return s;
}

/** What Intl says a tag's symbols are. */
export function intlNumberSymbols(tag: string): NumberSymbols {
  const nf = new Intl.NumberFormat(tag);
  const parts = nf.formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === "group")?.value ?? ",",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    groupsFourDigits: nf.formatToParts(1234).some((p) => p.type === "group"),
  };
}

/** A number formatted by the app's convention ("-1,234.50") in the language's symbols. */
export function localizeNumber(formatted: string, tag: string): string {
  const { group, decimal, groupsFourDigits } = numberSymbols(tag);
  const dot = formatted.indexOf(".");
  let int = dot === -1 ? formatted : formatted.slice(0, dot);
  const frac = dot === -1 ? undefined : formatted.slice(dot + 1);
  if (!groupsFourDigits && /^-?\d,\d{3}$/.test(int)) int = int.replace(",", "");
  if (group !== ",") int = int.replace(/,/g, group);
  return frac === undefined ? int : `${int}${decimal}${frac}`;
}

/**
 * A decimal string as written in `tag`, with the decimals it was given (up to `maxPlaces`,
 * truncated): "1234.5" → "1,234.5" (en), "1.234,5" (vi); "2890.00" keeps its two places;
 * anything that is not a decimal is returned unchanged.
 */
export function localDecimal(value: string, tag: string, maxPlaces = 18): string {
  if (!isDecimal(value)) return value;
  const given = value.includes(".") ? value.length - value.indexOf(".") - 1 : 0;
  return localizeNumber(formatAmount(value, Math.min(given, maxPlaces)), tag);
}
