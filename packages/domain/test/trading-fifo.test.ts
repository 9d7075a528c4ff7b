import { describe, expect, it } from "vitest";
import { fifoRealised, type SpotFill } from "../src";

const buy = (id: number, quantity: string, price: string, fee = "0", asset = "BTC"): SpotFill => ({
  id,
  asset,
  side: "buy",
  quantity,
  price,
  fee,
});
const sell = (id: number, quantity: string, price: string, fee = "0", asset = "BTC"): SpotFill => ({
  ...buy(id, quantity, price, fee, asset),
  side: "sell",
});

describe("FIFO realised P&L of spot sells", () => {
  // The table: fills in order → each sell's realised result.
  const table: { name: string; fills: SpotFill[]; realised: string[]; uncovered?: string[] }[] = [
    { name: "one buy, one full sell", fills: [buy(1, "1", "100"), sell(2, "1", "120")], realised: ["20"] },
    {
      name: "a partial lot: the rest of the lot stays for the next sell",
      fills: [buy(1, "2", "100"), sell(2, "0.5", "110"), sell(3, "1.5", "90")],
      realised: ["5", "-15"],
    },
    {
      name: "multiple buys: the oldest lot goes first",
      fills: [buy(1, "1", "100"), buy(2, "1", "200"), sell(3, "1.5", "300")],
      realised: ["250"], // 450 − (100 + 0.5 × 200)
    },
    {
      name: "fees: a buy's fee is cost, a sell's fee comes off the proceeds",
      fills: [buy(1, "1", "100", "1"), sell(2, "1", "110", "1.1")],
      realised: ["7.9"],
    },
    {
      name: "a sell beyond the held lots is marked uncovered and only the covered part realised",
      fills: [buy(1, "1", "100"), sell(2, "3", "150", "3")],
      realised: ["49"], // covered 1 of 3: proceeds (450 − 3) / 3 = 149, cost 100
      uncovered: ["2"],
    },
    {
      name: "assets are separate",
      fills: [buy(1, "1", "100", "0", "BTC"), buy(2, "1", "10", "0", "ETH"), sell(3, "1", "20", "0", "ETH")],
      realised: ["10"],
    },
  ];
  for (const row of table) {
    it(row.name, () => {
      const sells = fifoRealised(row.fills);
      expect(sells.map((s) => s.realised)).toEqual(row.realised);
      expect(sells.map((s) => s.uncovered)).toEqual(row.uncovered ?? row.realised.map(() => "0"));
    });
  }

  it("refuses a fill without a positive quantity", () => {
    expect(() => fifoRealised([buy(1, "0", "100")])).toThrow(RangeError);
  });
});
