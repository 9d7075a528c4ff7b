// i18next with the eight languages. Each area keeps its strings in
// `locales/<namespace>/<lang>.json` (shell) or `features/<area>/locales/<lang>.json`;
// the namespace is the folder name. The chosen language lives in localStorage `lang`.
import { DEFAULT_LANG, isLang, LANG_TAGS, LANGS, type Lang } from "@candor/contract";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";

export const LANG_STORAGE_KEY = "lang";

type Json = { [key: string]: string | Json };
const files = import.meta.glob<Json>(["../locales/*/*.json", "../features/*/locales/*.json"], {
  eager: true,
  import: "default",
});

/** resources[lang][namespace] = strings, built from the file paths. */
export function buildResources(entries: Record<string, Json>) {
  const resources: Record<string, Record<string, Json>> = {};
  for (const [file, strings] of Object.entries(entries)) {
    const m = file.match(/(?:locales\/([^/]+)\/([^/]+)\.json|features\/([^/]+)\/locales\/([^/]+)\.json)$/);
    if (!m) continue;
    const ns = (m[1] ?? m[3]) as string;
    const lang = (m[2] ?? m[4]) as string;
    resources[lang] ??= {};
    resources[lang][ns] = strings;
  }
  return resources;
}

export const resources = buildResources(files);
export const namespaces = Object.keys(resources[DEFAULT_LANG] ?? {});

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
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    lowerCaseLng: true,
    ns: namespaces,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyHtmlLang(lang);
  return i18n;
}

export async function changeLanguage(lang: Lang) {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
  applyHtmlLang(lang);
}

export function currentLang(): Lang {
  const l = i18n.language;
  return isLang(l) ? l : DEFAULT_LANG;
}

export { i18n };
