// How symbols are written for people (issue 35 §13): a table of symbols and their pair labels.
import { describe, expect, it } from "vitest";
import { pairLabel } from "../src";

describe("pairLabel", () => {
  it.each([
    ["BTCUSDT", "BTC/USDT"],
    ["ETHUSDT", "ETH/USDT"],
    ["XAUUSD", "XAU/USD"],
    ["EURUSD", "EUR/USD"],
    ["SOLUSDC", "SOL/USDC"],
    ["USDT", "USDT"], // a currency alone stays as it is
    ["NOVA", "NOVA"], // an IEO token
    ["", ""],
  ])("%s → %s", (symbol, label) => {
    expect(pairLabel(symbol)).toBe(label);
  });
});
