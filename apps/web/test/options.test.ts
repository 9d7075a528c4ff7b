// Options screen helpers: countdowns, the stake rules and what a stake returns in each outcome.
import { describe, expect, it } from "vitest";
import {
  elapsedShare,
  formatCountdown,
  formatTickTime,
  netResult,
  parseMode,
  ratePercent,
  secondsLeft,
  stakePreview,
  stakeRules,
  standing,
} from "../src/features/options/option-logic";
import { amountProblem, amountProblemText, cleanDecimalInput } from "../src/lib/trading/amount";

describe("countdown", () => {
  it.each([
    [30, "00:30"],
    [59.4, "00:59"],
    [60, "01:00"],
    [299, "04:59"],
    [3600, "1:00:00"],
    [0, "00:00"],
    [-5, "00:00"],
  ])("formatCountdown(%s) = %s", (s, text) => expect(formatCountdown(s)).toBe(text));

  const expiresAt = "2026-11-21T12:00:30.000Z";
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ["2026-11-21T12:00:00.000Z", 30],
    ["2026-11-21T12:00:00.001Z", 30],
    ["2026-11-21T12:00:29.001Z", 1],
    ["2026-11-21T12:00:30.000Z", 0],
    ["2026-11-21T12:01:00.000Z", 0],
  ])("at %s, %i s are left (rounded up, never negative)", (now, left) =>
    expect(secondsLeft(expiresAt, at(now))).toBe(left),
  );

  it("progress runs from 0 at purchase to 1 at expiry", () => {
    const created = "2026-11-21T12:00:00.000Z";
    expect(elapsedShare(created, expiresAt, at(created))).toBe(0);
    expect(elapsedShare(created, expiresAt, at("2026-11-21T12:00:15.000Z"))).toBe(0.5);
    expect(elapsedShare(created, expiresAt, at("2026-11-21T12:05:00.000Z"))).toBe(1);
  });
});

describe("stake preview (payoutRate is the profit share)", () => {
  it.each([
    ["100", "0.85", { winPayout: "185", profit: "85", loss: "100", refund: "100" }],
    ["20", "0.85", { winPayout: "37", profit: "17", loss: "20", refund: "20" }],
    ["10.5", "0.8", { winPayout: "18.9", profit: "8.4", loss: "10.5", refund: "10.5" }],
    ["0.123456789", "0.75", { winPayout: "0.216049", profit: "0.092592", loss: "0.123456789", refund: "0.123456789" }],
  ])("stake %s at %s", (amount, rate, expected) => {
    const p = stakePreview(amount, rate);
    expect(p).not.toBeNull();
    expect(p?.loss).toBe(expected.loss);
    expect(p?.refund).toBe(expected.refund);
    // Truncated to 8 decimals like the server's settlement.
    expect(Number(p?.winPayout)).toBeCloseTo(Number(expected.winPayout), 5);
  });
  it("matches the server's payout exactly for whole stakes", () => {
    expect(stakePreview("100", "0.85")).toEqual({ winPayout: "185", profit: "85", loss: "100", refund: "100" });
  });
  it.each(["", "abc", "0", "-5", "1e3"])("shows nothing for %j", (amount) =>
    expect(stakePreview(amount, "0.85")).toBeNull(),
  );
  it.each([
    ["0.85", "85"],
    ["0.825", "82.5"],
    ["1", "100"],
  ])("rate %s shows as %s%%", (rate, pct) => expect(ratePercent(rate)).toBe(pct));
});

describe("stake rules", () => {
  const setting = { minAmount: "10", maxAmount: "10000" };
  it.each([
    ["", "1000", { kind: "required" }],
    ["abc", "1000", { kind: "invalid" }],
    ["0", "1000", { kind: "invalid" }],
    ["10.123456789", "1000", { kind: "precision", places: 8 }],
    ["9.99", "1000", { kind: "belowMin", min: "10" }],
    ["10001", "20000", { kind: "aboveMax", max: "10000" }],
    ["500", "499.99", { kind: "insufficient", available: "499.99" }],
    ["10", "1000", null],
    ["10.", "1000", null],
    ["10000", "10000", null],
    ["50", null, null],
  ])("amount %j with %s available → %j", (amount, available, problem) =>
    expect(amountProblem(amount, stakeRules(setting, available))).toEqual(problem),
  );
  it.each([
    ["12a.3.4", "12.34"],
    [".5", "0.5"],
    ["1,5", "1.5"],
    ["  7 ", "7"],
  ])("typing %j keeps %j", (raw, clean) => expect(cleanDecimalInput(raw)).toBe(clean));
});

describe("orders", () => {
  it.each([
    ["up", "100", "101", "win"],
    ["up", "100", "99", "lose"],
    ["down", "100", "99", "win"],
    ["down", "100", "100", "draw"],
  ] as const)("%s from %s at %s is %s now", (direction, openPrice, price, result) =>
    expect(standing({ direction, openPrice }, price)).toBe(result),
  );
  it("has no standing before a price", () => expect(standing({ direction: "up", openPrice: "1" }, null)).toBeNull());
  it.each([
    [{ amount: "100", payout: "185" }, "+85"],
    [{ amount: "100", payout: "0" }, "-100"],
    [{ amount: "100", payout: "100" }, "0"],
    [{ amount: "100", payout: null }, null],
  ])("net of %j is %s", (order, net) => expect(netResult(order)).toBe(net));
  it("shows tick times to the millisecond in the customer's zone", () => {
    expect(formatTickTime(Date.parse("2026-11-21T23:25:13.042Z"), "UTC")).toBe("2026-11-21\u00a023:25:13.042");
    expect(formatTickTime(Date.parse("2026-11-21T23:25:13.042Z"), "Asia/Seoul")).toBe("2026-11-22\u00a008:25:13.042");
  });
  it.each([
    ["demo", "demo"],
    ["real", "real"],
    [null, "real"],
    ["DEMO", "real"],
  ])("mode=%s trades %s money", (value, mode) => expect(parseMode(value)).toBe(mode));
});

describe("amount problem messages (options, earn and loans share them)", () => {
  // A translator that shows the key and the values it got.
  const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? ` ${JSON.stringify(o)}` : ""}`;
  const show = (v: string) => `<${v}>`;
  it.each([
    [{ kind: "belowMin", min: "10" }, {}, 'p.belowMin {"min":"<10>","currency":"USDT"}'],
    [{ kind: "aboveMax", max: "100" }, {}, 'p.aboveMax {"max":"<100>","currency":"USDT"}'],
    [{ kind: "insufficient", available: "5" }, {}, 'p.insufficient {"available":"<5>","currency":"USDT"}'],
    [{ kind: "precision", places: 2 }, {}, 'p.precision {"places":2}'],
    [{ kind: "required" }, {}, "p.required"],
    [{ kind: "invalid" }, {}, "p.invalid"],
    [{ kind: "required" }, { fallback: "p.invalid" }, "p.invalid"],
  ] as const)("%j %j → %s", (problem, options, text) =>
    expect(amountProblemText(t, problem, "USDT", { prefix: "p", show, ...options })).toBe(text),
  );
});
