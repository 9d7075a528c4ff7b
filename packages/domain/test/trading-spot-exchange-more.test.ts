// Spot holds and fills, precision checks, and the flash-exchange spread in units received.
import { describe, expect, it } from "vitest";
import { exceedsPrecision, flashQuote, spotFill, spotHold, USDT_LEG } from "../src";

describe("spot: what a limit order holds", () => {
  it.each([
    ["buy holds notional + fee at the limit", "buy", "0.5", "100", "0.001", "quote", "50.05"],
    ["buy with no fee", "buy", "2", "3100.25", "0", "quote", "6200.5"],
    ["buy: notional truncated, fee rounded up", "buy", "0.12345678", "65000.5", "0.001", "quote", "8032.77718082"],
    ["sell holds the base quantity", "sell", "0.5", "100", "0.001", "base", "0.5"],
  ] as const)("%s", (_name, side, qty, limit, rate, asset, amount) => {
    expect(spotHold(side, qty, limit, rate)).toEqual({ asset, amount });
  });
});

describe("spot: the money of a fill", () => {
  it.each([
    [
      "buy pays notional + fee",
      "buy",
      "0.12345678",
      "65000.5",
      "0.001",
      "8024.75242839",
      "8.02475243",
      "8032.77718082",
    ],
    [
      "sell receives notional − fee",
      "sell",
      "0.12345678",
      "65000.5",
      "0.001",
      "8024.75242839",
      "8.02475243",
      "8016.72767596",
    ],
    [
      "tiny buy: fee rounded up to one unit of the 8th decimal",
      "buy",
      "0.00001",
      "0.0015",
      "0.001",
      "0.00000001",
      "0.00000001",
      "0.00000002",
    ],
    ["sell with no fee", "sell", "3", "2.5", "0", "7.5", "0", "7.5"],
  ] as const)("%s", (_name, side, qty, price, rate, notional, fee, quoteAmount) => {
    expect(spotFill(side, qty, price, rate)).toEqual({ notional, fee, quoteAmount, baseAmount: qty });
  });
});

describe("precision by symbol", () => {
  it.each([
    ["0.12", 2, false],
    ["0.123", 2, true],
    ["1.10", 1, false],
    ["5", 0, false],
    ["5.5", 0, true],
  ] as const)("%s with %i places → exceeds %s", (value, places, exceeds) => {
    expect(exceedsPrecision(value, places)).toBe(exceeds);
  });
});

describe("flash exchange: spread in units of the currency received", () => {
  it.each([
    ["USDT → BTC", "1000", USDT_LEG, { bid: "64990", ask: "65010" }, 8, "0.000015384615", "0.00000238"],
    ["BTC → USDT", "0.5", { bid: "64990", ask: "65010" }, USDT_LEG, 6, "65000", "5"],
    ["no spread", "10", { bid: "2", ask: "2" }, USDT_LEG, 8, "2", "0"],
  ] as const)("%s", (_name, amount, from, to, places, midRate, cost) => {
    const q = flashQuote(amount, from, to, places);
    expect(q.midRate).toBe(midRate);
    expect(q.spreadCostAmount).toBe(cost);
  });
});
