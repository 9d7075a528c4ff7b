// Short-term options: the result at expiry, the payout (payoutRate is the profit share) and stake limits.
import { describe, expect, it } from "vitest";
import { optionPayout, optionResult, optionStakeProblem } from "../src";

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
