import { describe, expect, it } from "vitest";
import {
  flashQuote,
  limitCrosses,
  limitFillPrice,
  marketFillPrice,
  optionPayout,
  optionResult,
  optionStakeProblem,
  spotFee,
  spotNotional,
  USDT_LEG,
} from "../src";

describe("options: result and payout (payoutRate is the profit share)", () => {
  it.each([
    ["up", "100", "100.01", "win", "100", "0.85", "185"],
    ["up", "100", "99.99", "lose", "100", "0.85", "0"],
    ["down", "100", "99.99", "win", "50", "0.8", "90"],
    ["down", "100", "100.5", "lose", "50", "0.8", "0"],
    ["up", "100", "100", "draw", "100", "0.85", "100"],
    ["down", "65000.12", "65000.12", "draw", "33.3", "0.9", "33.3"],
  ] as const)(
    "%s from %s to %s → %s; stake %s at %s returns %s",
    (direction, open, close, result, stake, rate, payout) => {
      expect(optionResult(direction, open, close)).toBe(result);
      expect(optionPayout(stake, rate, result)).toBe(payout);
    },
  );
  it.each([
    ["5", "10", "1000", "belowMin"],
    ["10", "10", "1000", null],
    ["1000", "10", "1000", null],
    ["1000.01", "10", "1000", "aboveMax"],
  ] as const)("stake %s within %s–%s → %s", (amount, min, max, problem) => {
    expect(optionStakeProblem(amount, min, max)).toBe(problem);
  });
});

describe("spot fills", () => {
  it.each([
    ["buy", "market", "99.9", "100.1", null, true, "100.1"],
    ["sell", "market", "99.9", "100.1", null, true, "99.9"],
    ["buy", "limit below the ask: waits", "99.9", "100.1", "100", false, null],
    ["buy", "limit at the ask: fills at the limit", "99.9", "100", "100", true, "100"],
    ["buy", "ask falls below the limit: fills at the better ask", "98", "98.2", "100", true, "98.2"],
    ["sell", "limit above the bid: waits", "99.9", "100.1", "100", false, null],
    ["sell", "bid rises above the limit: fills at the better bid", "101", "101.2", "100", true, "101"],
  ] as const)("%s %s", (side, _name, bid, ask, limit, fills, price) => {
    if (limit === null) {
      expect(marketFillPrice(side, bid, ask)).toBe(price);
      return;
    }
    expect(limitCrosses(side, limit, bid, ask)).toBe(fills);
    if (fills) expect(limitFillPrice(side, limit, bid, ask)).toBe(price);
  });
  it("computes notional and fee exactly", () => {
    expect(spotNotional("0.12345678", "65000.5")).toBe("8024.75242839");
    expect(spotFee("8024.75242839", "0.001")).toBe("8.02475243");
    expect(spotFee("0.000000015", "0.001")).toBe("0.00000001");
  });
});

describe("flash exchange through USDT, spread paid on each leg", () => {
  it.each([
    ["USDT → BTC", "1000", USDT_LEG, { bid: "64990", ask: "65010" }, 8, "0.000015382248", "0.01538224"],
    ["BTC → USDT", "0.5", { bid: "64990", ask: "65010" }, USDT_LEG, 6, "64990", "32495"],
    ["ETH → BTC", "2", { bid: "2600", ask: "2601" }, { bid: "64990", ask: "65010" }, 8, "0.0399938471", "0.07998769"],
  ] as const)("%s", (_name, amount, from, to, places, rate, received) => {
    const q = flashQuote(amount, from, to, places);
    expect(q.rate).toBe(rate);
    expect(q.received).toBe(received);
    expect(Number(q.spreadCost)).toBeGreaterThanOrEqual(0);
  });
});
