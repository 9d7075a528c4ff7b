// Spot fills: market and limit fill prices at bid/ask, notional and fee.
import { describe, expect, it } from "vitest";
import { limitCrosses, limitFillPrice, marketFillPrice, spotFee, spotNotional } from "../src";

describe("spot fills", () => {
  it.each([
    ["buy", "market", "99.9", "100.1", null, true, "100.1"],
    ["sell", "market", "99.9", "100.1", null, true, "99.9"],
    ["buy", "limit below the ask: waits", "99.9", "100.1", "100", false, null],
    ["buy", "limit at the ask: fills at the limit", "99.9", "100", "100", true, "100"],
    ["buy", "ask falls below the limit: fills at the better ask", "98", "98.2", "100", true, "98.2"],
    ["sell", "limit above the bid: waits", "99.9", "100.1", "100", false, null],
    ["sell", "bid rises above the limit: fills at the better bid", "101", "101.2", "100", true, "101"],
  ] as const)("%s %s", (side, _name, bid, ask, limit, fills, price) => {
    if (limit === null) {
      expect(marketFillPrice(side, bid, ask)).toBe(price);
      return;
    }
    expect(limitCrosses(side, limit, bid, ask)).toBe(fills);
    if (fills) expect(limitFillPrice(side, limit, bid, ask)).toBe(price);
  });
  it("computes notional and fee exactly", () => {
    expect(spotNotional("0.12345678", "65000.5")).toBe("8024.75242839");
    expect(spotFee("8024.75242839", "0.001")).toBe("8.02475243");
    expect(spotFee("0.000000015", "0.001")).toBe("0.00000001");
  });
});
