// The contract's checks on amounts compare exact decimals (packages/domain), never floats:
// figures that a float rounds across a bound are judged by their real value.
import { describe, expect, it } from "vitest";
import {
  AdjustBalanceBody,
  ContestPrizeSplit,
  compareAmounts,
  LoanSetInput,
  MiningSettingsBody,
  OperatorOptionSetBody,
  PositiveDecimalInput,
} from "../src";

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe("exact amount validations", () => {
  it("compares exactly, and a non-decimal compares false", () => {
    expect(compareAmounts("0.30000000000000000001", "0.3")).toBe(1);
    expect(compareAmounts("1", "1.000")).toBe(0);
    expect(compareAmounts("abc", "1") > 0 || compareAmounts("abc", "1") <= 0).toBe(false);
  });

  it("a positive amount is above 0 however small", () => {
    expect(ok(PositiveDecimalInput, "0.000000000000000001")).toBe(true);
    expect(ok(PositiveDecimalInput, "0")).toBe(false);
    expect(ok(PositiveDecimalInput, "-0.1")).toBe(false);
  });

  it("a prize split adds up exactly (at most 1)", () => {
    expect(ok(ContestPrizeSplit, ["0.1", "0.2", "0.7"])).toBe(true);
    expect(ok(ContestPrizeSplit, Array(10).fill("0.1"))).toBe(true);
    // 1.0000000000000001 in total: a float sum (with its tolerance) let it through.
    expect(ok(ContestPrizeSplit, ["0.7", "0.3000000000000001"])).toBe(false);
    expect(ok(ContestPrizeSplit, ["0.5", "0.5000001"])).toBe(false);
  });

  it("loan rates and LTVs are judged by their real value", () => {
    const base = {
      type: "pledge",
      name: { "en-us": "Pledge" },
      currency: "USDT",
      minAmount: "100",
      maxAmount: "1000",
      days: [7],
      dailyRate: "0.001",
      overdueRate: "0.002",
      collateralCurrencies: ["BTC"],
      initialLtv: "0.5",
      marginCallLtv: "0.7",
      liquidationLtv: "0.8",
    };
    expect(ok(LoanSetInput, base)).toBe(true);
    // Below 0.1 and below 1 by a hair: a float read both as the bound itself.
    expect(ok(LoanSetInput, { ...base, dailyRate: "0.099999999999999999" })).toBe(true);
    expect(ok(LoanSetInput, { ...base, liquidationLtv: "0.99999999999999999999" })).toBe(true);
    expect(ok(LoanSetInput, { ...base, dailyRate: "0.1" })).toBe(false);
    // The thresholds must rise strictly: equal as floats, distinct as decimals.
    expect(
      ok(LoanSetInput, { ...base, marginCallLtv: "0.70000000000000000001", initialLtv: "0.7", liquidationLtv: "0.8" }),
    ).toBe(true);
    expect(ok(LoanSetInput, { ...base, minAmount: "1000.000000000000000001" })).toBe(false);
  });

  it("option payout rates, mining reward and balance adjustments", () => {
    const set = { symbol: "BTCUSDT", periodSeconds: 60, payoutRate: "5", minAmount: "10", maxAmount: "10" };
    expect(ok(OperatorOptionSetBody, set)).toBe(true);
    expect(ok(OperatorOptionSetBody, { ...set, payoutRate: "5.0000000000000000001" })).toBe(false);
    expect(ok(OperatorOptionSetBody, { ...set, minAmount: "10.00000000000000001" })).toBe(false);
    expect(ok(MiningSettingsBody, { rewardPerThDay: "0.01" })).toBe(true);
    expect(ok(MiningSettingsBody, { rewardPerThDay: "0.010000000000000001" })).toBe(false);
    const adjust = { userId: 1, currency: "USDT", reason: "test" };
    expect(ok(AdjustBalanceBody, { ...adjust, amount: "-0.000000000000000001" })).toBe(true);
    expect(ok(AdjustBalanceBody, { ...adjust, amount: "0.000" })).toBe(false);
  });
});
