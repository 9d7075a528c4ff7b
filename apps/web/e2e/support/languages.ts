// The eight languages in browser tests: their codes (the app's own, not BCP-47), the texts a
// screen should show (read from the locale files, so a test checks the translation that
// ships), starting the app in a language, and the no-sideways-scroll check at a width.
import fs from "node:fs";
import path from "node:path";
import { numberSymbols } from "@candor/domain";
import { expect, type Page } from "@playwright/test";

export const LANGS = ["en-us", "jp", "ko", "mlxy", "tai", "vl", "xi", "zh-cn"] as const;
export type Lang = (typeof LANGS)[number];

/** BCP-47 tags of the app's language codes (what Intl formats with). */
export const TAGS: Record<Lang, string> = {
  "en-us": "en",
  jp: "ja",
  ko: "ko",
  mlxy: "ms",
  tai: "th",
  vl: "vi",
  xi: "es",
  "zh-cn": "zh-Hant",
};

// biome-ignore lint/suspicious/noExplicitAny: locale files are free-form JSON
type Json = any;

/** A namespace's texts in `lang`: "routes" and "common" are the app's, the rest a feature's. */
export function locale(ns: string, lang: string): Json {
  const file =
    ns === "routes" || ns === "common"
      ? path.join(import.meta.dirname, `../../src/locales/${ns}/${lang}.json`)
      : path.join(import.meta.dirname, `../../src/features/${ns}/locales/${lang}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** i18next's {{name}} placeholders filled in. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? `{{${k}}}`));

/** Start the app afresh in `lang` (a hash change alone would not reload it). */
export async function pickLang(page: Page, lang: string): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
  await page.goto("about:blank");
}

/** The page does not scroll sideways at `width`. */
export async function fitsWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 812 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
}

/** A number as the app shows it in `lang` ("91.987,74" in Vietnamese) read back as a JS number. */
export function readNumber(text: string | null, lang: Lang): number {
  const { group, decimal } = numberSymbols(TAGS[lang]);
  const plain = (text ?? "")
    .split(group)
    .join("")
    .split(decimal)
    .join(".")
    .replace(/[^\d.-]/g, "");
  return Number(plain);
}
