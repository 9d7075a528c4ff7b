// The contest screens' small helpers: yield rates as signed percentages, profits with their
// sign, colours by sign, the mode parameters every futures call carries, and the promise
// words no contest text may use in any language.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { amount, rate, STATUS_KEY, TABS, trend } from "../src/features/contests/logic";
import { modeParams } from "../src/features/contracts/api";

describe("contest helpers", () => {
  it.each([
    ["0.0523", false, "5.23%"],
    ["0.0523", true, "+5.23%"],
    ["-0.042", true, "-4.20%"],
    ["0", true, "0.00%"],
    [null, true, "--"],
    ["", false, "--"],
    ["abc", false, "--"],
  ] as const)("rate(%s, %s) = %s", (value, signed, shown) => {
    expect(rate(value, signed)).toBe(shown);
  });

  it.each([
    ["1234.5", true, "+1,234.50"],
    ["-3.48", true, "-3.48"],
    ["10000", false, "10,000.00"],
    [null, false, "--"],
  ] as const)("amount(%s, %s) = %s", (value, signed, shown) => {
    expect(amount(value, signed)).toBe(shown);
  });

  it("colours by sign", () => {
    expect([trend("0.1"), trend("-0.1"), trend("0"), trend(null)]).toEqual(["up", "down", "flat", "flat"]);
  });

  it("tabs are in progress, to start, ended; every status has a name", () => {
    expect(TABS).toEqual([1, 0, -2]);
    expect([1, 0, -2, -3].map((s) => STATUS_KEY[s as 1])).toEqual(["inProgress", "toStart", "ended", "exited"]);
  });

  it("futures calls carry the contest id only in contest mode", () => {
    expect(modeParams("contest", 7)).toEqual({ mode: "contest", contestId: 7 });
    expect(modeParams("real", 7)).toEqual({ mode: "real" });
    expect(modeParams("demo")).toEqual({ mode: "demo" });
  });
});

describe("no promise words in any language", () => {
  const dir = path.resolve(import.meta.dirname, "../src/features/contests/locales");
  // English and the words for "guaranteed" / "risk-free" / "no risk" in the other seven.
  const banned =
    /guarantee|risk[- ]free|no risk|보장|무위험|保証|保本|保證|無風險|リスクなし|รับประกัน|ไม่มีความเสี่ยง|dijamin|tanpa risiko|đảm bảo|không rủi ro|garantizad|sin riesgo/i;
  it.each(fs.readdirSync(dir).map((f) => [f]))("%s", (file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    expect(text.match(banned)?.[0] ?? null).toBeNull();
  });
});
