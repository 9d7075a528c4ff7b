import { describe, expect, it } from "vitest";
import { DecimalInput, LANG_TAGS, LANGS, PageQuery, parseLang } from "../src";

describe("language codes", () => {
  it.each([
    ["ko", "ko"],
    ["jp", "jp"],
    ["ja", "jp"],
    ["zh-Hant", "zh-cn"],
    ["zh-TW", "zh-cn"],
    ["es-ES", "xi"],
    ["klingon", "en-us"],
    [undefined, "en-us"],
  ] as const)("X-Lang %s → %s", (header, lang) => {
    expect(parseLang(header)).toBe(lang);
  });
  it("has a BCP-47 tag for each of the eight languages", () => {
    expect(LANGS).toHaveLength(8);
    for (const l of LANGS) expect(LANG_TAGS[l]).toMatch(/^[a-z]{2}(-[A-Za-z]+)?$/);
  });
});

describe("request shapes", () => {
  it("accepts decimal strings and numbers, rejects junk", () => {
    expect(DecimalInput.parse("10.50")).toBe("10.50");
    expect(DecimalInput.parse(3)).toBe("3");
    expect(DecimalInput.safeParse("1e9").success).toBe(false);
    expect(DecimalInput.safeParse("ten").success).toBe(false);
  });
  it("defaults and caps paging", () => {
    expect(PageQuery.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(PageQuery.safeParse({ pageSize: 101 }).success).toBe(false);
    expect(PageQuery.safeParse({ pageNo: 0 }).success).toBe(false);
  });
});

describe("amounts in requests", () => {
  it.each([
    ["100.5", "100.5"],
    [100.5, "100.5"],
    ["0.000000000000000001", "0.000000000000000001"],
    [0.00001, "0.00001"],
  ])("%o is the amount %s", (input, amount) => {
    expect(DecimalInput.parse(input)).toBe(amount);
  });
  it.each([9.4e-323, 1e-7, 1e21, "1e5", "abc", ""])("%o is refused, not rounded", (input) => {
    expect(DecimalInput.safeParse(input).success).toBe(false);
  });
});

describe("an amount too large for the ledger's NUMERIC(36,18)", () => {
  // The fuzz over the OpenAPI document sent a 77-digit task reward: the database overflowed (500).
  it.each([
    ["1234567890123456789", false],
    ["22635218089056927286735161225691043227588436290731786933757495257252583538413", false],
    ["-1234567890123456789", false],
    ["123456789012345678", true],
    ["000000000000000000000001.5", true],
    ["999999999999999999.999999999999999999", true],
  ])("%s → accepted: %s", (value, accepted) => {
    expect(DecimalInput.safeParse(value).success).toBe(accepted);
  });
});
