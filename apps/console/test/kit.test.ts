// The kit's pure parts: texts per language, UTC times, zod-derived rules.
import { ContestInput, LANGS, LoanSetInput } from "@candor/contract";
import { fractionOfPercent, percentOf } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { localizedText, missingLangs, textFields, textsOf } from "../src/kit/localized-text";
import { zodEachRule, zodRule } from "../src/kit/rules";
import { isoToUtc, optionalUtcToIso, utcPickerValue, utcToIso } from "../src/kit/utc-time";

describe("localizedText", () => {
  const current = { "en-us": "Old", "zh-cn": "舊", "ja-jp": "古い" };

  it("replace: keeps languages the form does not edit, sets typed ones trimmed, removes emptied ones", () => {
    expect(localizedText(current, { "en-us": " New ", "zh-cn": " 新 " })).toEqual({
      "en-us": "New",
      "zh-cn": "新",
      "ja-jp": "古い",
    });
    expect(localizedText(current, { "en-us": "New", "zh-cn": "" })).toEqual({ "en-us": "New", "ja-jp": "古い" });
    // A language the form never held (undefined) keeps its stored text.
    expect(localizedText(current, { "en-us": "New", "zh-cn": undefined })).toEqual({
      "en-us": "New",
      "zh-cn": "舊",
      "ja-jp": "古い",
    });
    expect(localizedText(undefined, { "en-us": "New", "zh-cn": "" })).toEqual({ "en-us": "New" });
  });

  it("merge: sends only edited languages, an emptied one as empty, one not on the form not at all", () => {
    expect(localizedText(current, { "en-us": "New", "zh-cn": "  " }, "merge")).toEqual({ "en-us": "New", "zh-cn": "" });
    expect(localizedText(undefined, { "en-us": "New", "zh-cn": undefined }, "merge")).toEqual({ "en-us": "New" });
  });
});

describe("texts in eight languages", () => {
  it("a form field per language, back to the texts by language code", () => {
    const fields = textFields("name", { "en-us": "Cup", ko: "컵", "zh-cn": "盃" });
    expect(Object.keys(fields)).toEqual([
      "nameEn",
      "nameKo",
      "nameJp",
      "nameTai",
      "nameMlxy",
      "nameVl",
      "nameXi",
      "nameZh",
    ]);
    expect(textsOf({ ...fields, nameJp: "カップ" }, "name")).toMatchObject({ "en-us": "Cup", ko: "컵", jp: "カップ" });
  });

  it("publishing warns about each language missing from a text that has English", () => {
    expect(missingLangs({ ...textFields("name", { "en-us": "Cup", ko: "컵" }) }, ["name", "rules"])).toEqual([
      "jp",
      "tai",
      "mlxy",
      "vl",
      "xi",
      "zh-cn",
    ]);
    const all = Object.fromEntries(LANGS.map((l) => [l, "x"]));
    expect(missingLangs(textFields("name", all), ["name"])).toEqual([]);
  });
});

describe("rates typed in percent", () => {
  it("the API's fraction from the percent typed, and back, exactly", () => {
    expect(fractionOfPercent("0.05")).toBe("0.0005");
    expect(fractionOfPercent("12.5")).toBe("0.125");
    expect(percentOf("0.0004", 8)).toBe("0.04");
  });
});

describe("UTC times", () => {
  it("reads YYYY-MM-DD HH:mm (or with a T) as UTC and writes it back", () => {
    expect(utcToIso("2026-12-01 08:30")).toBe("2026-12-01T08:30:00.000Z");
    expect(utcToIso("2026-12-01T08:30")).toBe("2026-12-01T08:30:00.000Z");
    expect(isoToUtc("2026-12-01T08:30:00.000Z")).toBe("2026-12-01 08:30");
    expect(optionalUtcToIso("")).toBeNull();
    expect(optionalUtcToIso(undefined)).toBeNull();
  });

  it("the picker shows the UTC wall-clock time as typed, whatever the browser's zone", () => {
    expect(utcPickerValue("2026-12-01 08:30")?.format("YYYY-MM-DD HH:mm")).toBe("2026-12-01 08:30");
    expect(utcPickerValue("2026-12-01")).toBeNull();
    expect(utcPickerValue(undefined)).toBeNull();
  });
});

describe("zod-derived rules", () => {
  const check = async (rule: ReturnType<typeof zodRule>, value: unknown) => {
    const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
    return validator({}, value).then(
      () => true,
      (e: Error) => e.message,
    );
  };

  it("passes what the contract accepts and leaves an empty value to `required`", async () => {
    const rule = zodRule(ContestInput.shape.prize, "bad");
    expect(await check(rule, "500")).toBe(true);
    expect(await check(rule, "12.5")).toBe(true);
    expect(await check(rule, "")).toBe(true);
    expect(await check(rule, "1e3")).toBe("bad");
    expect(await check(rule, "-1")).toBe("bad");
  });

  it("checks each element of a tags field", async () => {
    const rule = zodEachRule(LoanSetInput.shape.days.element, "bad");
    expect(await check(rule, ["7", "30"])).toBe(true);
    expect(await check(rule, ["7", "0"])).toBe("bad");
  });
});
