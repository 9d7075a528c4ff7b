// The settlement engine's fast pre-check: a position's trigger band must agree with
// evaluatePosition on every tick (one scenario per row, then a grid of prices).
import { describe, expect, it } from "vitest";
import { Decimal, dec, evaluatePosition, type OpenPositionView, triggerBand } from "../src";

const view = (over: Partial<OpenPositionView>): OpenPositionView => ({
  direction: "long",
  openPrice: "100",
  quantity: "10",
  margin: "100",
  takeProfit: null,
  stopLoss: null,
  closeOutPrice: "95",
  ...over,
});

describe("trigger band levels", () => {
  it.each([
    ["long, no TP/SL", view({}), null, "95"],
    ["long, TP 110", view({ takeProfit: "110" }), "110", "95"],
    ["long, SL 97 above close-out", view({ stopLoss: "97" }), null, "97"],
    ["long, TP 110 + SL 96", view({ takeProfit: "110", stopLoss: "96" }), "110", "96"],
    ["short, no TP/SL", view({ direction: "short", closeOutPrice: "105" }), "105", null],
    ["short, TP 90", view({ direction: "short", closeOutPrice: "105", takeProfit: "90" }), "105", "90"],
    ["short, SL 103 below close-out", view({ direction: "short", closeOutPrice: "105", stopLoss: "103" }), "103", null],
  ] as const)("%s → upper %s, lower %s", (_name, pos, upper, lower) => {
    const band = triggerBand(pos);
    expect(band.upper?.toFixed() ?? null).toBe(upper);
    expect(band.lower?.toFixed() ?? null).toBe(lower);
  });
});

describe("the band agrees with evaluatePosition", () => {
  const positions: OpenPositionView[] = [
    view({}),
    view({ takeProfit: "104", stopLoss: "97" }),
    view({ takeProfit: "100.05" }),
    view({ stopLoss: "99.95" }),
    view({ direction: "short", closeOutPrice: "105" }),
    view({ direction: "short", closeOutPrice: "105", takeProfit: "96", stopLoss: "103" }),
    view({ direction: "short", closeOutPrice: "105", takeProfit: "99.95" }),
    view({ direction: "short", closeOutPrice: "105", stopLoss: "100.05" }),
  ];
  it.each(positions.map((p, i) => [i, p] as const))("position %i on every price from 90 to 110 by 0.01", (_i, pos) => {
    const band = triggerBand(pos);
    const long = pos.direction === "long";
    for (let cents = 9000; cents <= 11000; cents++) {
      const mid = new Decimal(cents).div(100);
      const bid = mid.minus("0.01");
      const ask = mid.plus("0.01");
      const exit = long ? bid : ask;
      const inBand = Boolean((band.upper && exit.gte(band.upper)) || (band.lower && exit.lte(band.lower)));
      expect(inBand, `exit ${exit.toFixed()}`).toBe(evaluatePosition(pos, bid, ask) !== null);
    }
  });

  it("uses the same levels as strings or decimals", () => {
    const a = triggerBand(view({ takeProfit: "110", stopLoss: "96" }));
    const b = triggerBand(view({ takeProfit: dec("110"), stopLoss: dec("96") }));
    expect([a.upper?.toFixed(), a.lower?.toFixed()]).toEqual([b.upper?.toFixed(), b.lower?.toFixed()]);
  });
});
