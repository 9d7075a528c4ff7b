// @vitest-environment node
// The build's chunk rules (build/chunks.ts) for antd-mobile's texts (issue 37): each
// language's file goes with that language's first strings, so a first screen downloads
// one language's texts, not all eight inside antd-mobile's chunk.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkGroups } from "../build/chunks";
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
