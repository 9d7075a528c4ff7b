// Loan arithmetic as tables of scenarios: total interest shown before applying, interest
// accrued up to an early repayment, overdue interest, repayment allocation, LTV, the prices
// at which a margin call and a liquidation trigger, the collateral a liquidation sells.
import { describe, expect, it } from "vitest";
import {
  accruedInterest,
  allocateRepayment,
  creditLimit,
  dec,
  interestForDay,
  type LoanTerms,
  liquidation,
  loanToValue,
  ltvStage,
  minCollateral,
  PLEDGE_LTV_MARGIN,
  priceAtLtv,
  suggestedCollateral,
  suggestedLtv,
  totalInterest,
} from "../src";

describe("total interest = amount × dailyRate × max(0, days − interestFreeDays)", () => {
  it.each([
    // amount, rate, days, free, places, total
    ["1000", "0.001", 30, 0, 2, "30"],
    ["1000", "0.001", 30, 7, 2, "23"],
    ["1000", "0.001", 7, 7, 2, "0"],
    ["1000", "0.001", 7, 10, 2, "0"], // more free days than the term: nothing, never negative
    ["333.33", "0.0011", 10, 0, 2, "3.6"], // 0.366663 a day truncates to 0.36
    ["5000", "0.0005", 90, 15, 8, "187.5"],
  ])("%s at %s for %s days, %s free (%s places) → %s", (amount, rate, days, free, places, total) => {
    expect(totalInterest(amount, rate, days, free, places)).toBe(total);
  });
});

const terms: LoanTerms = { dailyRate: "0.001", days: 10, interestFreeDays: 3, overdueRate: "0.003" };

describe("interest day by day and up to an early repayment", () => {
  it.each([
    // day, interest on 1000
    [1, "0"],
    [3, "0"],
    [4, "1"],
    [10, "1"],
    [11, "3"], // overdue rate after the term
  ])("day %s → %s", (day, interest) => {
    expect(interestForDay("1000", day, terms, 2)).toBe(interest);
  });

  it.each([
    // days elapsed, accrued on 1000
    [0, "0"],
    [2, "0"],
    [5, "2"], // repaid early on day 5: days 4 and 5 only
    [10, "7"], // the full term = totalInterest
    [12, "13"], // two overdue days at 0.003
  ])("after %s days → %s", (elapsed, accrued) => {
    expect(accruedInterest("1000", elapsed, terms, 2)).toBe(accrued);
  });

  it("the full term accrues exactly the total shown before applying", () => {
    let sum = dec(0);
    for (let d = 1; d <= terms.days; d++) sum = sum.plus(interestForDay("1000", d, terms, 2));
    expect(sum.toFixed()).toBe(totalInterest("1000", "0.001", 10, 3, 2));
  });
});

describe("a payment goes to interest first, then principal", () => {
  it.each([
    // amount, interest owed, principal owed → interest, principal, excess
    ["5", "7", "1000", "5", "0", "0"],
    ["100", "7", "1000", "7", "93", "0"],
    ["1007", "7", "1000", "7", "1000", "0"],
    ["1010", "7", "1000", "7", "1000", "3"], // the caller refuses an excess
  ])("%s against %s + %s → %s interest, %s principal, %s excess", (amount, i, p, ei, ep, ex) => {
    expect(allocateRepayment(amount, i, p)).toEqual({ interest: ei, principal: ep, excess: ex });
  });
});

describe("loan-to-value and its trigger prices", () => {
  it.each([
    // outstanding, collateral, price → ltv
    ["30000", "1", "60000", "0.5"],
    ["1000", "0.5", "3000", "0.66666667"], // rounded up: never understated
    ["1000", "0", "3000", null],
  ])("%s owed on %s at %s → LTV %s", (owed, collateral, price, ltv) => {
    expect(loanToValue(owed, collateral, price)).toBe(ltv);
  });

  it.each([
    // outstanding, collateral, ltv → price
    ["30000", "1", "0.8", "37500"], // liquidation price of a 30,000 loan on 1 BTC at 80 %
    ["30000", "1", "0.7", "42857.142857142857142857"],
    ["1500", "1", "0.75", "2000"],
  ])("%s owed on %s reaches LTV %s at %s", (owed, collateral, ltv, price) => {
    expect(priceAtLtv(owed, collateral, ltv)).toBe(price);
    // At that price the stage is reached; a unit above it is not.
    expect(ltvStage(owed, collateral, price, { marginCallLtv: ltv, liquidationLtv: "0.99" })).toBe("margin_call");
    expect(
      ltvStage(owed, collateral, dec(price).plus(1).toFixed(), { marginCallLtv: ltv, liquidationLtv: "0.99" }),
    ).toBe("ok");
  });

  it.each([
    // price → stage for 30,000 on 1 BTC, margin call 70 %, liquidation 80 %
    ["60000", "ok"],
    ["42858", "ok"],
    ["42857", "margin_call"],
    ["37501", "margin_call"],
    ["37500", "liquidate"],
    ["20000", "liquidate"],
  ])("at %s → %s", (price, stage) => {
    expect(ltvStage("30000", "1", price, { marginCallLtv: "0.7", liquidationLtv: "0.8" })).toBe(stage);
  });

  it.each([
    // amount, price, initial LTV, qty places → least collateral
    ["30000", "60000", "0.6", 8, "0.83333334"],
    ["1000", "2000", "0.5", 4, "1"],
  ])("%s at %s within %s needs %s", (amount, price, ltv, places, least) => {
    expect(minCollateral(amount, price, ltv, places)).toBe(least);
  });
});

describe("'use minimum' leaves a margin below the initial LTV (issue 35 §10)", () => {
  it.each([
    // amount, price, initial LTV, qty places → suggested collateral, its LTV at that price
    ["1000", "50000", "0.65", 8, "0.03172086", "0.63049993"], // 1000 / (50000 × 0.6305), rounded up
    ["30000", "60000", "0.6", 8, "0.85910653", "0.582"],
    ["1000", "2000", "0.5", 4, "1.031", "0.48496606"], // rounding up to 4 places lowers the LTV further
    ["100", "1", "0.8", 2, "128.87", "0.77597579"],
  ])("%s at %s within %s → %s (LTV %s)", (amount, price, initial, places, suggested, ltv) => {
    expect(suggestedCollateral(amount, price, initial, places)).toBe(suggested);
    expect(loanToValue(amount, suggested, price)).toBe(ltv);
  });

  it.each([
    // initial LTV, margin → target
    ["0.65", PLEDGE_LTV_MARGIN, "0.6305"],
    ["0.5", "0.1", "0.45"],
    ["0.7", "0", "0.7"],
  ])("target LTV of %s with margin %s is %s", (initial, margin, target) => {
    expect(suggestedLtv(initial, margin)).toBe(target);
  });

  it("the suggested collateral stays within the initial LTV after a price fall smaller than the margin", () => {
    const suggested = suggestedCollateral("1000", "50000", "0.65", 8);
    // The price falls 2.9 % between the quote and the submit: still accepted.
    expect(dec(loanToValue("1000", suggested, "48550") ?? "1").lte("0.65")).toBe(true);
    // The strict minimum at the quoted price would be refused after the same fall.
    const strict = minCollateral("1000", "50000", "0.65", 8);
    expect(dec(loanToValue("1000", strict, "48550") ?? "0").gt("0.65")).toBe(true);
  });

  it("refuses a margin outside [0, 1)", () => {
    expect(() => suggestedCollateral("1000", "50000", "0.65", 8, "1")).toThrow(RangeError);
    expect(() => suggestedCollateral("1000", "50000", "0.65", 8, "-0.01")).toThrow(RangeError);
  });
});

describe("liquidation sells just enough collateral at the bid", () => {
  it.each([
    // owed, collateral, bid, qty places, money places → sold, proceeds, applied, surplus, returned, shortfall
    ["30000", "1", "37500", 8, 8, "0.8", "30000", "30000", "0", "0.2", "0"],
    ["30000", "1", "37000", 8, 8, "0.81081082", "30000.00034", "30000", "0.00034", "0.18918918", "0"],
    ["30000", "1", "25000", 8, 8, "1", "25000", "25000", "0", "0", "5000"], // gap: the platform takes the shortfall
    ["1000.5", "2", "1000", 4, 2, "1.0005", "1000.5", "1000.5", "0", "0.9995", "0"],
  ])(
    "%s owed, %s held, bid %s → sells %s",
    (owed, c, bid, qp, mp, sold, proceeds, applied, surplus, returned, short) => {
      expect(liquidation(owed, c, bid, qp, mp)).toEqual({
        quantitySold: sold,
        proceeds,
        applied,
        surplus,
        collateralReturned: returned,
        shortfall: short,
      });
    },
  );
});

describe("credit limit from identity verification and VIP level", () => {
  it.each([
    [0, 0, "0"],
    [0, 5, "0"], // no verification, no credit, whatever the level
    [1, 0, "1000"],
    [2, 0, "5000"],
    [2, 3, "11000"],
  ] as const)("kyc %s, vip %s → %s", (kyc, vip, limit) => {
    expect(creditLimit(kyc, vip)).toBe(limit);
  });
});
