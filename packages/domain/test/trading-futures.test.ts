// Futures rules, one scenario per row. Prices are kept round (100 ± moves) so every
// expected figure can be checked by hand: margin 100 USDT × 10 = 1,000 notional = 10 units.
import { describe, expect, it } from "vitest";
import {
  closeOutPrice,
  entryPrice,
  evaluatePosition,
  exitPrice,
  leverageProblem,
  marginLevel,
  positionNetResult,
  positionPnl,
  positionQuantity,
  positionYield,
  previewOpen,
  settlePosition,
  tpSlProblem,
} from "../src";

describe("the spread is always paid", () => {
  it.each([
    ["long", "entry", "100.02"],
    ["short", "entry", "99.98"],
    ["long", "exit", "99.98"],
    ["short", "exit", "100.02"],
  ] as const)("%s %s price with bid 99.98 / ask 100.02 is %s", (direction, side, expected) => {
    const f = side === "entry" ? entryPrice : exitPrice;
    expect(f(direction, "99.98", "100.02")).toBe(expected);
  });
});

describe("leverage caps (docs/product.md §1.6)", () => {
  it.each([
    ["2", 2, null],
    ["3", 2, "aboveCap"],
    ["20", 20, null],
    ["30", 30, null],
    ["31", 30, "aboveCap"],
    ["1.5", 20, "notInteger"],
    ["0", 20, "belowOne"],
  ] as const)("leverage %s with cap %i → %s", (leverage, cap, problem) => {
    expect(leverageProblem(leverage, cap)).toBe(problem);
  });
});

describe("quantity = margin × leverage / open price, truncated to the symbol's precision", () => {
  it.each([
    ["100", "10", "100", 4, "10"],
    ["100", "2", "65010", 5, "0.00307"],
    ["250", "20", "2650.55", 2, "1.88"],
    ["1000", "30", "1.08456", 0, "27660"],
  ] as const)("margin %s × %s at %s (%i dp) → %s", (margin, leverage, price, places, qty) => {
    expect(positionQuantity(margin, leverage, price, places)).toBe(qty);
  });
});

describe("close-out price: equity at 50 % of the margin", () => {
  it.each([
    ["long", "100", "100", "10", 2, "95"],
    ["short", "100", "100", "10", 2, "105"],
    ["long", "65010", "100", "0.00307", 2, "48723.36"],
    ["short", "65010", "100", "0.00307", 2, "81296.64"],
    ["long", "1.08456", "1000", "27661", 5, "1.06649"],
  ] as const)("%s from %s, margin %s, qty %s → %s", (direction, open, margin, qty, places, expected) => {
    expect(closeOutPrice(direction, open, margin, qty, places)).toBe(expected);
  });
});

describe("P&L, yield and margin level", () => {
  it.each([
    ["long", "110", "100", "1", "2"],
    ["long", "97", "-30", "-0.3", "0.7"],
    ["short", "90", "100", "1", "2"],
    ["short", "103", "-30", "-0.3", "0.7"],
    ["long", "95", "-50", "-0.5", "0.5"],
  ] as const)("%s 10 units from 100 at %s: pnl %s, yield %s, level %s", (direction, price, pnl, yld, level) => {
    const p = positionPnl(direction, "10", "100", price);
    expect(p).toBe(pnl);
    expect(positionYield(p, "100")).toBe(yld);
    expect(marginLevel("100", p)).toBe(level);
  });
});

describe("settlement (closing fee 0.05 % of the closing notional)", () => {
  it.each([
    ["long wins", "long", "110", "99.45", "0.55", "199.45", "0.9945"],
    ["long loses", "long", "97", "-30.485", "0.485", "69.515", "-0.30485"],
    ["short wins", "short", "90", "99.55", "0.45", "199.55", "0.9955"],
    ["short loses", "short", "103", "-30.515", "0.515", "69.485", "-0.30515"],
    ["long closed out at the close-out price", "long", "95", "-50.475", "0.475", "49.525", "-0.50475"],
    ["long gaps far below close-out: loss capped at the margin", "long", "80", "-100", "0", "0", "-1"],
    ["short gaps far above close-out: loss capped at the margin", "short", "125", "-100", "0", "0", "-1"],
    ["fee only partly covered by what is left", "long", "90.01", "-100", "0.1", "0", "-1"],
  ] as const)("%s", (_name, direction, close, pnl, fee, returned, yld) => {
    const s = settlePosition({ direction, openPrice: "100", quantity: "10", margin: "100" }, close);
    expect(s).toEqual({ closePrice: close, pnl, closingFee: fee, returned, yield: yld });
  });

  it("never returns less than zero or more than margin + gain", () => {
    for (let close = 1; close <= 200; close += 7) {
      for (const direction of ["long", "short"] as const) {
        const s = settlePosition({ direction, openPrice: "100", quantity: "10", margin: "100" }, String(close));
        expect(Number(s.returned)).toBeGreaterThanOrEqual(0);
        expect(Number(s.pnl)).toBeGreaterThanOrEqual(-100);
      }
    }
  });
});

describe("take-profit and stop-loss validation", () => {
  it.each([
    ["long TP above the exit price", "long", "110", null, null],
    ["long TP at the exit price", "long", "100", null, "takeProfitWrongSide"],
    ["long SL below the exit price", "long", null, "97", null],
    ["long SL above the exit price", "long", null, "101", "stopLossWrongSide"],
    ["long SL below the close-out price", "long", null, "94", "stopLossBeyondCloseOut"],
    ["short TP below the exit price", "short", "90", null, null],
    ["short TP above the exit price", "short", "101", null, "takeProfitWrongSide"],
    ["short SL above the exit price", "short", null, "103", null],
    ["short SL beyond close-out", "short", null, "106", "stopLossBeyondCloseOut"],
    ["negative TP", "long", "-1", null, "notPositive"],
  ] as const)("%s", (_name, direction, takeProfit, stopLoss, problem) => {
    const out = direction === "long" ? "95" : "105";
    expect(tpSlProblem({ direction, exitPrice: "100", closeOutPrice: out, takeProfit, stopLoss })).toBe(problem);
  });
});

describe("what a tick does to an open position", () => {
  const long = { direction: "long" as const, openPrice: "100", quantity: "10", margin: "100", closeOutPrice: "95" };
  const short = { direction: "short" as const, openPrice: "100", quantity: "10", margin: "100", closeOutPrice: "105" };
  it.each([
    [
      "long, TP reached on the bid",
      { ...long, takeProfit: "110" },
      "110.5",
      "110.6",
      { reason: "takeProfit", price: "110.5" },
    ],
    ["long, the ask reaches TP but the bid does not", { ...long, takeProfit: "110" }, "109.99", "110.01", null],
    ["long, SL reached", { ...long, stopLoss: "97" }, "96.9", "97.1", { reason: "stopLoss", price: "96.9" }],
    ["long, no SL, close-out reached", long, "95", "95.1", { reason: "closeOut", price: "95" }],
    [
      "long, a gap through SL and close-out: the customer's SL",
      { ...long, stopLoss: "96" },
      "94",
      "94.1",
      { reason: "stopLoss", price: "94" },
    ],
    ["long, nothing reached", { ...long, takeProfit: "110", stopLoss: "97" }, "99", "99.1", null],
    [
      "short, TP reached on the ask",
      { ...short, takeProfit: "90" },
      "89.8",
      "89.9",
      { reason: "takeProfit", price: "89.9" },
    ],
    ["short, SL reached", { ...short, stopLoss: "103" }, "102.9", "103", { reason: "stopLoss", price: "103" }],
    ["short, close-out reached", short, "104.9", "105", { reason: "closeOut", price: "105" }],
  ] as const)("%s", (_name, pos, bid, ask, expected) => {
    expect(evaluatePosition(pos, bid, ask)).toEqual(expected);
  });
});

describe("opening preview", () => {
  it("shows price, quantity, fee, total cost and the close-out price before opening", () => {
    expect(
      previewOpen({
        direction: "long",
        margin: "100",
        leverage: "10",
        bid: "99.98",
        ask: "100.02",
        pricePrecision: 2,
        qtyPrecision: 4,
      }),
    ).toEqual({
      openPrice: "100.02",
      quantity: "9.998",
      notional: "1000",
      openingFee: "0.5",
      totalCost: "100.5",
      closeOutPrice: "95.02",
    });
  });
});

describe("net result: the P&L after the closing fee, minus the opening fee", () => {
  it.each([
    ["a take-profit whose move did not cover the fees is a loss", "0.003", "0.099", "-0.096"],
    ["a win keeps what the fees leave", "99.45", "0.5", "98.95"],
    ["a loss grows by the opening fee", "-30.485", "0.5", "-30.985"],
    ["closed out: the whole margin and the opening fee", "-100", "0.5", "-100.5"],
    ["break-even before fees is the opening fee lost", "0", "0.05", "-0.05"],
  ] as const)("%s (pnl %s, opening fee %s → %s)", (_name, pnl, fee, net) => {
    expect(positionNetResult(pnl, fee)).toBe(net);
  });
});
