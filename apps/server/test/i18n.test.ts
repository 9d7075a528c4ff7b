import { LANGS } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { catalogue, t } from "../src/i18n";

describe("server messages", () => {
  it.each(Object.entries(catalogue))("%s exists in all eight languages with the same placeholders", (_key, texts) => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    const english = placeholders(texts["en-us"]);
    for (const lang of LANGS) {
      const text = (texts as Record<string, string>)[lang];
      expect(text, lang).toBeTruthy();
      expect(placeholders(text ?? ""), lang).toEqual(english);
    }
  });

  it("fills placeholders", () => {
    expect(t("en-us", "invalidField", { field: "amount" })).toBe("Invalid value for amount");
  });
});
