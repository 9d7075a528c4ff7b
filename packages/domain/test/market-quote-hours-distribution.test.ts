// Bid/ask from the disclosed spread, trading hours, and the rise/fall distribution.
import { describe, expect, it } from "vitest";
import { ALWAYS_OPEN, changeDistribution, changePercent, FX_WEEK, isMarketOpen, quoteFromMid } from "../src";

describe("bid and ask from the disclosed spread", () => {
  it.each([
    ["65000.00", "0.0005", 2, "64983.75", "65016.25"],
    ["1.08000", "0.0001", 5, "1.07994", "1.08006"], // 0.5 pip each side, rounded outward
    ["2650.00", "0", 2, "2650.00", "2650.00"],
    ["0.15234", "0.001", 5, "0.15226", "0.15242"],
  ])("mid %s, spread %s → bid %s / ask %s", (mid, spread, precision, bid, ask) => {
    expect(quoteFromMid(mid, spread, precision as number)).toEqual({ bid, ask });
  });
});

describe("trading hours (UTC)", () => {
  it.each([
    ["2026-11-20T21:59:00Z", true], // Friday before the close
    ["2026-11-20T22:00:00Z", false], // Friday close
    ["2026-11-21T12:00:00Z", false], // Saturday
    ["2026-11-22T21:59:00Z", false], // Sunday before the open
    ["2026-11-22T22:00:00Z", true], // Sunday open
    ["2026-11-18T03:00:00Z", true], // Wednesday night
  ])("forex at %s open: %s", (at, open) => {
    expect(isMarketOpen(FX_WEEK, Date.parse(at))).toBe(open);
  });
  it("crypto never closes", () => {
    expect(isMarketOpen(ALWAYS_OPEN, Date.parse("2026-11-21T12:00:00Z"))).toBe(true);
  });
});

describe("24 h change", () => {
  it.each([
    ["100", "101.239", "1.23"],
    ["100", "98.761", "-1.23"],
    ["100", "100", "0.00"],
    ["0", "5", "0.00"],
  ])("%s → %s is %s %", (open, close, pct) => {
    expect(changePercent(open, close)).toBe(pct);
  });
});

describe("rise/fall distribution", () => {
  it("counts changes by size and direction", () => {
    const d = changeDistribution(["-12", "-10", "-9.99", "-0.5", "0", "0.001", "1", "2.99", "3", "15", "7"]);
    expect({ rise: d.rise, fall: d.fall, flat: d.flat, total: d.total }).toEqual({
      rise: 6,
      fall: 4,
      flat: 1,
      total: 11,
    });
    const counts = Object.fromEntries(
      d.buckets.map((b) => [`${b.direction}:${b.fromPercent}-${b.toPercent ?? "∞"}`, b.count]),
    );
    expect(counts).toEqual({
      "fall:10-∞": 2,
      "fall:7-10": 1,
      "fall:5-7": 0,
      "fall:3-5": 0,
      "fall:1-3": 0,
      "fall:0-1": 1,
      "flat:0-0": 1,
      "rise:0-1": 1,
      "rise:1-3": 2,
      "rise:3-5": 1,
      "rise:5-7": 0,
      "rise:7-10": 1,
      "rise:10-∞": 1,
    });
    expect(d.buckets.map((b) => b.direction)[0]).toBe("fall");
  });
});
