import { describe, expect, it } from "vitest";
import { losingShare, lossRate } from "../src/disclosure";

describe("loss rate: the share of customers who lost money", () => {
  // A hand-computed table: futures / options realised result incl. fees (null = no closed trade).
  const table = [
    { futures: "-120.5", options: null }, // futures loser
    { futures: "-0.3", options: null }, // fee-only loser (a flat trade, fees paid)
    { futures: "250", options: "-40" }, // futures winner, options loser; all: +210 winner
    { futures: "10", options: "-30" }, // futures winner, options loser; all: -20 loser
    { futures: null, options: "15" }, // options winner
    { futures: "0", options: null }, // break-even: not a loser
  ];

  it("counts customers per product and overall and rounds the share to 4 places", () => {
    expect(lossRate(table, 1)).toEqual([
      { product: "futures", customers: 5, losing: 2, losingShare: "0.4000" },
      { product: "options", customers: 3, losing: 2, losingShare: "0.6667" },
      { product: "all", customers: 6, losing: 3, losingShare: "0.5000" },
    ]);
  });

  it("shows no share below the minimum sample, per product", () => {
    const figures = lossRate(table, 4);
    expect(figures.map((f) => f.losingShare)).toEqual(["0.4000", null, "0.5000"]);
    expect(lossRate([], 0).every((f) => f.losingShare === null && f.customers === 0)).toBe(true);
  });

  it("rounds half up", () => {
    expect(losingShare(1, 8, 1)).toBe("0.1250");
    expect(losingShare(71235, 100000, 1)).toBe("0.7124");
    expect(losingShare(2, 3, 1)).toBe("0.6667");
    expect(losingShare(1, 3, 1)).toBe("0.3333");
    expect(losingShare(3, 3, 3)).toBe("1.0000");
    expect(losingShare(3, 3, 4)).toBeNull();
  });
});
