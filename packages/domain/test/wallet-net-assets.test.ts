// Net assets in the asset centre (issue 35 §3) as a table: real assets less loans owed, each
// debt valued at its rate rounded up; debts without a price are named, not guessed.
import { describe, expect, it } from "vitest";
import { loansOwedUsdt, netAssetsUsdt, type Owed } from "../src";

describe("loans owed in USDT", () => {
  it.each<[string, Owed[], string, string[]]>([
    ["no loans", [], "0", []],
    ["a USDT loan, 1:1", [{ currency: "USDT", amount: "500.25", usdtRate: "1" }], "500.25", []],
    [
      "two currencies add up",
      [
        { currency: "USDT", amount: "100", usdtRate: "1" },
        { currency: "ETH", amount: "0.5", usdtRate: "2000" },
      ],
      "1100",
      [],
    ],
    ["rounded up, never shown smaller", [{ currency: "BTC", amount: "0.000000001", usdtRate: "3" }], "0.00000001", []],
    ["a settled loan (0) is nothing", [{ currency: "BTC", amount: "0", usdtRate: null }], "0", []],
    [
      "a debt without a price is named",
      [
        { currency: "USDT", amount: "10", usdtRate: "1" },
        { currency: "XYZ", amount: "5", usdtRate: null },
      ],
      "10",
      ["XYZ"],
    ],
  ])("%s", (_name, owed, usdt, unpriced) => {
    expect(loansOwedUsdt(owed)).toEqual({ usdt, unpriced });
  });
});

describe("net = total − loans owed", () => {
  it.each([
    // total, owed, net
    ["1000", "0", "1000"],
    ["1000", "250.5", "749.5"],
    ["1000", "1000", "0"],
    ["100", "150", "-50"], // more owed than held: shown as it is, not clamped
    ["0.00000001", "0.00000001", "0"],
  ])("%s − %s = %s", (total, owed, net) => {
    expect(netAssetsUsdt(total, owed)).toBe(net);
  });
});
