// Quant strategies as tables: grid levels and slices, grid buys/sells through a price path,
// trend crosses of the moving averages, and the guards (range, cash, holdings, minimum).
import { describe, expect, it } from "vitest";
import {
  buyQuantity,
  decideGrid,
  decideTrend,
  type FillRules,
  type GridState,
  gridLevels,
  type Holdings,
  initGrid,
  initTrend,
  liquidationOrder,
  sma,
  strategyValue,
  type TrendState,
} from "../src";

const rules: FillRules = { feeRate: "0.001", qtyPrecision: 4 };
const q = (bid: string, ask = bid) => ({ bid, ask });

describe("grid levels and slices", () => {
  it.each([
    ["100", "0.1", 5, ["90", "95", "100", "105", "110"]],
    ["200", "0.05", 3, ["190", "200", "210"]],
    ["65000", "0.02", 2, ["63700", "66300"]],
  ] as const)("start %s ±%s in %i levels → %j", (start, range, n, expected) => {
    expect(gridLevels(start, range, n)).toEqual(expected);
  });

  it.each([
    // start, range, levels, cash → slice (cash split across the levels between the floor and the start)
    ["100", "0.1", 6, "1000", "500"], // 90 | 94 98 | 102 106 | 110
    ["100", "0.1", 5, "1000", "1000"], // 90 | 95 | 100 105 | 110
    ["100", "0.1", 4, "1000", "1000"], // 90 | 96.67 | 103.33 | 110
    ["100", "0.1", 11, "1000", "250"], // 90 | 92 94 96 98 | … | 110
    ["100", "0.1", 7, "1000", "500"], // 90 | 93.33 96.67 | 100 … | 110
    ["100", "0.1", 3, "1000", "0"], // 90 | 100 | 110: no level to buy at
  ] as const)("start %s ±%s, %i levels, cash %s → slice %s", (start, range, n, cash, slice) => {
    const g = initGrid(start, { rangePct: range, levels: n }, cash);
    expect(g.slice).toBe(slice);
    expect(g.held.every((h) => h === "0")).toBe(true);
  });

  it("refuses a range of 0 or 1 and fewer than 2 levels", () => {
    expect(() => gridLevels("100", "0", 5)).toThrow(RangeError);
    expect(() => gridLevels("100", "1", 5)).toThrow(RangeError);
    expect(() => gridLevels("100", "0.1", 1)).toThrow(RangeError);
  });
});

describe("buy quantity fits the budget with the fee", () => {
  it.each([
    ["500", "94", "5.3138"], // 5.3138 × 94 = 499.4972 + fee 0.4994972 = 499.9966972
    ["100", "100", "0.999"], // 0.999 × 100 = 99.9 + 0.0999 = 99.9999
    ["0.001", "65000", "0"],
    ["0", "100", "0"],
  ] as const)("budget %s at ask %s → %s", (budget, ask, qty) => {
    expect(buyQuantity(budget, ask, rules)).toBe(qty);
  });
});

describe("grid through a price path (start 100, ±10 %, 6 levels: floor 90, buy 94 98, 102 106, ceiling 110; cash 1000)", () => {
  const grid = () => initGrid("100", { rangePct: "0.1", levels: 6 }, "1000");
  // Each step: the quote, then the orders [side, level, quantity] and the holdings after.
  const steps: Array<[string, { bid: string; ask: string }, Array<[string, number, string]>, Holdings]> = [
    ["ask above every buy level: nothing", q("99"), [], { cash: "1000", qty: "0" }],
    ["ask falls through 98: one slice", q("97.5"), [["buy", 2, "5.123"]], { cash: "500.0080075", qty: "5.123" }],
    ["level 98 is held, 94 not reached: nothing", q("96"), [], { cash: "500.0080075", qty: "5.123" }],
    ["below the floor (ask 89): nothing", q("89"), [], { cash: "500.0080075", qty: "5.123" }],
    [
      "ask at 94: the second slice, at most the cash left",
      q("94"),
      [["buy", 1, "5.3138"]],
      { cash: "0.0113103", qty: "10.4368" },
    ],
    ["bid reaches 98: the 94 slice sells", q("98"), [["sell", 1, "5.3138"]], { cash: "520.2429579", qty: "5.123" }],
    ["bid reaches 102: the 98 slice sells", q("102"), [["sell", 2, "5.123"]], { cash: "1042.2664119", qty: "0" }],
    ["above the ceiling: nothing", q("111"), [], { cash: "1042.2664119", qty: "0" }],
  ];

  it("each step buys/sells as the rules say, with spot fees", () => {
    let state: GridState = grid();
    let h: Holdings = { cash: "1000", qty: "0" };
    for (const [label, quote, orders, after] of steps) {
      const d = decideGrid(state, h, quote, rules);
      expect(
        d.orders.map((o) => [o.side, o.level, o.quantity]),
        label,
      ).toEqual(orders);
      expect(d.holdings, label).toEqual(after);
      state = d.state;
      h = d.holdings;
    }
    // 42.27 USDT more than put in: two round trips of the grid, fees paid on each fill.
    expect(strategyValue(h, "100")).toBe("1042.2664119");
  });

  it("a gap down through two levels buys both slices at once, highest first; the floor never buys", () => {
    const d = decideGrid(grid(), { cash: "1000", qty: "0" }, q("89.9", "90"), rules);
    expect(d.orders.map((o) => [o.side, o.level, o.price])).toEqual([
      ["buy", 2, "90"],
      ["buy", 1, "90"],
    ]);
    expect(num(d.holdings.cash)).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ["cash below a slice: spends only the cash", { cash: "300", qty: "0" }, q("97.5"), "buy", "3.0738"],
    ["no cash: no buy", { cash: "0", qty: "0" }, q("97.5"), null, null],
  ] as const)("%s", (_label, holdings, quote, side, qty) => {
    const d = decideGrid(grid(), holdings, quote, rules);
    expect(d.orders[0]?.side ?? null).toBe(side);
    expect(d.orders[0]?.quantity ?? null).toBe(qty);
    expect(num(d.holdings.cash)).toBeGreaterThanOrEqual(0);
  });

  it("never sells more than is held, and a tick that sold does not also buy", () => {
    const g: GridState = { ...grid(), held: ["0", "5", "0", "0", "0", "0"] };
    const d = decideGrid(g, { cash: "0", qty: "2" }, q("98"), rules);
    expect(d.orders.map((o) => [o.side, o.quantity])).toEqual([["sell", "2"]]);
    expect(d.holdings.qty).toBe("0");
  });

  it("a buy below the minimum value is skipped and the level stays free", () => {
    const g = initGrid("100", { rangePct: "0.1", levels: 6 }, "8");
    const d = decideGrid(g, { cash: "8", qty: "0" }, q("97.5"), { ...rules, minNotional: "5" });
    expect(d.orders).toEqual([]);
    expect(d.state.held).toEqual(["0", "0", "0", "0", "0", "0"]);
  });
});

describe("trend: fast/slow simple moving averages on closes (fast 2, slow 3)", () => {
  it.each([
    [["1", "2"], 2, "1.5"],
    [["1", "2", "3", "4"], 3, "3"],
    [["1"], 2, null],
  ] as const)("sma(%j, %i) = %s", (closes, n, expected) => {
    expect(sma(closes, n)?.toFixed() ?? null).toBe(expected);
  });

  // Each step: closes, the quote, orders [side, quantity], relation after, holdings after.
  const steps: Array<[string, string[], string, Array<[string, string]>, TrendState["relation"], Holdings]> = [
    ["too few candles: no signal", ["10", "11"], "10", [], null, { cash: "1000", qty: "0" }],
    ["equal averages: no relation yet", ["10", "10", "10"], "10", [], null, { cash: "1000", qty: "0" }],
    ["first relation (below) is only remembered", ["12", "11", "10"], "10", [], "below", { cash: "1000", qty: "0" }],
    ["equal again: keeps below", ["11", "10", "12"], "12", [], "below", { cash: "1000", qty: "0" }],
    [
      "cross up: buys with all the cash",
      ["10", "12", "13"],
      "13",
      [["buy", "76.8462"]],
      "above",
      { cash: "0.0003994", qty: "76.8462" },
    ],
    ["still above: nothing", ["12", "13", "14"], "14", [], "above", { cash: "0.0003994", qty: "76.8462" }],
    [
      "cross down: sells everything",
      ["14", "13", "11"],
      "11",
      [["sell", "76.8462"]],
      "below",
      { cash: "844.4632912", qty: "0" },
    ],
    ["still below: nothing", ["13", "11", "10"], "10", [], "below", { cash: "844.4632912", qty: "0" }],
  ];

  it("acts only on a cross, with the fees of spot", () => {
    let state = initTrend({ interval: "1m", fast: 2, slow: 3 });
    let h: Holdings = { cash: "1000", qty: "0" };
    steps.forEach(([label, closes, price, orders, relation, after], i) => {
      const d = decideTrend(state, closes, h, q(price), rules, i * 60_000);
      expect(
        d.orders.map((o) => [o.side, o.quantity]),
        label,
      ).toEqual(orders);
      expect(d.state.relation, label).toBe(relation);
      expect(d.state.lastCandleTime, label).toBe(i * 60_000);
      expect(d.holdings, label).toEqual(after);
      state = d.state;
      h = d.holdings;
    });
    // Bought at 13, sold at 11: the loss shows as it is.
    expect(strategyValue(h, "11")).toBe("844.4632912");
  });

  it("refuses a fast average that is not shorter than the slow one", () => {
    expect(() => initTrend({ interval: "1m", fast: 3, slow: 3 })).toThrow(RangeError);
  });
});

describe("liquidation (stop, term end) sells everything at the bid", () => {
  it.each([
    [{ cash: "10", qty: "2" }, "100", "199.8"],
    [{ cash: "10", qty: "0" }, "100", null],
  ] as const)("%j at bid %s → proceeds %s", (h, bid, proceeds) => {
    expect(liquidationOrder(h, bid, rules, "stop")?.quoteAmount ?? null).toBe(proceeds);
  });
});

function num(v: string): number {
  return Number(v);
}
