// Every console locale has exactly en-us's keys, no empty string, the same {{placeholders}}
// per string, and no English left untranslated (except names and codes read the same
// everywhere). Also: the browser's language picks the console's starting language.
import { LANG_LABELS, LANGS, type Lang } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { langOfBrowser } from "../src/lib/browser-lang";
import { CONSOLE_LOCALES } from "../src/locales";

type Flat = Record<string, string>;
function flatten(value: unknown, prefix = "", out: Flat = {}): Flat {
  if (typeof value === "string") out[prefix] = value;
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Codes and formats read the same in every language.
const SAME_EVERYWHERE = new Set([
  "IEO",
  "KYC",
  "VIP",
  "IP",
  "LTV",
  "{{field}} ({{lang}})",
  "{{bp}} bp",
  "{{type}} #{{id}}",
  "{{n}}/{{of}}",
]);
// Words a language shares with English (cognates and loanwords that are that language's own word).
const SAME_WORD: Partial<Record<Lang, string[]>> = {
  mlxy: ["Status", "Thai", "Model", "Memo", "Tag", "Bank", "Margin", "Minimum", "Spread", "Deposit", "Grid"],
  vl: ["E-mail"],
  xi: ["Personal", "Ratio", "{{ticks}} ticks, {{ms}} ms"],
};

const en = flatten(CONSOLE_LOCALES["en-us"]);
const others = LANGS.filter((l): l is Exclude<Lang, "en-us"> => l !== "en-us");

describe("console locales", () => {
  it("are the app's eight languages, named by the contract's labels", () => {
    expect(Object.keys(CONSOLE_LOCALES).sort()).toEqual([...LANGS].sort());
    expect(LANG_LABELS.vl).toBe("Tiếng Việt");
  });

  it("en-us has no empty string", () => {
    expect(Object.entries(en).filter(([, v]) => !v.trim())).toEqual([]);
    expect(Object.keys(en).length).toBeGreaterThan(900);
  });

  for (const lang of others) {
    describe(lang, () => {
      const flat = flatten(CONSOLE_LOCALES[lang]);
      it("has exactly en-us's keys", () => {
        expect(Object.keys(en).filter((k) => !(k in flat))).toEqual([]);
        expect(Object.keys(flat).filter((k) => !(k in en))).toEqual([]);
      });
      it("has no empty string", () => {
        expect(Object.entries(flat).filter(([, v]) => !v.trim())).toEqual([]);
      });
      it("keeps each string's placeholders", () => {
        const differing = Object.keys(en).filter(
          (k) => k in flat && placeholders(en[k] ?? "").join() !== placeholders(flat[k] ?? "").join(),
        );
        expect(differing).toEqual([]);
      });
      it("translates: no English copied (names and codes aside)", () => {
        const copied = Object.keys(en).filter(
          (k) => flat[k] === en[k] && !SAME_EVERYWHERE.has(en[k] ?? "") && !SAME_WORD[lang]?.includes(en[k] ?? ""),
        );
        expect(copied).toEqual([]);
      });
    });
  }
});

describe("the console's first language follows the browser's", () => {
  it.each([
    ["ko-KR", "ko"],
    ["ja", "jp"],
    ["th-TH", "tai"],
    ["ms-MY", "mlxy"],
    ["vi-VN", "vl"],
    ["es-419", "xi"],
    ["zh-TW", "zh-cn"],
    ["zh-Hant-HK", "zh-cn"],
    ["en-GB", "en-us"],
    ["fr-FR", "en-us"],
    ["", "en-us"],
  ])("%s → %s", (tag, lang) => {
    expect(langOfBrowser(tag)).toBe(lang);
  });
});
