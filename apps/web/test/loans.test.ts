// Loan screens' arithmetic (the calculator, LTV at a live price, collateral needed, the
// margin-call and liquidation prices) as tables of scenarios, and the promise words no
// loan text may use in any language.
import fs from "node:fs";
import path from "node:path";
import * as domain from "@candor/domain";
import { formatAmount, truncate } from "@candor/domain";
import { describe, expect, it } from "vitest";
import {
  collateralAfter,
  loanCalc,
  loanToValue,
  ltvBarPercent,
  ltvStage,
  money,
  owedAfter,
  percent,
  priceAtLtv,
  suggestedCollateral,
  suggestedLtv,
} from "../src/features/loans/loan-logic";

describe("calculator: interest = amount × daily rate × (days − interest-free days)", () => {
  it.each([
    // amount, rate, days, free, currency → perDay, chargeable, interest, repay at end
    ["1000", "0.001", 30, 0, "USDT", "1", 30, "30", "1030"],
    ["1000", "0.001", 30, 7, "USDT", "1", 23, "23", "1023"],
    ["1000", "0.001", 7, 7, "USDT", "1", 0, "0", "1000"],
    ["1000", "0.001", 5, 7, "USDT", "1", 0, "0", "1000"],
    // each day's interest is truncated to the currency's decimals, as the server charges it
    ["333.333333", "0.0005", 10, 0, "USDT", "0.166666", 10, "1.66666", "334.999993"],
  ])("%s at %s for %i days, %i free (%s)", (amount, rate, days, free, currency, perDay, charged, interest, repay) => {
    expect(loanCalc(amount, rate, days, free, currency)).toEqual({
      perDay,
      chargeableDays: charged,
      totalInterest: interest,
      repayAtEnd: repay,
    });
  });
  it.each([["0"], ["-5"], ["abc"], [""]])("no figures for the amount %j", (amount) => {
    expect(loanCalc(amount, "0.001", 30, 0, "USDT")).toBeNull();
  });
});

describe("loan-to-value at the live price", () => {
  it.each([
    // owed, collateral, price → ltv
    ["5000", "0.1", "100000", "0.5"],
    ["6000", "0.1", "100000", "0.6"],
    ["1000", "0.03", "92000", "0.36231885"], // 0.362318840… rounded up
    ["1000", "0", "92000", null],
    ["1000", "0.1", null, null],
  ])("%s owed on %s at %s → %s", (owed, collateral, p, ltv) => {
    expect(loanToValue(owed, collateral, p)).toBe(ltv);
  });
});

describe("'use minimum': collateral for the initial LTV less the safety margin, rounded up (issue 35 §10)", () => {
  it.each([
    // amount, price, initial LTV, currency → suggested (aims at 0.97 × initial LTV)
    ["5000", "100000", "0.5", "BTC", "0.10309279"], // not 0.1, which sits exactly at 50 %
    ["1000", "92000", "0.5", "BTC", "0.02241148"],
    ["1000", "3100", "0.6", "ETH", "0.55426228"],
    ["0", "92000", "0.5", "BTC", null],
    ["1000", null, "0.5", "BTC", null],
  ])("%s at %s within %s (%s) → %s", (amount, p, ltv, currency, needed) => {
    expect(suggestedCollateral(amount, p, ltv, currency)).toBe(needed);
    if (needed) expect(domain.dec(loanToValue(amount, needed, p) ?? "1").lt(ltv)).toBe(true);
  });
  it("aims at the initial LTV less 3 %", () => {
    expect(suggestedLtv("0.65")).toBe("0.6305");
    expect(suggestedLtv(undefined)).toBeNull();
  });
});

describe("margin-call and liquidation prices", () => {
  it.each([
    // owed, collateral, threshold LTV → price at which it triggers
    // 18 decimals rounded down, the domain's (and the server's) figure; the web once cut at 8.
    ["5000", "0.1", "0.7", "71428.571428571428571428"],
    ["5000", "0.1", "0.8", "62500"],
    ["1000", "0.02173914", "0.85", "54117.623247069300701272"],
    ["1000", "0", "0.8", null],
  ])("%s owed on %s reaches %s at %s", (owed, collateral, ltv, p) => {
    expect(priceAtLtv(owed, collateral, ltv)).toBe(p);
  });
  it("the LTV at the liquidation price is the liquidation LTV", () => {
    const p = priceAtLtv("5000", "0.1", "0.8");
    expect(loanToValue("5000", "0.1", p)).toBe("0.8");
  });
});

describe("the figures shown are the server's (packages/domain)", () => {
  it.each([
    ["5000", "0.1", "0.7", 2],
    ["1000", "0.02173914", "0.85", 2],
    ["1234.56", "0.0333", "0.8", 4],
  ])("%s owed on %s at LTV %s: the price shown is the server's to %s decimals", (owed, collateral, ltv, pp) => {
    // The server shows truncate(priceAtLtv(…), price precision) (modules/loans/apply.ts).
    const server = truncate(domain.priceAtLtv(owed, collateral, ltv), pp).toFixed(pp);
    expect(priceAtLtv(owed, collateral, ltv)).toBe(domain.priceAtLtv(owed, collateral, ltv));
    expect(formatAmount(priceAtLtv(owed, collateral, ltv) as string, pp)).toBe(formatAmount(server, pp));
  });
  it("the stage is the domain's, by the same name", () => {
    expect(ltvStage(domain.loanToValue("5000", "0.1", "62500"), "0.7", "0.8")).toBe(
      domain.ltvStage("5000", "0.1", "62500", { marginCallLtv: "0.7", liquidationLtv: "0.8" }),
    );
  });
  it("the calculator's interest is the domain's", () => {
    expect(loanCalc("1234.5678", "0.00123", 30, 3, "USDT")?.totalInterest).toBe(
      domain.totalInterest("1234.5678", "0.00123", 30, 3, 6),
    );
  });
});

describe("LTV stage and bar", () => {
  it.each([
    ["0.5", "ok"],
    ["0.69999999", "ok"],
    ["0.7", "margin_call"],
    ["0.79", "margin_call"],
    ["0.8", "liquidate"],
    [null, "ok"],
  ])("LTV %s with margin call 0.7, liquidation 0.8 → %s", (ltv, stage) => {
    expect(ltvStage(ltv, "0.7", "0.8")).toBe(stage);
  });
  it.each([
    ["0.5", "0.8", 50],
    ["0.8", "0.8", 80],
    ["2", "0.8", 100],
    [null, "0.8", 0],
  ])("LTV %s on a bar ending past %s → %d", (ltv, liq, pos) => {
    expect(ltvBarPercent(ltv, liq)).toBe(pos);
  });
});

describe("repay and add collateral previews", () => {
  it.each([
    ["1030", "30", "1000"],
    ["1030", "2000", "0"],
    ["1030", "0", null],
  ])("%s owed, paying %s leaves %s", (owed, paid, left) => {
    expect(owedAfter(owed, paid)).toBe(left);
  });
  it("adding collateral", () => {
    expect(collateralAfter("0.1", "0.05")).toBe("0.15");
    expect(collateralAfter(null, "0.05")).toBe("0.05");
    expect(collateralAfter("0.1", "x")).toBeNull();
  });
  it.each([
    ["1500", "USDT", "1,500.00"],
    ["10.5", "USDT", "10.50"],
    ["0.1666669", "USDT", "0.166666"],
    ["0.1", "BTC", "0.10"],
    [null, "USDT", "--"],
  ])("money %s %s → %s", (v, c, shown) => {
    expect(money(v, c)).toBe(shown);
  });
  it("rates read as percentages", () => {
    expect(percent("0.001")).toBe("0.1");
    expect(percent("0.7")).toBe("70");
    expect(percent(null)).toBe("--");
  });
});

describe("no promise words in any language", () => {
  const dir = path.resolve(import.meta.dirname, "../src/features/loans/locales");
  // English and the words for "guaranteed" / "risk-free" / "no risk" in the other seven.
  const banned =
    /guarantee|risk[- ]free|no risk|보장|무위험|保証|保本|保證|無風險|リスクなし|รับประกัน|ไม่มีความเสี่ยง|dijamin|tanpa risiko|đảm bảo|không rủi ro|garantizad|sin riesgo/i;
  it.each(fs.readdirSync(dir).map((f) => [f]))("%s", (file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    expect(text.match(banned)?.[0] ?? null).toBeNull();
  });
});
