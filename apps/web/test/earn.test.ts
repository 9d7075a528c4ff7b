// Earn screens' arithmetic (rates, income if held, the mining formula, limits) as tables of
// scenarios, and the promise words no Earn text may use in any language.
import fs from "node:fs";
import path from "node:path";
import type { EarnOrder, EarnProduct } from "@candor/contract";
import { miningDailyOutput } from "@candor/domain";
import { describe, expect, it } from "vitest";
import {
  firstIncomeDate,
  hashrateFor,
  incomeIfHeld,
  outputPerTh,
  percent,
  roomLeft,
  signedMoney,
  simpleAnnualPercent,
  subscribedPercent,
} from "../src/features/earn/earn-logic";

describe("rates read as what they are", () => {
  it.each([
    ["0.0012", "0.12", "43.8"],
    ["0.0003", "0.03", "10.95"],
    ["0.00035", "0.035", "12.77"],
    [null, "--", "--"],
  ])("daily %s → %s%% a day, %s%% a year simple", (daily, perDay, annual) => {
    expect(percent(daily)).toBe(perDay);
    expect(simpleAnnualPercent(daily)).toBe(annual);
  });
});

describe("interest if held to the end: each day truncated to the currency's decimals", () => {
  it.each([
    ["1000", "0.0003", 7, "USDT", "2.1"],
    ["333.333333", "0.0003", 3, "USDT", "0.299997"],
    ["0.00012345", "0.001", 10, "BTC", "0.0000012"],
    ["0", "0.001", 10, "USDT", null],
    ["abc", "0.001", 10, "USDT", null],
  ])("%s at %s for %i days (%s) → %s", (amount, rate, days, currency, expected) => {
    expect(incomeIfHeld(amount, rate, days, currency)).toBe(expected);
  });
});

describe("first income date is the UTC day after the purchase", () => {
  it.each([
    ["2026-11-23T12:00:00.000Z", "2026-11-24"],
    ["2026-11-30T23:59:59.000Z", "2026-12-01"],
    ["2026-12-31T00:00:00.000Z", "2027-01-01"],
  ])("%s → %s", (start, date) => expect(firstIncomeDate(start)).toBe(date));
});

describe("mining formula", () => {
  const inputs = { rewardPerThDay: "0.0000006", btcPrice: "90000", electricityPrice: "0.06" };
  it("reward − power cost per TH/s, never below 0", () => {
    // 0.0000006 × 90000 = 0.054; 3250 W ÷ 200 TH = 16.25 W per TH → 0.39 kWh a day × 0.06 = 0.0234.
    expect(outputPerTh(inputs, "3250", "200")).toEqual({ gross: "0.054", powerCost: "0.0234", net: "0.0306" });
    expect(outputPerTh({ ...inputs, btcPrice: "45000" }, "3250", "200")?.net).toBe("0.0036");
    expect(outputPerTh({ ...inputs, btcPrice: "20000" }, "3250", "200")?.net).toBe("0");
    expect(outputPerTh({ ...inputs, btcPrice: null }, "3250", "200")).toBeNull();
  });
  it("1 TH/s's output is the server's published figure (miningDailyOutput, 8 decimals)", () => {
    const odd = { rewardPerThDay: "0.00000061", btcPrice: "91876.123", electricityPrice: "0.065" };
    const server = miningDailyOutput({ hashrate: "1", ...odd, machineHashrate: "234", machinePowerW: "3510" }, 8).net;
    expect(outputPerTh(odd, "3510", "234")?.net).toBe(server);
  });
  it("hashrate bought = amount ÷ price per TH/s", () => {
    expect(hashrateFor("100", "8")).toBe("12.5");
    expect(hashrateFor("0", "8")).toBeNull();
    expect(hashrateFor("100", undefined)).toBeNull();
  });
});

describe("limits and progress", () => {
  const product = { id: 1, maxAmount: "50000", perCustomerLimit: "100000" } as EarnProduct;
  const order = (productId: number, amount: string, status = "running") => ({ productId, amount, status }) as EarnOrder;
  it.each([
    ["no orders yet: the order maximum", [], "50000"],
    ["some held: what the customer limit leaves", [order(1, "70000")], "30000"],
    ["other products and ended orders do not count", [order(2, "90000"), order(1, "90000", "ended")], "50000"],
    ["limit used up", [order(1, "60000"), order(1, "40000")], "0"],
  ])("%s", (_name, orders, expected) => expect(roomLeft(product, orders)).toBe(expected));
  it("without a per-customer limit, the order maximum", () => {
    expect(roomLeft({ ...product, perCustomerLimit: null }, undefined)).toBe("50000");
  });
  it("subscribed share of a debt claim", () => {
    expect(subscribedPercent("100000", "25000")).toBe(75);
    expect(subscribedPercent("100000", "100000")).toBe(0);
    expect(subscribedPercent(undefined, "1")).toBe(0);
  });
  it("P&L keeps its sign", () => {
    expect(signedMoney("1.5", "USDT")).toBe("+1.50");
    expect(signedMoney("-0.35", "USDT")).toBe("-0.35");
    expect(signedMoney("0", "USDT")).toBe("0.00");
    // Each currency at its own display precision (lib/format moneyPlaces).
    expect(signedMoney("0.123456789", "BTC")).toBe("+0.12345678");
  });
});

describe("no promise words in any language", () => {
  const src = path.resolve(import.meta.dirname, "../src");
  const files = [
    ...fs.readdirSync(path.join(src, "features/earn/locales")).map((f) => path.join(src, "features/earn/locales", f)),
    ...fs.readdirSync(path.join(src, "locales/routes")).map((f) => path.join(src, "locales/routes", f)),
  ];
  // English and the words for "guaranteed" / "risk-free" / "no risk" in the other seven.
  const banned =
    /guarantee|risk[- ]free|no risk|보장|무위험|保証|保本|保證|無風險|リスクなし|รับประกัน|ไม่มีความเสี่ยง|dijamin|tanpa risiko|đảm bảo|không rủi ro|garantizad|sin riesgo|\bAI\b/i;
  it.each(files.map((f) => [path.relative(src, f), f]))("%s", (_name, file) => {
    const text = fs.readFileSync(file, "utf8");
    expect(text.match(banned)?.[0] ?? null).toBeNull();
  });
});
