// The seeded strategy products: valid operator input, every text in all 8 languages, the
// rules in plain words with the actual parameters, and none of the forbidden promises.
import { EarnProductInput, LANGS } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { strategyRules } from "../../src/modules/earn/quant/rules";
import { QUANT_SEED_PRODUCTS } from "../../src/modules/earn/quant/seed";

const FORBIDDEN = [
  /guarant/i,
  /risk[- ]free/i,
  /no risk/i,
  /\bAI\b/,
  /保證|保证|無風險|无风险/,
  /보장|무위험/,
  /保証|リスクなし/,
];

describe("quant seed products", () => {
  it("are a grid on BTCUSDT and a trend on ETHUSDT, valid as operator input, with no rate", () => {
    expect(QUANT_SEED_PRODUCTS.map((p) => [p.strategy, p.symbol])).toEqual([
      ["grid", "BTCUSDT"],
      ["trend", "ETHUSDT"],
    ]);
    for (const p of QUANT_SEED_PRODUCTS) {
      expect(EarnProductInput.safeParse(p).success).toBe(true);
      expect(p.dailyRate).toBeNull();
    }
  });

  it.each(LANGS)("have name, description, risk notice and rules in %s, without promises", (lang) => {
    for (const p of QUANT_SEED_PRODUCTS) {
      const texts = [p.name[lang], p.description?.[lang], p.riskNotice[lang], strategyRules(p, lang)];
      for (const text of texts) {
        expect(text?.trim()).toBeTruthy();
        for (const f of FORBIDDEN) expect(text).not.toMatch(f);
        // Placeholders are all filled in.
        expect(text).not.toMatch(/\{\w+\}/);
      }
      if (lang !== "en-us") expect(p.name[lang]).not.toBe(p.name["en-us"]);
      if (lang !== "en-us") expect(strategyRules(p, lang)).not.toBe(strategyRules(p, "en-us"));
    }
  });

  it.each([
    ["grid", ["BTCUSDT", "11", "5%", "0.1%"]],
    ["trend", ["ETHUSDT", "15m", "7", "25", "0.1%"]],
  ] as const)("%s rules name the actual parameters and the fee", (strategy, parts) => {
    const p = QUANT_SEED_PRODUCTS.find((x) => x.strategy === strategy);
    expect(p).toBeDefined();
    const text = strategyRules(p ?? {}, "en-us", "0.001");
    for (const part of parts) expect(text).toContain(part);
    expect(text).toContain("can fall below what you put in");
    expect(text).toContain("Past results do not predict future ones");
  });

  it("has no rules for an incomplete strategy", () => {
    expect(strategyRules({ strategy: "grid", symbol: "BTCUSDT" }, "en-us")).toBe("");
    expect(strategyRules({ strategy: "trend", symbol: "ETHUSDT", params: { levels: 5 } }, "en-us")).toBe("");
  });
});
