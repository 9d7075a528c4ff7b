// The index price (issue 32 §2): which venues' readings count, the weighted median, and the
// jump guard — each a table of scenarios.
import { describe, expect, it } from "vitest";
import {
  computeIndex,
  DEFAULT_INDEX_RULE,
  guardJump,
  type IndexRule,
  type JumpGuardState,
  type SourceReading,
} from "../src";

const NOW = 1_800_000_000_000;
/** A reading received `ageMs` before NOW. */
const r = (source: string, price: string, ageMs = 100): SourceReading => ({
  source,
  price,
  sourceTime: NOW - ageMs - 20,
  receivedAt: NOW - ageMs,
});

/** "a=100 b=100.8 c=100.5@6000": readings by source, "@ms" = received that long before NOW. */
const readings = (script: string): SourceReading[] =>
  script
    .split(" ")
    .filter(Boolean)
    .map((item) => {
      const [source = "", rest = ""] = item.split("=");
      const [price = "", age] = rest.split("@");
      return r(source, price, age === undefined ? undefined : Number(age));
    });

describe("computeIndex (maxAgeMs 5000, bandPct 1, minSources 2 unless the rule says otherwise)", () => {
  it.each<[string, string, Partial<IndexRule> & { scale?: number }, string, string]>([
    // name, readings, rule, index price or why there is none, readings not used ("source:reason", "-" none)
    ["median of three (odd count)", "a=100 b=100.8 c=100.5", {}, "100.5", ""],
    ["median of four (even count): the mean of the two middle ones", "a=100 b=100.6 c=100.2 d=100.4", {}, "100.3", ""],
    ["an even count's mean rounds half-up to the symbol's precision", "a=100.01 b=100.02", { scale: 2 }, "100.02", ""],
    ["a heavier source pulls the median to itself", "a=100 b=100.5 c=100.8", { weights: { a: "3" } }, "100", ""],
    [
      "weights splitting exactly in half give the mean of both sides",
      "a=100 b=100.4 c=100.6",
      { weights: { a: "2" } },
      "100.2",
      "",
    ],
    ['weight "0" leaves a source out', "a=90 b=101 c=101.2", { weights: { a: "0" } }, "101.1", "a:excluded"],
    [
      "the operator's exclusion list leaves a source out",
      "a=100 b=100.2 c=120",
      { excluded: ["c"] },
      "100.1",
      "c:excluded",
    ],
    ["a reading older than maxAgeMs is stale and left out", "a=100 b=100.2 c=100.9@5001", {}, "100.1", "c:stale"],
    ["a reading exactly maxAgeMs old is still fresh", "a=100@5000 b=100.2", {}, "100.1", ""],
    ["a source that lies is an outlier; the others make the price", "a=100 b=100.1 c=150", {}, "100.05", "c:outlier"],
    ["a reading exactly bandPct from the median still agrees", "a=100 b=100 c=101", {}, "100", ""],
    [
      "a tighter band makes a small deviation an outlier",
      "a=100 b=100.01 c=100.5",
      { bandPct: "0.1" },
      "100.005",
      "c:outlier",
    ],
    [
      "two of three sources down (stale) → unavailable",
      "a=100 b=100.1@9000 c=100.2@60000",
      {},
      "unavailable",
      "a:- b:stale c:stale",
    ],
    ["no readings at all → unavailable", "", {}, "unavailable", ""],
    [
      "two fresh sources far apart, no telling which lies → disagree",
      "a=100 b=110",
      {},
      "disagree",
      "a:outlier b:outlier",
    ],
    [
      "three spread apart, only the middle one near the median → disagree",
      "a=100 b=103 c=106",
      {},
      "disagree",
      "a:outlier b:- c:outlier",
    ],
    [
      "minSources 3: one liar among three leaves too few → disagree",
      "a=100 b=100.1 c=150",
      { minSources: 3 },
      "disagree",
      "a:- b:- c:outlier",
    ],
  ])("%s", (_name, script, { scale, ...rule }, expected, notUsedScript) => {
    const result = computeIndex(readings(script), { ...DEFAULT_INDEX_RULE, ...rule }, NOW, scale);
    expect(result.ok ? result.price : result.reason).toBe(expected);
    const notUsed = Object.fromEntries(
      notUsedScript
        .split(" ")
        .filter(Boolean)
        .map((x) => x.split(":")),
    );
    for (const c of result.components) {
      const reason = notUsed[c.source];
      expect({ source: c.source, used: c.used, reason: c.reason }).toEqual({
        source: c.source,
        used: result.ok && reason === undefined,
        reason: reason === undefined || reason === "-" ? undefined : reason,
      });
    }
  });

  it("reports every reading as a component: price, venue time and weight", () => {
    const result = computeIndex([r("a", "100"), r("b", "100.2")], { ...DEFAULT_INDEX_RULE, weights: { b: "2" } }, NOW);
    expect(result.components).toEqual([
      { source: "a", price: "100", sourceTime: NOW - 120, weight: "1", used: true },
      { source: "b", price: "100.2", sourceTime: NOW - 120, weight: "2", used: true },
    ]);
  });

  it("recovers: unavailable while two venues are down, a price again once they are back", () => {
    const rule = DEFAULT_INDEX_RULE;
    const steps: [string, string, string][] = [
      ["all three live", "a=100 b=100.1 c=100.2", "100.1"],
      ["b and c down", "a=100.3 b=100.1@6000 c=100.2@6000", "unavailable"],
      ["c back but lying", "a=100.3 b=100.1@6000 c=80", "disagree"],
      ["b back", "a=100.3 b=100.4 c=80", "100.35"],
      ["c honest again", "a=100.3 b=100.4 c=100.5", "100.4"],
    ];
    for (const [name, script, expected] of steps) {
      const result = computeIndex(readings(script), rule, NOW);
      expect(result.ok ? result.price : result.reason, name).toBe(expected);
    }
  });

  it.each([
    ["two readings from one source", [r("a", "100"), r("a", "101")], {}],
    ["a price that is not positive", [r("a", "0"), r("b", "100")], {}],
    ["a negative weight", [r("a", "100"), r("b", "100")], { weights: { a: "-1" } }],
  ])("refuses %s (the caller's bug, not a market event)", (_name, readings, rule) => {
    expect(() => computeIndex(readings, { ...DEFAULT_INDEX_RULE, ...rule }, NOW)).toThrow(RangeError);
  });
});

describe("guardJump (jumpPct 5, confirmWithinMs 1000)", () => {
  const rule = { jumpPct: "5", confirmWithinMs: 1000 };
  it.each([
    // name, candidates "price@ms emit|hold", the price held at the end ("-" none)
    ["the first price is emitted", "100@0 emit", "-"],
    ["a move within jumpPct is emitted", "100@0 emit, 104.9@200 emit", "-"],
    ["a move of exactly jumpPct is emitted", "100@0 emit, 105@200 emit", "-"],
    ["a sudden jump is held", "100@0 emit, 110@200 hold", "110"],
    ["a held jump confirmed by a second reading near it is emitted", "100@0 emit, 110@200 hold, 110.5@400 emit", "-"],
    ["a reading back near the last price drops the hold", "100@0 emit, 110@200 hold, 100.2@400 emit", "-"],
    [
      "after a dropped hold the same jump is held afresh",
      "100@0 emit, 110@200 hold, 100.2@400 emit, 110@600 hold",
      "110",
    ],
    ["a second jump elsewhere replaces the hold", "100@0 emit, 110@100 hold, 90@200 hold, 90.5@300 emit", "-"],
    [
      "a slow move, each step within jumpPct, is never held",
      "100@0 emit, 104@300 emit, 108@600 emit, 112@900 emit, 116@1200 emit",
      "-",
    ],
    ["a large move after longer than confirmWithinMs (a gap) is emitted", "100@0 emit, 110@1001 emit", "-"],
    ["a sudden drop is held like a rise", "100@0 emit, 94@500 hold", "94"],
  ])("%s", (_name, script, heldAtEnd) => {
    const steps = script.split(", ").map((step) => {
      const [price = "", at = "", verb] = step.split(/[@ ]/);
      return { price, at: Number(at), emit: verb === "emit" };
    });
    let state: JumpGuardState = {};
    for (const step of steps) {
      const out = guardJump(state, { price: step.price, at: step.at }, rule);
      expect({ at: step.at, emit: out.emit, held: out.held }).toEqual({
        at: step.at,
        emit: step.emit,
        held: !step.emit,
      });
      state = out.state;
    }
    expect(state.held?.price ?? "-").toBe(heldAtEnd);
    expect(state.last?.price).toBe(steps.filter((s) => s.emit).at(-1)?.price);
  });
});
