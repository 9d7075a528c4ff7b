// Limits and exclusion arithmetic as tables of scenarios: lower now / higher after 24 h,
// pending changes coming due, deposit and loss windows, exclusion periods that can only grow.
import { describe, expect, it } from "vitest";
import {
  changeEffectiveAt,
  depositLimitPassed,
  exclusionEnd,
  LIMIT_FIELDS,
  type Limits,
  lengthenExclusion,
  limitsInForce,
  lossLimitReached,
  periodFitsKind,
  runningExclusion,
  windowStart,
} from "../src";

const NOW = new Date("2026-03-04T12:00:00.000Z");
const H = 3_600_000;
const none: Limits = Object.fromEntries(LIMIT_FIELDS.map((f) => [f, null])) as Limits;

describe("a lower limit applies at once, a higher one (or removing one) after 24 hours", () => {
  it.each([
    // current, next, hours until it applies
    [null, "100", 0], // setting a first limit tightens
    ["100", "50", 0],
    ["100", "100", 0], // no change
    ["100", "100.01", 24],
    ["100", null, 24], // removing a limit loosens
    [null, null, 0],
  ])("%s → %s applies after %s h", (current, next, hours) => {
    expect(changeEffectiveAt(current, next, NOW).getTime() - NOW.getTime()).toBe(hours * H);
  });
});

describe("limits in force apply the pending changes that have come due", () => {
  const stored = { ...none, depositDay: "100" };
  const pending = [{ field: "depositDay" as const, value: "500", effectiveAt: new Date(NOW.getTime() + 24 * H) }];
  it.each([
    [23, "100"],
    [24, "500"],
    [48, "500"],
  ])("after %s h the day deposit limit is %s", (hours, expected) => {
    expect(limitsInForce(stored, pending, new Date(NOW.getTime() + hours * H)).depositDay).toBe(expected);
  });
});

describe("deposit limits: deposited in the rolling window + the new amount must not pass a limit", () => {
  it.each([
    // limits, deposited day/week/month, amount, passed
    [{ depositDay: "100" }, ["0", "0", "0"], "100", null],
    [{ depositDay: "100" }, ["60", "60", "60"], "40.01", "depositDay"],
    [{ depositWeek: "500" }, ["0", "450", "450"], "60", "depositWeek"],
    [{ depositMonth: "1000" }, ["0", "0", "999"], "1", null],
    [{ depositDay: "100", depositMonth: "50" }, ["0", "0", "0"], "60", "depositMonth"],
    [{}, ["1000000", "1000000", "1000000"], "5", null],
  ] as const)("%o with %o + %s → %s", (limits, [day, week, month], amount, passed) => {
    expect(depositLimitPassed({ ...none, ...limits }, { day, week, month }, amount)).toBe(passed);
  });
});

describe("loss limits: reached when the net realised loss in the window is at least the limit", () => {
  it.each([
    [{ lossDay: "100" }, ["-99.99", "-99.99", "-99.99"], null],
    [{ lossDay: "100" }, ["-100", "-100", "-100"], "lossDay"],
    [{ lossDay: "100" }, ["50", "50", "50"], null], // a gain is no loss
    [{ lossWeek: "200" }, ["-10", "-250", "-250"], "lossWeek"],
    [{ lossMonth: "300" }, ["0", "0", "-300.5"], "lossMonth"],
    [{}, ["-1000", "-1000", "-1000"], null],
  ] as const)("%o with results %o → %s", (limits, [day, week, month], reached) => {
    expect(lossLimitReached({ ...none, ...limits }, { day, week, month })).toBe(reached);
  });
});

describe("rolling windows", () => {
  it.each([
    ["day", 24],
    ["week", 7 * 24],
    ["month", 30 * 24],
  ] as const)("a %s starts %s hours back", (w, hours) => {
    expect(windowStart(w, NOW).getTime()).toBe(NOW.getTime() - hours * H);
  });
});

describe("exclusion periods", () => {
  it.each([
    ["24h", "2026-03-05T12:00:00.000Z"],
    ["7d", "2026-03-11T12:00:00.000Z"],
    ["6w", "2026-04-15T12:00:00.000Z"],
    ["6m", "2026-09-04T12:00:00.000Z"],
    ["1y", "2027-03-04T12:00:00.000Z"],
    ["2y", "2028-03-04T12:00:00.000Z"],
    ["5y", "2031-03-04T12:00:00.000Z"],
  ] as const)("%s ends at %s", (period, end) => {
    expect(exclusionEnd(period, NOW).toISOString()).toBe(end);
  });

  it.each([
    ["timeout", "24h", true],
    ["timeout", "6m", false],
    ["self_exclusion", "5y", true],
    ["self_exclusion", "7d", false],
  ] as const)("%s with %s fits: %s", (kind, period, fits) => {
    expect(periodFitsKind(kind, period)).toBe(fits);
  });

  const at = (h: number) => new Date(NOW.getTime() + h * H);
  it.each([
    // current until (h), requested until (h), result until (h)
    [null, 24, 24],
    [168, 24, 168], // a shorter request never shortens
    [24, 168, 168], // a longer one lengthens
    [-1, 24, 24], // an ended one is replaced
  ])("running until %s h, asked until %s h → until %s h", (current, requested, result) => {
    const cur = current === null ? null : { kind: "timeout" as const, until: at(current) };
    expect(lengthenExclusion(cur, { kind: "timeout", until: at(requested) }, NOW).until).toEqual(at(result));
  });

  it("an exclusion stops running at its end", () => {
    const e = { kind: "timeout" as const, until: at(24) };
    expect(runningExclusion(e, at(23))).toBe(e);
    expect(runningExclusion(e, at(24))).toBeNull();
  });
});
