// @vitest-environment node
// The build's chunk rules (build/chunks.ts, issue 37): each language's antd-mobile texts go
// with that language's first strings, so a first screen downloads one language's texts,
// not all eight inside antd-mobile's chunk; shared code no first screen reaches before it
// paints goes in the "-more" chunks.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkGroups } from "../build/chunks";
import { firstScreenRoots, type ModuleGraph, neededFirst, staticClosure } from "../build/first-reach";
import { ANTD_LOCALE_FILES, langOfAntdLocale } from "../src/lib/i18n-namespaces";

const locales = chunkGroups.find((g) => g.debugName === "locales");
const nameOf = (id: string) => {
  if (!locales || typeof locales.name !== "function" || typeof locales.test !== "function")
    throw new Error("locales group");
  return locales.test(id) ? (locales.name as (id: string) => string | null)(id) : null;
};
const antd = (file: string) => `/repo/node_modules/antd-mobile/es/locales/${file}.js`;

describe("antd-mobile's texts in the languages' chunks", () => {
  it.each(Object.entries(ANTD_LOCALE_FILES))("%s: antd-mobile's %s goes with the first strings", (lang, file) => {
    expect(langOfAntdLocale(antd(file))).toBe(lang);
    expect(nameOf(antd(file))).toBe(`locale-${lang}`);
  });

  it.each([
    ["antd-mobile's base texts (the shell's config provider)", antd("base")],
    ["Simplified Chinese, which no language uses", antd("zh-CN")],
    ["an antd-mobile component", "/repo/node_modules/antd-mobile/es/components/button/button.js"],
  ])("leaves %s where it was", (_what, id) => {
    expect(nameOf(id)).toBeNull();
  });

  it("keeps our own strings in their two chunks", () => {
    expect(nameOf("/repo/apps/web/src/features/home/locales/tai.json")).toBe("locale-tai");
    expect(nameOf("/repo/apps/web/src/features/wallet/locales/tai.json")).toBe("locale-tai-more");
  });

  it("is the list lib/i18n.ts loads antd-mobile's texts from", () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, "../src/lib/i18n.ts"), "utf8");
    const loads = Object.fromEntries(
      [...source.matchAll(/"?([a-z-]+)"?: \(\) => import\("antd-mobile\/es\/locales\/([A-Za-z-]+)"\)/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(loads).toEqual(ANTD_LOCALE_FILES);
  });
});

/** A module graph of static imports, as the build's chunking pass gives it. */
const graphOf = (edges: Record<string, string[]>): ModuleGraph => ({
  getModuleInfo: (id) =>
    id in edges || Object.values(edges).some((to) => to.includes(id)) ? { importedIds: edges[id] ?? [] } : null,
});

describe("what a first screen needs before it paints", () => {
  it("starts from the entry, the app's start and the six first screens' route modules", () => {
    const roots = firstScreenRoots().map((f) => path.relative(path.join(import.meta.dirname, "../src"), f));
    expect(roots).toEqual([
      "main.tsx",
      "start.tsx",
      "features/home/home-screen.tsx",
      "features/market/market-screen.tsx",
      "features/contracts/contracts-screen.tsx",
      "features/exchange/exchange-screen.tsx",
      "features/my/my-screen.tsx",
      "features/auth/login-screen.tsx",
    ]);
  });

  it("follows static imports only, through cycles", () => {
    const graph = graphOf({ a: ["b"], b: ["c", "a"], c: [], d: ["e"] });
    expect([...staticClosure(["a"], graph)].sort()).toEqual(["a", "b", "c"]);
  });

  const group = (name: string) => {
    const g = chunkGroups.find((x) => x.debugName === name);
    if (!g || typeof g.name !== "function") throw new Error(name);
    return g.name as (id: string, ctx: ModuleGraph) => string | null;
  };
  const src = path.join(import.meta.dirname, "../src");
  const shared = `${src}/lib/shared-thing.ts`;
  const later = `${src}/lib/chat-session.ts`;
  const lib = "/repo/node_modules/@react-spring/core/dist/react-spring_core.modern.mjs";
  const laterLib = "/repo/node_modules/runes2/dist/index.esm.mjs";
  const graph = graphOf({
    [`${src}/main.tsx`]: [shared, lib],
    [`${src}/features/chat/chat-screen.tsx`]: [later, laterLib],
  });

  it.each([
    ["app-shared", shared, "app-shared"],
    ["app-shared", later, "app-shared-more"],
    ["vendor-antd-libs", lib, "vendor-antd-libs"],
    ["vendor-antd-libs", laterLib, null],
  ])("%s: %s → %s", (name, id, chunk) => {
    expect(neededFirst(id, graph)).toBe(chunk !== null && !chunk.endsWith("-more"));
    expect(group(name)(id, graph)).toBe(chunk);
  });

  it("puts the later screens' antd-mobile libraries with their components", () => {
    const antdGroup = chunkGroups.find((x) => x.debugName === "vendor-antd");
    if (!antdGroup || typeof antdGroup.test !== "function" || typeof antdGroup.name !== "function")
      throw new Error("vendor-antd");
    expect(antdGroup.test(laterLib)).toBe(true);
    expect((antdGroup.name as (id: string) => string)(laterLib)).toBe("vendor-antd-more");
    expect(
      (antdGroup.name as (id: string) => string)("/repo/node_modules/antd-mobile/es/components/button/button.js"),
    ).toBe("vendor-antd");
  });
});
