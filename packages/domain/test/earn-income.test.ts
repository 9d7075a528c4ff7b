// Earn arithmetic as tables of scenarios: interest days, held-to-end totals, early
// redemption, mining output with its cap at zero, pro-rata shares.
import { describe, expect, it } from "vitest";
import {
  dailyInterest,
  earlyRedemptionReturn,
  hashrateFor,
  interestIfHeld,
  miningDailyOutput,
  miningPayback,
  proRata,
  simpleAnnualRate,
} from "../src";

describe("fixed-term interest", () => {
  it.each([
    // amount, dailyRate, places, one day, term, if held
    ["1000", "0.0012", 2, "1.2", 7, "8.4"],
    ["100", "0.0005", 2, "0.05", 30, "1.5"],
    ["333.33", "0.0011", 2, "0.36", 3, "1.08"], // 0.366663 truncates to 0.36, never rounds up
    ["10", "0.0001", 2, "0", 90, "0"], // below a cent a day: nothing, and the screen says so
    ["2500", "0.002", 6, "5", 14, "70"],
  ])("%s at %s a day (%s places): %s a day, %s days → %s", (amount, rate, places, day, term, held) => {
    expect(dailyInterest(amount, rate, places)).toBe(day);
    expect(interestIfHeld(amount, rate, term, places)).toBe(held);
  });

  it.each([
    ["1000", "3.6", "996.4"],
    ["1000", "0", "1000"],
    ["5", "7", "0"],
  ])("early redemption of %s after %s paid returns %s", (amount, paid, back) => {
    expect(earlyRedemptionReturn(amount, paid)).toBe(back);
  });

  it.each([
    ["0.0012", "0.438"],
    ["0.001", "0.365"],
  ])("daily %s is a simple annual %s", (daily, annual) => {
    expect(simpleAnnualRate(daily)).toBe(annual);
  });
});

describe("mining output", () => {
  const machine = { machineHashrate: "100", machinePowerW: "3000", electricityPrice: "0.05" };
  it.each([
    // hashrate, reward/TH/day, btcPrice → gross USDT, energy kWh, power cost, net, capped
    ["10", "0.0000008", "60000", "0.48", "7.2", "0.36", "0.12", false],
    ["10", "0.0000008", "40000", "0.32", "7.2", "0.36", "0", true], // cost above output: 0, never negative
    ["1", "0.0000008", "100000", "0.08", "0.72", "0.03", "0.04", false], // cost 0.036 and net 0.044 truncate
    ["50", "0", "60000", "0", "36", "1.8", "0", true],
  ])(
    "%s TH at %s BTC/TH and BTC %s → %s gross, %s kWh, cost %s, net %s",
    (th, reward, price, gross, kwh, cost, net, capped) => {
      const out = miningDailyOutput({ hashrate: th, rewardPerThDay: reward, btcPrice: price, ...machine }, 2);
      expect(out.grossUsdt).toBe(gross);
      expect(out.energyKwh).toBe(kwh);
      expect(out.powerCost).toBe(cost);
      expect(out.net).toBe(net);
      expect(out.capped).toBe(capped);
    },
  );

  it.each([
    // reward/TH/day, btcPrice, price per TH, term days → payback (what the term pays ÷ the price)
    ["0.0000008", "60000", "0.5", 30, "0.72"], // 0.012 a day for 30 days on 0.5: an honest 72 %
    ["0.0000008", "60000", "0.36", 30, "1"], // break-even: the price buys exactly its output
    ["0.0000008", "100000", "4.4", 90, "0.9"], // 0.044 a day for 90 days
    ["0.0000008", "40000", "0.5", 30, "0"], // power costs more than the output: nothing, never negative
  ])("reward %s, BTC %s, %s per TH for %s days pays back %s of the price", (reward, price, perTh, term, payback) => {
    expect(miningPayback({ rewardPerThDay: reward, btcPrice: price, ...machine }, perTh, term)).toBe(payback);
  });

  it.each([
    ["100", "10", "10"],
    ["100", "30", "3.333333"],
  ])("%s USDT at %s per TH buys %s TH", (amount, price, th) => {
    expect(hashrateFor(amount, price)).toBe(th);
  });
});

describe("pro-rata shares", () => {
  it.each([
    [
      "100",
      [
        ["1", "600"],
        ["2", "400"],
      ],
      [
        ["1", "60"],
        ["2", "40"],
      ],
      "0",
    ],
    [
      "10",
      [
        ["1", "1"],
        ["2", "1"],
        ["3", "1"],
      ],
      [
        ["1", "3.33"],
        ["2", "3.33"],
        ["3", "3.33"],
      ],
      "0.01",
    ],
    ["5", [], [], "5"],
  ] as const)("%s among %j → %j, rest %s", (total, holders, shares, rest) => {
    const r = proRata(
      total,
      holders.map(([id, amount]) => ({ id: Number(id), amount })),
      2,
    );
    expect(r.shares).toEqual(shares.map(([id, share]) => ({ id: Number(id), share })));
    expect(r.rest).toBe(rest);
  });
});
