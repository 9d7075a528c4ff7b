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
