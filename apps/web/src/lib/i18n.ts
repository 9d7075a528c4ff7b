// i18next with the eight languages. Each area keeps its strings in
// `locales/<namespace>/<lang>.json` (shell) or `features/<area>/locales/<lang>.json`;
// the namespace is the folder name. The chosen language lives in localStorage `lang`.
// Only the current language's strings are loaded, in two chunks (build/chunks.ts): the
// first screens' namespaces (lib/i18n-namespaces.ts) at start, the rest once the first
// screen is up; another language loads, whole, when the customer switches to it.
// The languages module alone: the package index would bring every contract module into the
// shell's module graph (build/shell-modules.ts).
import { DEFAULT_LANG, isLang, LANG_TAGS, LANGS, type Lang } from "@candor/contract/i18n";
import type AntdLocaleStrings from "antd-mobile/es/locales/en-US";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { isFirstNamespace, namespaceOfFile } from "./i18n-namespaces";
import { nextTask } from "./idle";

export const LANG_STORAGE_KEY = "lang";

type Json = { [key: string]: string | Json };

/**
 * One loader per language: each bundle module holds a loader for each of that language's
 * files (the shell carries eight loaders, not one per file). The first screens'
 * namespaces are in the bundle's own chunk, the rest in a second one (build/chunks.ts).
 */
const BUNDLES: Record<Lang, () => Promise<{ default: Record<string, () => Promise<unknown>> }>> = {
  "en-us": () => import("../locales/bundles/en-us"),
  ko: () => import("../locales/bundles/ko"),
  jp: () => import("../locales/bundles/jp"),
  tai: () => import("../locales/bundles/tai"),
  mlxy: () => import("../locales/bundles/mlxy"),
  vl: () => import("../locales/bundles/vl"),
  xi: () => import("../locales/bundles/xi"),
  "zh-cn": () => import("../locales/bundles/zh-cn"),
};

/** The namespaces loaded so far (of any language). */
export let namespaces: string[] = [];

/** Which part of a language's strings: the first screens' namespaces, or all the others. */
export type StringsPart = "first" | "more";

/** One part of a language's namespaces, as i18next resources ({ namespace: strings }). */
export async function loadStrings(lang: Lang, part: StringsPart = "first"): Promise<Record<string, Json>> {
  const files = (await BUNDLES[lang]()).default;
  const wanted = Object.entries(files).flatMap(([file, load]) => {
    // `../<namespace>/<lang>.json` (shell) or `../../features/<namespace>/locales/<lang>.json`
    const ns = namespaceOfFile(file);
    return ns && isFirstNamespace(ns) === (part === "first") ? [[ns, load] as const] : [];
  });
  const loaded = await Promise.all(wanted.map(async ([ns, load]) => [ns, (await load()) as Json] as const));
  return Object.fromEntries(loaded);
}

/** antd-mobile's own texts in each language: the files of i18n-namespaces.ts ANTD_LOCALE_FILES (test/chunks.test.ts). */
const ANTD_LOCALES: Record<Lang, () => Promise<{ default: typeof AntdLocaleStrings }>> = {
  "en-us": () => import("antd-mobile/es/locales/en-US"),
  ko: () => import("antd-mobile/es/locales/ko-KR"),
  jp: () => import("antd-mobile/es/locales/ja-JP"),
  tai: () => import("antd-mobile/es/locales/th-TH"),
  mlxy: () => import("antd-mobile/es/locales/ms-MY"),
  vl: () => import("antd-mobile/es/locales/vi-VN"),
  xi: () => import("antd-mobile/es/locales/es-ES"),
  "zh-cn": () => import("antd-mobile/es/locales/zh-TW"),
};
const antdLocales: Partial<Record<Lang, typeof AntdLocaleStrings>> = {};

/** antd-mobile's texts for the current language (loaded with it). */
export function antdLocale(lang: Lang = currentLang()): typeof AntdLocaleStrings | undefined {
  return antdLocales[lang];
}

const loading = new Map<string, Promise<void>>();

/** Adds one part of a language's strings to i18next (its callers do so in a task of its own). */
function addStrings(lang: Lang, bundle: Record<string, Json>) {
  for (const [ns, strings] of Object.entries(bundle))
    i18n.addResourceBundle(lang, ns, strings, false, true, { silent: false, skipCopy: true });
  namespaces = [...new Set([...namespaces, ...Object.keys(bundle)])];
}

/** Loads something once per key; later calls wait for the same load; a failed one may be retried (offline). */
function once(key: string, load: () => Promise<void>): Promise<void> {
  let p = loading.get(key);
  if (!p) {
    p = load();
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/**
 * Load a language's first screens' strings (and antd-mobile's) once: what the shell and
 * the first screens show. The rest follow with `loadMoreStrings`.
 */
export function loadLanguage(lang: Lang): Promise<void> {
  return once(lang, () =>
    Promise.all([loadStrings(lang, "first"), ANTD_LOCALES[lang]()]).then(async ([bundle, antd]) => {
      // In a task of its own, after the strings' module has run (issue 37: together they were
      // one long task of a slow phone's start). A language loads once, into namespaces it
      // does not have yet, so each is added as it is: no deep merge and no copy (i18next
      // copies with JSON.stringify + parse otherwise; nothing changes the module's strings).
      await nextTask();
      addStrings(lang, bundle);
      antdLocales[lang] = antd.default;
    }),
  );
}

/**
 * The rest of a language's strings (every namespace the first screens do not use), once:
 * fetched after the first screen is up (start.tsx), and waited for by every other screen
 * (app/router.tsx) and by a language switch.
 */
export function loadMoreStrings(lang: Lang = currentLang()): Promise<void> {
  return once(`${lang} more`, () =>
    loadStrings(lang, "more").then(async (bundle) => {
      await nextTask();
      addStrings(lang, bundle);
    }),
  );
}

export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(v) ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

function applyHtmlLang(lang: Lang) {
  document.documentElement.lang = LANG_TAGS[lang];
}

export async function initI18n(lang: Lang = storedLang()) {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources: {},
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: [...LANGS],
      lowerCaseLng: true,
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
      partialBundledLanguages: true,
    });
  }
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
  return i18n;
}

/** Switch language: its strings are downloaded first, then the screen re-renders in it. */
export async function changeLanguage(lang: Lang) {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  await Promise.all([loadLanguage(lang), loadMoreStrings(lang)]);
  await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}

export function currentLang(): Lang {
  const l = i18n.language;
  // Before initI18n has run (requests made at start-up): the language it will start in.
  return isLang(l) ? l : storedLang();
}

export { i18n };
