// Spot screen helpers: the price an order is valued at, cost/proceeds with the fee, the
// largest quantity a balance allows, and the checks of precision, minimum value and balance.
import { describe, expect, it } from "vitest";
import {
  checkOrder,
  filledValue,
  maxQuantity,
  previewPrice,
  shareOf,
  showExact,
  spotPreview,
  spreadPercent,
} from "../src/features/spot/spot-logic";

const market = { bid: "99", ask: "101", feeRate: "0.001", limitPrice: "" };

describe("preview", () => {
  it.each([
    ["buy", "market", "", "101"],
    ["sell", "market", "", "99"],
    ["buy", "limit", "95.5", "95.5"],
    ["sell", "limit", "105", "105"],
    ["buy", "limit", "", null],
    ["buy", "limit", "0", null],
  ] as const)("%s %s (limit %j) is valued at %s", (side, type, limitPrice, price) =>
    expect(previewPrice({ ...market, side, type, limitPrice })).toBe(price),
  );
  it("has no market price before the first tick", () =>
    expect(previewPrice({ side: "buy", type: "market", limitPrice: "", bid: null, ask: null })).toBeNull());

  it.each([
    // side, type, quantity, limit, price, notional, fee, total
    ["buy", "market", "2", "", "101", "202", "0.202", "202.202"],
    ["sell", "market", "2", "", "99", "198", "0.198", "197.802"],
    ["buy", "limit", "0.5", "100", "100", "50", "0.05", "50.05"],
    ["sell", "limit", "0.33333", "3", "3", "0.99999", "0.00099999", "0.99899001"],
  ] as const)(
    "%s %s %s (limit %j) → price %s, value %s, fee %s (rounded up), total %s",
    (side, type, quantity, limitPrice, price, notional, fee, total) =>
      expect(spotPreview({ ...market, side, type, quantity, limitPrice })).toEqual({ price, notional, fee, total }),
  );
  it.each(["", "0", "abc"])("shows nothing for quantity %j", (quantity) =>
    expect(spotPreview({ ...market, side: "buy", type: "market", quantity })).toBeNull(),
  );
});

describe("largest quantity", () => {
  it.each([
    // the fee rounds up, so 1000 USDT at 100 with 0.1 % buys 9.99000 (cost 999.99999 ≤ 1000)
    ["buy", "1000", "100", 5, "9.99"],
    ["buy", "1000", "100", 0, "9"],
    ["buy", "0", "100", 5, "0"],
    ["sell", "1.23456789", null, 5, "1.23456"],
    ["buy", "1000", null, 5, null],
    ["buy", null, "100", 5, null],
  ] as const)("%s with %s available at %s (precision %i) → %s", (side, available, price, places, max) =>
    expect(maxQuantity(side, available, price, "0.001", places)).toBe(max),
  );
  it("never exceeds the balance after the fee", () => {
    const max = maxQuantity("buy", "1000", "91913.04", "0.001", 5) as string;
    const cost = spotPreview({ ...market, side: "buy", type: "limit", quantity: max, limitPrice: "91913.04" });
    expect(Number(cost?.total)).toBeLessThanOrEqual(1000);
    expect(max).toBe("0.01086");
  });
  it.each([
    ["1", 25, 5, "0.25"],
    ["0.00003", 50, 5, "0.00001"],
    ["9.99", 100, 2, "9.99"],
  ] as const)("%s × %i %% = %s", (max, pct, places, share) => expect(shareOf(max, pct, places)).toBe(share));
});

describe("order checks", () => {
  const base = {
    ...market,
    side: "buy" as const,
    type: "limit" as const,
    quantity: "1",
    limitPrice: "100",
    pricePrecision: 2,
    qtyPrecision: 5,
    minNotional: "5",
    quoteCurrency: "USDT",
    availableBase: "2",
    availableQuote: "1000",
  };
  it.each([
    [{}, { quantity: null, price: null }],
    [{ quantity: "" }, { quantity: { kind: "required" }, price: null }],
    [{ quantity: "0.123456" }, { quantity: { kind: "precision", places: 5 }, price: null }],
    [{ limitPrice: "100.001" }, { quantity: null, price: { kind: "precision", places: 2 } }],
    [{ limitPrice: "" }, { quantity: null, price: { kind: "required" } }],
    [{ quantity: "0.04" }, { quantity: { kind: "minNotional", min: "5", currency: "USDT" }, price: null }],
    [{ quantity: "10" }, { quantity: { kind: "insufficient", available: "1000" }, price: null }],
    [
      { side: "sell" as const, quantity: "3" },
      { quantity: { kind: "insufficient", available: "2" }, price: null },
    ],
    [
      { side: "sell" as const, quantity: "2" },
      { quantity: null, price: null },
    ],
    [
      { type: "market" as const, limitPrice: "abc" },
      { quantity: null, price: null },
    ],
    [
      { availableQuote: null, quantity: "10" },
      { quantity: null, price: null },
    ],
  ])("%j → %j", (change, expected) => expect(checkOrder({ ...base, ...change })).toEqual(expected));
});

describe("display", () => {
  it.each([
    ["0.0004", "0.04"],
    ["0.0005", "0.05"],
    ["0.001", "0.1"],
  ])("spread %s is %s%%", (spread, pct) => expect(spreadPercent(spread)).toBe(pct));
  it.each([
    [{ side: "buy" as const, notional: "100", fee: "0.1" }, "100.1"],
    [{ side: "sell" as const, notional: "100", fee: "0.1" }, "99.9"],
    [{ side: "buy" as const, notional: null, fee: null }, null],
  ])("filled value of %j is %s", (order, value) => expect(filledValue(order)).toBe(value));
});

describe("exact amounts", () => {
  it.each([
    ["918.2788", 2, 8, "918.2788"],
    ["4587.377031", 2, 8, "4,587.377031"],
    ["500.5", 2, 8, "500.50"],
    ["0.000000019", 2, 8, "0.00000001"],
    ["0.01", 0, 8, "0.01"],
    ["3", 0, 8, "3"],
    [null, 2, 8, "--"],
  ] as const)("%s (min %i, max %i) shows %s", (value, min, max, text) => expect(showExact(value, min, max)).toBe(text));
});
