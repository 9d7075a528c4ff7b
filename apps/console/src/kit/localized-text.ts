// The one rule for a form's customer-facing texts (name, rules, risk notice…): one field per
// language for all eight of the app's languages, named `${text}${suffix}` (nameEn, nameKo…).
// A field the form never held (undefined) keeps the stored text; an emptied one removes it.
import { LANG_LABELS, LANGS, type Lang } from "@candor/contract";

export type Texts = Record<string, string>;

/** The languages a console form edits, by field suffix (nameEn / nameZh…), English first. */
export const FORM_LANGS = {
  En: "en-us",
  Ko: "ko",
  Jp: "jp",
  Tai: "tai",
  Mlxy: "mlxy",
  Vl: "vl",
  Xi: "xi",
  Zh: "zh-cn",
} as const satisfies Record<string, Lang>;
export type LangSuffix = keyof typeof FORM_LANGS;
export const LANG_SUFFIXES = Object.keys(FORM_LANGS) as LangSuffix[];

/** Each language in its own script (the same in every console language): the contract's labels. */
export const LANG_NAMES: Record<Lang, string> = LANG_LABELS;

// Every app language has a field: a new language in the contract fails to compile here.
type Uncovered = Exclude<Lang, (typeof FORM_LANGS)[LangSuffix]>;
export const EVERY_LANG_HAS_A_FIELD: [Uncovered] extends [never] ? true : never = true;

/**
 * The texts to send for `edited` (language → what the operator typed, trimmed here).
 * - "replace" (the server stores the object as sent): start from `current`, set each typed
 *   language and delete each emptied one (undefined: not on the form, kept).
 * - "merge" (the server merges per language, content items): send only the edited
 *   languages; an emptied one travels as "" so the server clears it (one not on the form,
 *   undefined, does not travel).
 */
export function localizedText(
  current: Texts | undefined,
  edited: Partial<Record<string, string | undefined>>,
  mode: "replace" | "merge" = "replace",
): Texts {
  const out: Texts = mode === "replace" ? { ...(current ?? {}) } : {};
  for (const [lang, raw] of Object.entries(edited)) {
    if (raw === undefined) continue;
    const text = raw.trim();
    if (text) out[lang] = text;
    else if (mode === "merge") out[lang] = "";
    else delete out[lang];
  }
  return out;
}

/** The form's fields of one stored text: `{ nameEn: …, nameKo: …, … }`. */
export function textFields(text: string, texts: Texts | undefined): Record<string, string | undefined> {
  return Object.fromEntries(LANG_SUFFIXES.map((s) => [`${text}${s}`, texts?.[FORM_LANGS[s]]]));
}

/** What the form holds for one text, by language code (for localizedText). */
export function textsOf(values: object, text: string): Record<string, string | undefined> {
  const v = values as Record<string, unknown>;
  return Object.fromEntries(
    LANG_SUFFIXES.map((s) => {
      const raw = v[`${text}${s}`];
      return [FORM_LANGS[s], typeof raw === "string" ? raw : undefined];
    }),
  );
}

/** Languages missing from texts that have English (what publishing should warn about). */
export function missingLangs(values: object, texts: string[]): Lang[] {
  const missing = new Set<Lang>();
  for (const text of texts) {
    const typed = textsOf(values, text);
    if (!typed["en-us"]?.trim()) continue;
    for (const s of LANG_SUFFIXES) if (!typed[FORM_LANGS[s]]?.trim()) missing.add(FORM_LANGS[s]);
  }
  return LANGS.filter((l) => missing.has(l));
}

/** `{ en, zh }` of a stored text (kept for screens that show, not edit, a text). */
export const textValues = (texts: Texts | undefined) => ({
  en: texts?.[FORM_LANGS.En],
  zh: texts?.[FORM_LANGS.Zh],
});
