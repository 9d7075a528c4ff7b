// The one rule for a form's texts per language (name, rules, risk notice…): the form edits
// English and Traditional Chinese, other languages an edit keeps as they are, and emptying
// a language removes it.
export type Texts = Record<string, string>;

/** The languages a console form edits, by field suffix (nameEn / nameZh). */
export const FORM_LANGS = { En: "en-us", Zh: "zh-cn" } as const;

/**
 * The texts to send for `edited` (language → what the operator typed, trimmed here).
 * - "replace" (the server stores the object as sent): start from `current`, set each typed
 *   language and delete each emptied one.
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
    if (raw === undefined && mode === "merge") continue;
    const text = raw?.trim() ?? "";
    if (text) out[lang] = text;
    else if (mode === "merge") out[lang] = "";
    else delete out[lang];
  }
  return out;
}

/** `{ en, zh }` of a stored text for a form (undefined where the language is missing). */
export const textValues = (texts: Texts | undefined) => ({
  en: texts?.[FORM_LANGS.En],
  zh: texts?.[FORM_LANGS.Zh],
});
