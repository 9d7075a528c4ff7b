// The expected result at the take-profit and stop-loss prices, shown before opening
// (issue 35 §11). Margin 100 × 10 at 100 = 10 units; fees 0.05 % each way, so the opening
// fee is 0.5 and the closing fee is 10 × level × 0.0005. Every figure checks by hand.
import { describe, expect, it } from "vitest";
import { expectedAtLevels, settlePosition } from "../src";

const position = { openPrice: "100", quantity: "10", margin: "100", openingFee: "0.5" };

describe("expected P&L at the TP and SL prices: closing fee in the P&L, both fees in the net result", () => {
  it.each([
    // name, direction, level kind, price, pnl, closing fee, net, yield
    ["long take-profit at 110", "long", "takeProfit", "110", "99.45", "0.55", "98.95", "0.9945"],
    ["long stop-loss at 97", "long", "stopLoss", "97", "-30.485", "0.485", "-30.985", "-0.30485"],
    ["long stop-loss at the close-out price 95", "long", "stopLoss", "95", "-50.475", "0.475", "-50.975", "-0.50475"],
    ["short take-profit at 90", "short", "takeProfit", "90", "99.55", "0.45", "99.05", "0.9955"],
    ["short stop-loss at 104", "short", "stopLoss", "104", "-40.52", "0.52", "-41.02", "-0.4052"],
    [
      "a take-profit too close to cover the fees is a loss",
      "long",
      "takeProfit",
      "100.01",
      "-0.40005",
      "0.50005",
      "-0.90005",
      "-0.00400",
    ],
  ] as const)("%s", (_name, direction, kind, price, pnl, closingFee, net, yieldShare) => {
    const out = expectedAtLevels({ ...position, direction, [kind]: price });
    expect(out[kind]).toEqual({ price, pnl, closingFee, net, yield: String(Number(yieldShare)) });
    expect(out[kind === "takeProfit" ? "stopLoss" : "takeProfit"]).toBeNull();
  });

  it("a loss never exceeds the margin: a stop-loss far beyond close-out still shows −margin, net −margin − opening fee", () => {
    const out = expectedAtLevels({ ...position, direction: "long", stopLoss: "50" });
    expect(out.stopLoss).toMatchObject({ pnl: "-100", closingFee: "0", net: "-100.5", yield: "-1" });
  });

  it("uses the fee rates it is given, and agrees with the settlement at the same price", () => {
    const rates = { open: "0.001", close: "0.001" };
    const out = expectedAtLevels({ ...position, openingFee: "1", direction: "long", takeProfit: "110", rates });
    expect(out.takeProfit).toMatchObject({ pnl: "98.9", closingFee: "1.1", net: "97.9" });
    expect(out.takeProfit?.pnl).toBe(settlePosition({ ...position, direction: "long" }, "110", rates).pnl);
  });

  it("nothing set: nothing expected", () => {
    expect(expectedAtLevels({ ...position, direction: "short" })).toEqual({ takeProfit: null, stopLoss: null });
  });
});
