// Flash exchange helpers: default pair, picking/swapping currencies, "All", the amount
// checks, and how rates and the spread read.
import { describe, expect, it } from "vitest";
import {
  allAmount,
  canonicalAmount,
  defaultPair,
  exchangeProblem,
  inverseRate,
  pickCurrency,
  precisionOf,
  showRate,
  spreadText,
} from "../src/features/exchange/exchange-logic";

const currencies = [
  { currency: "USDT", precision: 6, usdtPrice: "1" },
  { currency: "BTC", precision: 8, usdtPrice: "91823.34" },
  { currency: "ETH", precision: 8, usdtPrice: "3095.2" },
];

describe("pair", () => {
  it("starts from USDT into BTC", () => expect(defaultPair(currencies)).toEqual({ from: "USDT", to: "BTC" }));
  it("falls back to the first two currencies", () =>
    expect(defaultPair(currencies.slice(1))).toEqual({ from: "BTC", to: "ETH" }));
  it.each([
    ["from", "ETH", { from: "ETH", to: "BTC" }],
    ["to", "ETH", { from: "USDT", to: "ETH" }],
    ["to", "USDT", { from: "BTC", to: "USDT" }],
    ["from", "BTC", { from: "BTC", to: "USDT" }],
  ] as const)("picking %s = %s gives %j", (side, c, pair) =>
    expect(pickCurrency({ from: "USDT", to: "BTC" }, side, c)).toEqual(pair),
  );
  it.each([
    ["BTC", 8],
    ["USDT", 6],
    ["XYZ", 8],
  ])("%s has %i decimals", (c, p) => expect(precisionOf(currencies, c)).toBe(p));
});

describe("amount", () => {
  it.each([
    ["1000.1234567", 6, "1000.123456"],
    ["0.5", 8, "0.5"],
    ["0", 6, ""],
    [null, 6, ""],
  ])("All of %s at %i decimals is %j", (available, places, amount) =>
    expect(allAmount(available, places)).toBe(amount),
  );
  it.each([
    ["", "100", { kind: "required" }],
    ["-1", "100", { kind: "invalid" }],
    ["1.1234567", "100", { kind: "precision", places: 6 }],
    ["100.5", "100", { kind: "insufficient", available: "100" }],
    ["100", "100", null],
    ["100", null, null],
  ])("%j with %s available → %j", (amount, available, problem) =>
    expect(exchangeProblem(amount, 6, available)).toEqual(problem),
  );
  it.each([
    ["100", "100"],
    ["100.50", "100.5"],
    ["0100.", "100"],
    ["abc", ""],
  ])("typed %j is quoted as %j", (typed, canonical) => expect(canonicalAmount(typed)).toBe(canonical));
});

describe("rates", () => {
  it.each([
    ["91876.28123", "91,876.2812"],
    ["1", "1"],
    ["12.5", "12.5"],
    ["0.0000108843219", "0.0000108843"],
    ["0", "0"],
  ])("rate %s reads %s", (rate, text) => expect(showRate(rate)).toBe(text));
  it("inverts a small rate for the 1 BTC = … USDT line", () => {
    expect(inverseRate("0.00001")).toBe("100000");
    expect(inverseRate("0")).toBeNull();
  });
  it.each([
    ["0.0005", "0.05"],
    ["0.000412", "0.0412"],
    ["0.00000001", "0.0001"],
  ])("spread cost %s is %s%%", (cost, pct) => expect(spreadText(cost)).toBe(pct));
});
