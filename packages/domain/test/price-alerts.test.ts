import { describe, expect, it } from "vitest";
import { alertStep, firesAlong, type PriceAlertKind, ThresholdBook } from "../src/alerts";

// [kind, value, start price, ticks, indexes of the ticks that fire, 24 h reference]
const TABLE: Array<[PriceAlertKind, number, number, number[], number[], number?]> = [
  ["above", 100, 95, [98, 100, 101, 102], [1]], // reaching the value counts; staying above does not refire
  ["above", 100, 95, [101, 99, 101, 100, 99.99, 100], [0, 2, 5]], // re-armed each time it goes back below
  ["above", 100, 105, [106, 104, 101], []], // created above: waits for a new crossing
  ["above", 100, 105, [99, 100], [1]],
  ["below", 50, 55, [52, 50, 49, 48], [1]],
  ["below", 50, 55, [49, 51, 49, 50.01, 50], [0, 2, 4]],
  ["below", 50, 45, [44, 46], []],
  ["move24h", 5, 100, [103, 105, 106, 104, 94.9, 96, 95], [1, 4, 6], 100], // |p/ref − 1| ≥ 5 %, both directions
  ["move24h", 5, 110, [111, 104, 106], [2], 100], // created after a 10 % move: waits for it to fall under 5 %
];

describe("price alerts fire once per crossing", () => {
  it.each(TABLE)("%s %d from %d along %j fires at %j", (kind, value, start, prices, fires, ref) => {
    expect(firesAlong(kind, value, prices, { startPrice: start, ref })).toEqual(fires);
  });

  it("the sorted books agree with the reference rule on every row", () => {
    for (const [kind, value, start, prices, fires, ref] of TABLE) {
      const book = new ThresholdBook(kind !== "below");
      const observed = (p: number) => (kind === "move24h" ? Math.abs(p / (ref as number) - 1) * 100 : p);
      const startMet = kind === "below" ? observed(start) <= value : observed(start) >= value;
      book.add(1, value, !startMet);
      const got: number[] = [];
      prices.forEach((p, i) => {
        if (book.observe(observed(p)).fired.includes(1)) got.push(i);
      });
      expect(got, `${kind} ${value}`).toEqual(fires);
    }
  });

  it("a tick fires only the alerts it crosses, among many", () => {
    const book = new ThresholdBook(true);
    for (let i = 1; i <= 1000; i++) book.add(i, i, true);
    expect(book.observe(10.5).fired).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(book.observe(11).fired).toEqual([11]);
    expect(book.observe(11).fired).toEqual([]);
    expect(book.observe(9.5).rearmed).toEqual([10, 11]);
    expect(book.remove(500, 500)).toBe(true);
    expect(book.observe(600).fired).toHaveLength(590);
    expect(book.size).toBe(999);
  });

  it("a step re-arms only when the condition stops holding", () => {
    expect(alertStep(true, true)).toEqual({ fire: true, armed: false });
    expect(alertStep(false, true)).toEqual({ fire: false, armed: false });
    expect(alertStep(false, false)).toEqual({ fire: false, armed: true });
  });
});
