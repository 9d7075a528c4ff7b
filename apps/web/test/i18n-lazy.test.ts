// Only the current language's strings are loaded; another language loads on switch,
// before the switch happens (no screen in a half-loaded language).
import { beforeAll, describe, expect, it } from "vitest";
import { antdLocale, changeLanguage, currentLang, i18n, initI18n, loadMoreStrings, namespaces } from "../src/lib/i18n";
import { FIRST_NAMESPACES } from "../src/lib/i18n-namespaces";

beforeAll(async () => {
  localStorage.removeItem("lang");
  await initI18n("en-us");
});

describe("language strings load per language", () => {
  it("the first language has the first screens' namespaces; the rest follow; no other language is loaded", async () => {
    expect([...namespaces].sort()).toEqual([...FIRST_NAMESPACES].sort());
    for (const ns of namespaces) expect(i18n.hasResourceBundle("en-us", ns), ns).toBe(true);
    expect(i18n.hasResourceBundle("en-us", "wallet")).toBe(false);
    await loadMoreStrings();
    expect(namespaces).toEqual(
      expect.arrayContaining(["wallet", "earn", "ledgerKinds", "upload", ...FIRST_NAMESPACES]),
    );
    expect(namespaces.length).toBeGreaterThan(FIRST_NAMESPACES.length + 10);
    for (const ns of namespaces) expect(i18n.hasResourceBundle("en-us", ns), ns).toBe(true);
    for (const lang of ["ko", "jp", "tai", "mlxy", "vl", "xi", "zh-cn"]) {
      expect(i18n.hasResourceBundle(lang, "common"), lang).toBe(false);
    }
    expect(i18n.t("routes:market")).toBe("Market");
    expect(antdLocale()?.locale).toBe("en");
  });

  it("switching loads the language first, then shows it (antd-mobile's texts too)", async () => {
    const switching = changeLanguage("ko");
    expect(currentLang()).toBe("en-us"); // still English while Korean downloads
    await switching;
    expect(currentLang()).toBe("ko");
    for (const ns of namespaces) expect(i18n.hasResourceBundle("ko", ns), ns).toBe(true);
    expect(i18n.t("routes:market")).not.toBe("Market");
    expect(i18n.t("routes:market")).toMatch(/[\uac00-\ud7af]/); // Hangul
    expect(antdLocale()?.locale).toBe("ko-KR");
    expect(document.documentElement.lang).toBe("ko");
    // The whole language, not only its first part: a switch never shows another screen's keys.
    expect(i18n.hasResourceBundle("ko", "wallet")).toBe(true);
    expect(localStorage.getItem("lang")).toBe("ko");
    expect(i18n.hasResourceBundle("jp", "common")).toBe(false);
  });
});
