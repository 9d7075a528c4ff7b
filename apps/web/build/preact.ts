// The customer app is written against React's API and runs on Preact (preact/compat): a
// first screen downloads ~57 KB gzip less JS, which moves Lighthouse's simulated largest
// paint by ~0.3 s (README, `npm run bench:lighthouse`). One list of aliases serves the
// build, the dev server and the unit tests, so every test runs on what ships. React-only
// APIs (useOptimistic, useActionState, form actions) are not available; React Router reads
// useOptimistic only when it exists.
import type { Alias } from "vite";

export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  // React 18's useSyncExternalStore for older Reacts (react-i18next imports it): the
  // hook itself, which preact/compat has.
  { find: /^use-sync-external-store\/shim(?:\/index\.js)?$/, replacement: "preact/compat" },
];

type LogHandler = (level: "info" | "debug" | "warn", log: { code?: string; message: string }) => void;

/**
 * The build's log, without the one warning this choice causes on purpose: React Router
 * reads React's useOptimistic, which Preact lacks, and falls back when it is undefined.
 */
export function withoutPreactWarnings(
  level: "info" | "debug" | "warn",
  log: { code?: string; message: string },
  handler: LogHandler,
): void {
  if (log.code === "IMPORT_IS_UNDEFINED" && log.message.includes("`useOptimistic`")) return;
  handler(level, log);
}
