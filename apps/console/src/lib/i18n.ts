// Console languages: English and Traditional Chinese (the server's "zh-cn" code), the
// choice remembered in localStorage; the server's messages follow through X-Lang.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { enUs } from "../locales/en-us";
import { zhCn } from "../locales/zh-cn";

export const CONSOLE_LANGS = ["en-us", "zh-cn"] as const;
export type ConsoleLang = (typeof CONSOLE_LANGS)[number];
const KEY = "candor.console.lang";

function initialLang(): ConsoleLang {
  const saved = localStorage.getItem(KEY);
  if (saved === "en-us" || saved === "zh-cn") return saved;
  return navigator.language.toLowerCase().startsWith("zh") ? "zh-cn" : "en-us";
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { "en-us": { translation: enUs }, "zh-cn": { translation: zhCn } },
  lng: initialLang(),
  fallbackLng: "en-us",
  supportedLngs: [...CONSOLE_LANGS],
  // Our codes are lower case ("en-us", "zh-cn"); i18next would otherwise look for "en-US".
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const currentLang = (): ConsoleLang => (i18n.language === "zh-cn" ? "zh-cn" : "en-us");

export function setLang(lang: ConsoleLang) {
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang === "zh-cn" ? "zh-Hant" : "en";
  void i18n.changeLanguage(lang);
}
