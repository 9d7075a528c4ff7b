// The first part of a language's strings (issue 37, lib/i18n-namespaces.ts) holds every
// namespace the shell and the first screens can show before the rest has downloaded. This
// reads the source: from the start-up, the root layout and each first screen's module
// (app/route-table.ts), it follows every static import and collects the namespaces named
// by `useTranslation("ns")` / `useTranslation(["a", "b"])`, `t("ns:key")`,
// `i18n.t("ns:key")`, `{ ns: "ns" }` and `<Trans ns="ns">`. A namespace missing from the
// list would show its keys on a first screen until the rest arrives.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeModules } from "../build/first-screen";
import { FIRST_SCREENS } from "../src/app/routes";
import { FIRST_NAMESPACES, isFirstNamespace, namespaceOfFile } from "../src/lib/i18n-namespaces";

const SRC = path.join(import.meta.dirname, "../src");

/** Every namespace: the folders under locales/ (but the bundles) and each feature with strings. */
const NAMESPACES = new Set([
  ...fs.readdirSync(path.join(SRC, "locales")).filter((d) => d !== "bundles"),
  ...fs.readdirSync(path.join(SRC, "features")).filter((d) => fs.existsSync(path.join(SRC, "features", d, "locales"))),
  "ledgerKinds",
]);

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined; // packages: no strings of ours
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
  );
}

/** Namespaces named in one file's source. */
export function namespacesIn(source: string): Set<string> {
  const out = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|"[^"]+")/g))
    for (const n of (m[1] as string).matchAll(/"([^"]+)"/g)) out.add(n[1] as string);
  for (const m of source.matchAll(/\bt\(\s*[`"']([a-zA-Z]+):/g)) out.add(m[1] as string);
  for (const m of source.matchAll(/\bns:\s*"([a-zA-Z]+)"/g)) out.add(m[1] as string);
  for (const m of source.matchAll(/\bns=\{?"([a-zA-Z]+)"/g)) out.add(m[1] as string);
  // Any "ns:key" string of a known namespace, wherever it is (`t(on ? "a:x" : "a:y")`, a table of keys).
  for (const m of source.matchAll(/["'`]([a-zA-Z]+):[a-zA-Z_][\w.]*["'`]/g))
    if (NAMESPACES.has(m[1] as string)) out.add(m[1] as string);
  return out;
}

/** Every file reachable by static imports from `starts`, with the namespaces it names. */
function staticGraph(starts: string[]): Map<string, Set<string>> {
  const seen = new Map<string, Set<string>>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const source = fs.readFileSync(file, "utf8");
    seen.set(file, namespacesIn(source));
    for (const m of source.matchAll(/^\s*(import|export)\s([^;]*?)\sfrom\s+"([^"]+)"/gms)) {
      if (/^type\s/.test(m[2] as string)) continue; // types only: nothing at run time
      const next = resolveImport(file, m[3] as string);
      if (next) visit(next);
    }
    for (const m of source.matchAll(/^import\s+"([^"]+)"/gm)) {
      const next = resolveImport(file, m[1] as string);
      if (next) visit(next);
    }
  };
  for (const s of starts) visit(s);
  return seen;
}

describe("the first screens' strings come with the first download (lib/i18n-namespaces.ts)", () => {
  it("finds namespaces however the source names them", () => {
    const src = `const { t } = useTranslation("wallet"); useTranslation(["a", "b"]);
      t("routes:home"); i18n.t('common:ok'); t(\`kyc:x\`); <Trans ns="ieo" />; i18n.t("x", { ns: "earn" });
      aria-label={t(on ? "loans:show" : "loans:hide")} const k = ["spot:a.b"]; "http://x" "12:30"`;
    expect([...namespacesIn(src)].sort()).toEqual([
      "a",
      "b",
      "common",
      "earn",
      "ieo",
      "kyc",
      "loans",
      "routes",
      "spot",
      "wallet",
    ]);
  });

  it("names a strings file's namespace as the loader and the build do", () => {
    expect(namespaceOfFile("../../features/auth/locales/ko.json")).toBe("auth");
    expect(namespaceOfFile("../common/ko.json")).toBe("common");
    expect(namespaceOfFile("/w/apps/web/src/locales/routes/tai.json")).toBe("routes");
    expect(namespaceOfFile("/w/packages/contract/src/ledger-kind-titles/jp.json")).toBe("ledgerKinds");
    expect(namespaceOfFile("../ledgerKinds/jp.json")).toBe("ledgerKinds");
    expect(isFirstNamespace("routes")).toBe(true);
    expect(isFirstNamespace("wallet")).toBe(false);
  });

  it("the shell and every first screen name only first namespaces", () => {
    const modules = routeModules(fs.readFileSync(path.join(SRC, "app/route-table.ts"), "utf8"));
    const screens = FIRST_SCREENS.map((route) => {
      const spec = modules.get(route);
      expect(spec, `route table has no module for ${route}`).toBeDefined();
      const file = resolveImport(path.join(SRC, "app/route-table.ts"), spec as string);
      expect(file, spec).toBeDefined();
      return file as string;
    });
    const graph = staticGraph([
      path.join(SRC, "main.tsx"),
      path.join(SRC, "start.tsx"),
      path.join(SRC, "app/root-layout.tsx"),
      path.join(SRC, "app/trade-screen.tsx"),
      path.join(SRC, "app/route-error.tsx"),
      ...screens,
    ]);
    // The scan reaches far enough to mean something: the screens, their parts and the shell.
    expect(graph.size).toBeGreaterThan(60);
    const outside: string[] = [];
    for (const [file, names] of graph)
      for (const ns of names) if (!isFirstNamespace(ns)) outside.push(`${path.relative(SRC, file)}: ${ns}`);
    expect(outside).toEqual([]);
    // And every first namespace is used by one of them (none kept in the first download for nothing).
    const used = new Set([...graph.values()].flatMap((s) => [...s]));
    expect(FIRST_NAMESPACES.filter((ns) => !used.has(ns))).toEqual([]);
  });
});
