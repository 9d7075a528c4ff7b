import { describe, expect, it } from "vitest";
import { dec, decimalPlaces, formatAmount, isDecimal, toMoneyString, toPercent, truncateFixed } from "../src";

describe("decimal precision", () => {
  it("keeps every digit of a NUMERIC(36,18) value", () => {
    const v = "123456789012345678.123456789012345678";
    expect(dec(v).toFixed()).toBe(v);
    expect(dec(v).plus("0.000000000000000001").toFixed()).toBe("123456789012345678.123456789012345679");
  });
  it("does exact decimal arithmetic (0.1 + 0.2 = 0.3)", () => {
    expect(dec("0.1").plus("0.2").toFixed()).toBe("0.3");
  });
  it("rejects non-finite input", () => {
    expect(() => dec(Number.NaN)).toThrow();
    expect(() => dec(Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe("truncateFixed never rounds up", () => {
  it.each([
    ["1.999", 2, "1.99"],
    ["1.995", 2, "1.99"],
    ["-1.999", 2, "-1.99"],
    ["0.00000001", 2, "0.00"],
    ["5", 4, "5.0000"],
    ["123.456789", 0, "123"],
    ["64999.99999999", 2, "64999.99"],
  ] as const)("%s to %i places → %s", (value, places, expected) => {
    expect(truncateFixed(value, places)).toBe(expected);
  });
});

describe("formatAmount groups thousands and truncates", () => {
  it.each([
    ["1234567.891", 2, "1,234,567.89"],
    ["999.999", 2, "999.99"],
    ["1000", 0, "1,000"],
    ["-1234.5", 1, "-1,234.5"],
    ["-0.001", 2, "0.00"],
    ["0", 2, "0.00"],
    ["100000000", 8, "100,000,000.00000000"],
  ] as const)("%s to %i places → %s", (value, places, expected) => {
    expect(formatAmount(value, places)).toBe(expected);
  });
});

describe("parsing and canonical strings", () => {
  it.each([
    ["12.5", true],
    ["-3", true],
    ["1e5", false],
    ["abc", false],
    ["", false],
    ["1.", false],
  ] as const)("isDecimal(%j) is %s", (value, expected) => {
    expect(isDecimal(value)).toBe(expected);
  });
  it("writes canonical strings without exponent or trailing zeros", () => {
    expect(toMoneyString("1.5000")).toBe("1.5");
    expect(toMoneyString("0.000000000000000001")).toBe("0.000000000000000001");
    expect(toMoneyString("-0")).toBe("0");
    expect(decimalPlaces("1.250")).toBe(2);
  });
  it("formats ratios as truncated percentages", () => {
    expect(toPercent("0.12349")).toBe("12.34");
    expect(toPercent("-0.5")).toBe("-50.00");
  });
});
