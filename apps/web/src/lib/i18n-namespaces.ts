// Which namespaces' strings come with a language's first download (issue 37). The first
// screens (build/first-screen.ts FIRST_SCREENS: home, market, futures, flash exchange, my,
// login) and the shell use only these (held by test/first-screen-strings.test.ts); every
// other namespace comes in a second chunk per language, which the app fetches once the
// first screen is up and which every other screen waits for (app/router.tsx). No imports:
// the build (build/chunks.ts) reads this list too.
export const FIRST_NAMESPACES = [
  "alerts",
  "auth",
  "common",
  "content",
  "contracts",
  "disclosure",
  "exchange",
  "home",
  "market",
  "my",
  "routes",
] as const;

/** The namespace of a strings file: `locales/<ns>/<lang>.json` or `features/<ns>/locales/<lang>.json`. */
export function namespaceOfFile(file: string): string | undefined {
  if (/ledger-kind-titles[\\/][^\\/]+\.json$/.test(file)) return "ledgerKinds";
  return file.match(/([^\\/]+)[\\/](?:locales[\\/])?[^\\/]+\.json$/)?.[1];
}

export const isFirstNamespace = (ns: string | undefined): boolean =>
  ns !== undefined && (FIRST_NAMESPACES as readonly string[]).includes(ns);

/**
 * antd-mobile's own texts for each language (Traditional Chinese for zh-cn, Spanish for xi):
 * lib/i18n.ts loads the file with the language's first strings, and the build puts it in
 * that language's first chunk (build/chunks.ts), not in antd-mobile's chunk where every
 * first screen would download all of them.
 */
export const ANTD_LOCALE_FILES = {
  "en-us": "en-US",
  ko: "ko-KR",
  jp: "ja-JP",
  tai: "th-TH",
  mlxy: "ms-MY",
  vl: "vi-VN",
  xi: "es-ES",
  "zh-cn": "zh-TW",
} as const;

/** The language whose antd-mobile texts a module is (`antd-mobile/es/locales/<file>.js`), if any. */
export function langOfAntdLocale(file: string): keyof typeof ANTD_LOCALE_FILES | undefined {
  const name = file.match(/antd-mobile[\\/]es[\\/]locales[\\/]([A-Za-z-]+)\.js$/)?.[1];
  const entry = Object.entries(ANTD_LOCALE_FILES).find(([, f]) => f === name);
  return entry?.[0] as keyof typeof ANTD_LOCALE_FILES | undefined;
}
