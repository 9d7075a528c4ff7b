// The kit's pure parts: texts per language, UTC times, zod-derived rules.
import { ContestInput, LoanSetInput } from "@candor/contract";
import { describe, expect, it } from "vitest";
import { localizedText } from "../src/kit/localized-text";
import { zodEachRule, zodRule } from "../src/kit/rules";
import { isoToUtc, optionalUtcToIso, utcToIso } from "../src/kit/utc-time";

describe("localizedText", () => {
  const current = { "en-us": "Old", "zh-cn": "舊", "ja-jp": "古い" };

  it("replace: keeps languages the form does not edit, sets typed ones trimmed, removes emptied ones", () => {
    expect(localizedText(current, { "en-us": " New ", "zh-cn": " 新 " })).toEqual({
      "en-us": "New",
      "zh-cn": "新",
      "ja-jp": "古い",
    });
    expect(localizedText(current, { "en-us": "New", "zh-cn": undefined })).toEqual({ "en-us": "New", "ja-jp": "古い" });
    expect(localizedText(undefined, { "en-us": "New", "zh-cn": "" })).toEqual({ "en-us": "New" });
  });

  it("merge: sends only edited languages, an emptied one as empty, one not on the form not at all", () => {
    expect(localizedText(current, { "en-us": "New", "zh-cn": "  " }, "merge")).toEqual({ "en-us": "New", "zh-cn": "" });
    expect(localizedText(undefined, { "en-us": "New", "zh-cn": undefined }, "merge")).toEqual({ "en-us": "New" });
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
