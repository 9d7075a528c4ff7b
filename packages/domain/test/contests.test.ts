// Contest arithmetic as tables of scenarios: equity, yield rate, profits, the float P&L of
// the ranking hot path (against settlePosition), ranking order with ties, the prize split,
// contest status and the entry window.
import { describe, expect, it } from "vitest";
import {
  contestEquity,
  contestProfits,
  contestStatusAt,
  contestYieldRate,
  insideEntryWindow,
  livePnl,
  prizeAmounts,
  prizeSplitProblem,
  rankByYield,
  settlePosition,
} from "../src";

describe("equity = available + margin + unrealised P&L + spot value", () => {
  it.each([
    ["10000", "0", "0", "0", "10000"],
    ["8999", "1000", "100", "0", "10099"],
    ["8999", "1000", "-1000", "0", "8999"],
    ["5000", "0", "0", "5123.456789123", "10123.45678912"], // 8 places, rounded down
  ])("%s + %s + %s + %s → %s", (available, margin, pnl, spot, equity) => {
    expect(contestEquity({ available, margin, unrealisedPnl: pnl, spotValue: spot })).toBe(equity);
  });
});

describe("yieldRate = (equity − entryFunds) / entryFunds", () => {
  it.each([
    ["10000", "10000", "0"],
    ["11000", "10000", "0.1"],
    ["9000", "10000", "-0.1"],
    ["0", "10000", "-1"],
    ["10000.00000001", "3", "3332.33333333"],
    ["5", "0", "0"], // no entry funds: no yield
  ])("equity %s of %s → %s", (equity, funds, rate) => {
    expect(contestYieldRate(equity, funds)).toBe(rate);
  });
});

describe("daily and total profit", () => {
  it.each([
    ["10500", "10000", "10200", { totalProfit: "500", dailyProfit: "300", totalYieldRate: "0.05" }],
    ["9500", "10000", "10000", { totalProfit: "-500", dailyProfit: "-500", totalYieldRate: "-0.05" }],
  ])("equity %s, funds %s, day %s", (equity, funds, day, expected) => {
    expect(contestProfits(equity, funds, day)).toEqual(expected);
  });
});

describe("livePnl (floats) matches settlePosition", () => {
  it.each([
    ["long", "0.03333", "60000", "1000", "63000"],
    ["short", "0.03333", "60000", "1000", "63000"],
    ["long", "0.5", "60000", "1000", "10000"], // capped at −margin
    ["short", "1", "2000", "100", "1900"],
  ] as const)("%s %s from %s (margin %s) at %s", (direction, qty, open, margin, exit) => {
    const exact = settlePosition({ direction, quantity: qty, openPrice: open, margin }, exit);
    const float = livePnl(direction, Number(qty), Number(open), Number(margin), Number(exit), 0.0005);
    expect(float).toBeCloseTo(Number(exact.pnl), 6);
  });
});

describe("ranking: highest yield first, ties by the earlier entry", () => {
  it.each([
    [
      [
        { id: 1, yieldRate: 0.1 },
        { id: 2, yieldRate: 0.3 },
        { id: 3, yieldRate: -0.2 },
      ],
      [2, 1, 3],
    ],
    [
      [
        { id: 5, yieldRate: 0 },
        { id: 4, yieldRate: 0 },
        { id: 6, yieldRate: 0.01 },
      ],
      [6, 4, 5],
    ],
    [[], []],
  ])("%j → %j", (entries, order) => {
    expect(rankByYield(entries).map((e) => e.id)).toEqual(order);
    expect(entries.length === 0 || entries !== rankByYield(entries)).toBe(true); // a new array
  });
});

describe("prize split", () => {
  it.each([
    [["0.5", "0.3", "0.2"], null],
    [["1"], null],
    [["0.6", "0.5"], "overOne"],
    [[], "empty"],
    [["0.5", "0"], "notPositive"],
  ] as const)("%j → %s", (split, problem) => {
    expect(prizeSplitProblem(split)).toBe(problem);
  });
  it.each([
    ["1000", ["0.5", "0.3", "0.2"], ["500", "300", "200"]],
    ["100", ["0.333333333"], ["33.3333333"]], // rounded down to 8 places
    ["0", ["1"], ["0"]],
  ] as const)("%s by %j → %j", (prize, split, amounts) => {
    expect(prizeAmounts(prize, split).map((p) => p.amount)).toEqual(amounts);
    expect(prizeAmounts(prize, split).map((p) => p.rank)).toEqual(split.map((_, i) => i + 1));
  });
});

describe("status and entry window", () => {
  const start = new Date("2026-11-24T00:00:00Z");
  const end = new Date("2026-11-26T00:00:00Z");
  it.each([
    ["2026-11-23T23:59:59Z", 0],
    ["2026-11-24T00:00:00Z", 1],
    ["2026-11-25T12:00:00Z", 1],
    ["2026-11-26T00:00:00Z", -2],
  ] as const)("at %s → %s", (at, status) => {
    expect(contestStatusAt(new Date(at), start, end)).toBe(status);
  });
  const entryStart = new Date("2026-11-23T00:00:00Z");
  const entryEnd = new Date("2026-11-25T00:00:00Z");
  it.each([
    ["2026-11-22T23:59:59Z", false],
    ["2026-11-23T00:00:00Z", true],
    ["2026-11-24T23:59:59Z", true],
    ["2026-11-25T00:00:00Z", false],
  ] as const)("join at %s → %s", (at, open) => {
    expect(insideEntryWindow(new Date(at), entryStart, entryEnd, end)).toBe(open);
  });
});
