// Console languages: the app's eight (the contract's LANGS), the choice remembered in
// localStorage; <html lang> gets the real BCP-47 tag; the server's messages follow through X-Lang.
import { isLang, LANG_TAGS, LANGS, type Lang } from "@candor/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { CONSOLE_LOCALES } from "../locales";
import { langOfBrowser } from "./browser-lang";

export const CONSOLE_LANGS = LANGS;
export type ConsoleLang = Lang;
const KEY = "candor.console.lang";

function initialLang(): ConsoleLang {
  const saved = localStorage.getItem(KEY);
  if (isLang(saved)) return saved;
  return langOfBrowser(navigator.language);
}

export const i18n = i18next.createInstance();
const lng = initialLang();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(CONSOLE_LANGS.map((l) => [l, { translation: CONSOLE_LOCALES[l] }])),
  lng,
  fallbackLng: "en-us",
  supportedLngs: [...CONSOLE_LANGS],
  // Our codes are lower case ("en-us", "zh-cn"); i18next would otherwise look for "en-US".
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = LANG_TAGS[lng];

export const currentLang = (): ConsoleLang => (isLang(i18n.language) ? i18n.language : "en-us");

export function setLang(lang: ConsoleLang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = LANG_TAGS[lang];
  void i18n.changeLanguage(lang);
}
