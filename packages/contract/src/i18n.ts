// The eight languages of the product: app code → label and BCP-47 tag.
export const LANGS = ["en-us", "ko", "jp", "tai", "mlxy", "vl", "xi", "zh-cn"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "en-us";

export const LANG_LABELS: Record<Lang, string> = {
  "en-us": "English",
  ko: "한국어",
  jp: "日本語",
  tai: "ไทย",
  mlxy: "Bahasa Melayu",
  vl: "Tiếng Việt",
  xi: "Español",
  "zh-cn": "繁體中文",
};

/** The real BCP-47 tag for `<html lang>` and Intl. */
export const LANG_TAGS: Record<Lang, string> = {
  "en-us": "en",
  ko: "ko",
  jp: "ja",
  tai: "th",
  mlxy: "ms",
  vl: "vi",
  xi: "es",
  "zh-cn": "zh-Hant",
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** Resolve an `X-Lang` header value (app code, or a BCP-47 tag as a fallback). */
export function parseLang(value: unknown): Lang {
  if (isLang(value)) return value;
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    const byTag = LANGS.find(
      (l) => LANG_TAGS[l].toLowerCase() === lower || lower.startsWith(`${LANG_TAGS[l].toLowerCase()}-`),
    );
    if (byTag) return byTag;
    if (lower.startsWith("zh")) return "zh-cn";
  }
  return DEFAULT_LANG;
}

/** A text in every language; the type makes a missing language a compile error. */
export type Translations = Record<Lang, string>;
