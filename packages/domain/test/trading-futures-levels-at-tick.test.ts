// A take-profit or stop-loss applies only to ticks at or after the time it was set; the
// close-out level applies from the open tick. One row per scenario.
import { describe, expect, it } from "vitest";
import { evaluatePosition, type LevelTimes, levelsAtTick, type OpenPositionView } from "../src";

const long: OpenPositionView = {
  direction: "long",
  openPrice: "100",
  quantity: "10",
  margin: "100",
  takeProfit: "110",
  stopLoss: "97",
  closeOutPrice: "95",
};
const short: OpenPositionView = {
  ...long,
  direction: "short",
  takeProfit: "90",
  stopLoss: "103",
  closeOutPrice: "105",
};

describe("levelsAtTick", () => {
  it.each([
    ["levels set at open (no times)", long, {}, 1000, "110", "97"],
    ["SL set at 2000, tick 1999", long, { stopLossSetTs: 2000 }, 1999, "110", null],
    ["SL set at 2000, tick 2000", long, { stopLossSetTs: 2000 }, 2000, "110", "97"],
    ["TP set at 2000, tick 1500", long, { takeProfitSetTs: 2000 }, 1500, null, "97"],
    ["both set later than the tick", long, { takeProfitSetTs: 3000, stopLossSetTs: 2000 }, 1000, null, null],
    ["both set before the tick", long, { takeProfitSetTs: 3000, stopLossSetTs: 2000 }, 3000, "110", "97"],
    ["null times apply from open", long, { takeProfitSetTs: null, stopLossSetTs: null }, 0, "110", "97"],
  ] as const)("%s → TP %s, SL %s", (_name, pos, times: LevelTimes, tickTs, tp, sl) => {
    const seen = levelsAtTick(pos, times, tickTs);
    expect(seen.takeProfit ?? null).toBe(tp);
    expect(seen.stopLoss ?? null).toBe(sl);
    expect(seen.closeOutPrice).toBe(pos.closeOutPrice);
  });

  it.each([
    // [scenario, position, times, tick ts, bid = ask, expected reason]
    ["long: a dip below a later SL does not stop it out", long, { stopLossSetTs: 2000 }, 1000, "96", null],
    ["long: the same dip after the SL was set does", long, { stopLossSetTs: 2000 }, 2500, "96", "stopLoss"],
    ["long: close-out applies before the SL was set", long, { stopLossSetTs: 2000 }, 1000, "94", "closeOut"],
    ["long: a rise above a later TP does not take profit", long, { takeProfitSetTs: 2000 }, 1000, "111", null],
    ["short: a rise above a later SL does not stop it out", short, { stopLossSetTs: 2000 }, 1000, "104", null],
    ["short: close-out applies before the SL was set", short, { stopLossSetTs: 2000 }, 1000, "106", "closeOut"],
    [
      "short: a fall below the TP after it was set takes profit",
      short,
      { takeProfitSetTs: 2000 },
      2000,
      "89",
      "takeProfit",
    ],
  ] as const)("%s", (_name, pos, times: LevelTimes, tickTs, price, reason) => {
    expect(evaluatePosition(levelsAtTick(pos, times, tickTs), price, price)?.reason ?? null).toBe(reason);
  });

  it("returns the same view when nothing is left out (no copy on the hot path)", () => {
    expect(levelsAtTick(long, { stopLossSetTs: 5 }, 10)).toBe(long);
  });
});
