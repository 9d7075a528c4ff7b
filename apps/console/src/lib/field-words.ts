// A server message names a field by its request path ("Invalid value for name.ko",
// "prizeSplit.1"); the operator reads it in words in the console's language ("Name
// (Korean)", "Prize split #2"). Paths the console has no word for stay as they are.
type Translate = (key: string, options?: Record<string, unknown>) => string;
type Exists = (key: string) => boolean;

/** Dotted paths (name.ko, rates.0.rate) and camelCase names (minAmount) in a message. */
const PATH = /\b[a-zA-Z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9-]+)+\b|\b[a-z]+[A-Z][a-zA-Z0-9]*\b/g;
/** A one-word path ("name") where the field templates put it: first or last in the message. */
const EDGE_WORD = /^([a-z]+)(?=[\s:：])|(?<=\s)([a-z]+)(?=[.。]?$)/g;
/** Single words that are the request itself, not a field ("Invalid value for body"). */
const WHOLE = new Set(["body", "query", "params"]);

/** One path in words, or null when its first part is not a field the console knows. */
export function pathInWords(path: string, t: Translate, exists: Exists): string | null {
  const [first = "", ...rest] = path.split(".");
  if (rest.length === 0 && WHOLE.has(first)) return null;
  if (!exists(`fields.${first}`)) return null;
  let words = t(`fields.${first}`);
  for (const part of rest) {
    if (/^\d+$/.test(part)) words += ` #${ordinal(part)}`;
    else if (exists(`form.langs.${part}`)) words = t("form.textIn", { field: words, lang: t(`form.langs.${part}`) });
    else if (exists(`fields.${part}`)) words += ` · ${t(`fields.${part}`)}`;
    else return null;
  }
  return words;
}

/** The message with every field path it names put in words. */
export function fieldWords(message: string, t: Translate, exists: Exists): string {
  return message
    .replace(PATH, (path) => pathInWords(path, t, exists) ?? path)
    .replace(EDGE_WORD, (word) => pathInWords(word, t, exists) ?? word);
}

/** A zero-based list index as people count it ("0" → 1). */
function ordinal(index: string): number {
  return Number.parseInt(index, 10) + 1;
}
