// Contest arithmetic as tables of scenarios: equity, yield rate, profits, the float P&L of
// the ranking hot path (against settlePosition), ranking order with ties, the prize split,
// contest status and the entry window.
import { describe, expect, it } from "vitest";
import {
  contestEquity,
  contestProfits,
  contestStatusAt,
  contestYieldRate,
  finalRanking,
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

describe("final ranking: idle entrants win no prizes (issue 'Money that cannot be gamed', item 2)", () => {
  const amounts = ["500", "300", "200"];
  const e = (id: number, yieldRate: string, closedTrades: number) => ({ id, yieldRate, closedTrades });
  it.each([
    {
      name: "three idle entrants and five losing traders: nobody is paid, the traders rank first",
      entries: [
        e(1, "0", 0),
        e(2, "0", 0),
        e(3, "0", 0),
        e(4, "-0.01", 1),
        e(5, "-0.2", 3),
        e(6, "-0.001", 1),
        e(7, "-0.5", 2),
        e(8, "-0.05", 1),
      ],
      rules: { minClosedTrades: 1, needsProfit: true },
      ranks: [6, 4, 8, 5, 7, 1, 2, 3],
      prizes: [null, null, null, null, null, null, null, null],
    },
    {
      name: "idle entrants are never paid even when losing traders may be (needsProfit off)",
      entries: [e(1, "0", 0), e(2, "-0.1", 1), e(3, "-0.3", 2)],
      rules: { minClosedTrades: 1, needsProfit: false },
      ranks: [2, 3, 1],
      prizes: ["500", "300", null],
    },
    {
      name: "a winner with a profit is paid; a qualified loser's prize stays with the platform",
      entries: [e(1, "0.2", 1), e(2, "-0.1", 4), e(3, "0.05", 2), e(4, "0.3", 0)],
      rules: { minClosedTrades: 1, needsProfit: true },
      ranks: [1, 3, 2, 4],
      prizes: ["500", "300", null, null],
    },
    {
      name: "a minimum of 3 closed trades: two trades are not enough",
      entries: [e(1, "0.4", 2), e(2, "0.1", 3), e(3, "0.2", 5)],
      rules: { minClosedTrades: 3, needsProfit: true },
      ranks: [3, 2, 1],
      prizes: ["500", "300", null],
    },
    {
      name: "equal yields: the earlier entry first",
      entries: [e(9, "0.1", 1), e(4, "0.1", 1)],
      rules: { minClosedTrades: 1, needsProfit: true },
      ranks: [4, 9],
      prizes: ["500", "300"],
    },
  ])("$name", ({ entries, rules, ranks, prizes }) => {
    const result = finalRanking(entries, rules, amounts);
    expect(result.map((r) => r.entry.id)).toEqual(ranks);
    expect(result.map((r) => r.rank)).toEqual(ranks.map((_, i) => i + 1));
    expect(result.map((r) => r.prize)).toEqual(prizes);
  });
});
