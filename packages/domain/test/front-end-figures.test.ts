// The figures the web and console show before a request, now computed here (issue 36: one
// source of money math): sums, percentages, bars, spot and flash-exchange helpers, option
// net, futures margin share, IEO cost, earn limits, loan repayments and withdrawals.
import { describe, expect, it } from "vitest";
import {
  barPercent,
  collateralAfterTopUp,
  compareDecimals,
  flashRateDigits,
  ieoCost,
  inverseRate,
  limitLeft,
  ltvBarPercent,
  ltvStage,
  ltvStageOf,
  marginForShare,
  optionNet,
  owedAfterRepayment,
  percentOf,
  quantityShare,
  spotFill,
  spotMaxQuantity,
  spotQuoteAmount,
  spreadCostPercent,
  spreadPercent,
  subtractAmounts,
  sumAmounts,
  withdrawalReceive,
} from "../src";

describe("general figures", () => {
  it("sums and subtracts exactly", () => {
    expect(sumAmounts(["0.1", "0.2"])).toBe("0.3");
    expect(sumAmounts([])).toBe("0");
    expect(subtractAmounts("1", "1.5")).toBe("-0.5");
    expect(subtractAmounts("1", "1.5", 0)).toBe("0");
  });
  it("compares for sorting", () => {
    expect(["2.5", "-1", "10"].sort(compareDecimals)).toEqual(["-1", "2.5", "10"]);
  });
  it("shows fractions as percentages, truncated", () => {
    expect(percentOf("0.0012")).toBe("0.12");
    expect(percentOf("0.07")).toBe("7");
    expect(percentOf("0.123456789", 2)).toBe("12.34");
  });
  it("places a share on a 0–100 bar", () => {
    expect(barPercent("1", "3")).toBe(33.33);
    expect(barPercent("5", "2")).toBe(100);
    expect(barPercent("1", "0")).toBe(0);
  });
});

describe("trading helpers", () => {
  it("the largest spot buy covers notional and the rounded-up fee", () => {
    const q = spotMaxQuantity("buy", "1000", "30000", "0.001", 6) as string;
    expect(Number(spotFill("buy", q, "30000", "0.001").quoteAmount)).toBeLessThanOrEqual(1000);
    expect(spotMaxQuantity("sell", "1.23456789", null, "0.001", 4)).toBe("1.2345");
    expect(spotMaxQuantity("buy", "1000", null, "0.001", 4)).toBeNull();
  });
  it("shares, spreads and fills", () => {
    expect(quantityShare("1.2345", 25, 4)).toBe("0.3086");
    expect(spreadPercent("0.00049999")).toBe("0.05");
    expect(spotQuoteAmount("buy", "100", "0.1")).toBe("100.1");
    expect(spotQuoteAmount("sell", "100", "0.1")).toBe("99.9");
  });
  it("flash rates", () => {
    expect(flashRateDigits("91876.123456")).toBe("91876.1234");
    expect(flashRateDigits("0.0000108843219")).toBe("0.0000108843");
    expect(inverseRate("0.00001")).toBe("100000");
    expect(inverseRate("0")).toBeNull();
    expect(spreadCostPercent("0.00050001")).toBe("0.0501");
  });
  it("option net and futures margin share", () => {
    expect(optionNet("100", "185")).toBe("85");
    expect(optionNet("100", "0")).toBe("-100");
    // 1000 × 100 % / (1 + 10 × 0.0005) = 995.0248…, truncated to cents
    expect(marginForShare("1000", 100, 10, "0.0005")).toBe("995.02");
  });
});

describe("area figures", () => {
  it("IEO cost is price × quantity, exact", () => {
    expect(ieoCost("0.333333", 3)).toBe("0.999999");
  });
  it("earn limit left never goes below 0", () => {
    expect(limitLeft("100000", ["30000", "20000.5"])).toBe("49999.5");
    expect(limitLeft("100", ["60", "60"])).toBe("0");
  });
  it("loan repayment, top-up, stage and bar", () => {
    expect(owedAfterRepayment("100", "30.5")).toBe("69.5");
    expect(owedAfterRepayment("100", "130")).toBe("0");
    expect(collateralAfterTopUp("0.1", "0.05")).toBe("0.15");
    expect(ltvStageOf("0.8", { marginCallLtv: "0.7", liquidationLtv: "0.8" })).toBe("liquidate");
    expect(ltvStageOf("0.7", { marginCallLtv: "0.7", liquidationLtv: null })).toBe("margin_call");
    expect(ltvStage("5000", "0.1", "71428.58", { marginCallLtv: "0.7", liquidationLtv: "0.8" })).toBe("ok");
    expect(ltvBarPercent("0.5", "0.8")).toBe(50);
    expect(ltvBarPercent("0.5", null)).toBe(50);
  });
  it("a withdrawal receives amount − fee, truncated, never below 0", () => {
    expect(withdrawalReceive("100.123456789", "1", 6)).toBe("99.123456");
    expect(withdrawalReceive("0.5", "1", 6)).toBe("0");
  });
});
