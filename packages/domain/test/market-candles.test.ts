// Candle aggregation: tables of ticks → candles, and small candles → large ones.
import { describe, expect, it } from "vitest";
import {
  aggregateCandles,
  applyTick,
  bucketStart,
  type Candle,
  candlesFromTicks,
  divides,
  type KlineInterval,
  nextBucketStart,
} from "../src";

const T0 = Date.UTC(2026, 0, 5, 10, 0, 0); // Monday 10:00:00 UTC
const s = (sec: number) => T0 + sec * 1000;
const tick = (sec: number, price: string, volume = "1") => ({ ts: s(sec), price, volume });
const c = (time: number, open: string, high: string, low: string, close: string, volume: string): Candle => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});

describe("bucket start of each interval", () => {
  it.each([
    ["1m", "2026-01-07T13:47:31.250Z", "2026-01-07T13:47:00.000Z"],
    ["5m", "2026-01-07T13:47:31.250Z", "2026-01-07T13:45:00.000Z"],
    ["15m", "2026-01-07T13:47:31.250Z", "2026-01-07T13:45:00.000Z"],
    ["30m", "2026-01-07T13:47:31.250Z", "2026-01-07T13:30:00.000Z"],
    ["1h", "2026-01-07T13:47:31.250Z", "2026-01-07T13:00:00.000Z"],
    ["4h", "2026-01-07T13:47:31.250Z", "2026-01-07T12:00:00.000Z"],
    ["1d", "2026-01-07T13:47:31.250Z", "2026-01-07T00:00:00.000Z"],
    ["1w", "2026-01-07T13:47:31.250Z", "2026-01-05T00:00:00.000Z"], // Wednesday → Monday
    ["1w", "2026-01-05T00:00:00.000Z", "2026-01-05T00:00:00.000Z"], // Monday 00:00 is its own start
    ["1w", "2026-01-04T23:59:59.999Z", "2025-12-29T00:00:00.000Z"], // Sunday belongs to the week before
    ["1m", "2026-01-07T13:47:00.000Z", "2026-01-07T13:47:00.000Z"],
  ] as [KlineInterval, string, string][])("%s: %s → %s", (interval, at, expected) => {
    expect(new Date(bucketStart(Date.parse(at), interval)).toISOString()).toBe(expected);
  });

  it("next bucket of a week is the following Monday", () => {
    expect(new Date(nextBucketStart(Date.parse("2026-01-07T13:00:00Z"), "1w")).toISOString()).toBe(
      "2026-01-12T00:00:00.000Z",
    );
  });

  it.each([
    ["1m", "5m", true],
    ["15m", "30m", true],
    ["1h", "4h", true],
    ["1d", "1w", true],
    ["1h", "1w", true],
    ["5m", "15m", true],
    ["30m", "1h", true],
    ["15m", "5m", false],
    ["1w", "1d", false],
  ] as [KlineInterval, KlineInterval, boolean][])("%s divides %s: %s", (fine, coarse, expected) => {
    expect(divides(fine, coarse)).toBe(expected);
  });
});

describe("ticks → 1m candles", () => {
  it.each([
    {
      name: "one tick makes a flat candle",
      ticks: [tick(5, "100.5", "2")],
      candles: [c(s(0), "100.5", "100.5", "100.5", "100.5", "2")],
    },
    {
      name: "ticks within a minute set high, low, close and add volume exactly",
      ticks: [tick(1, "100", "0.1"), tick(20, "103", "0.2"), tick(40, "98", "0.3"), tick(59, "101", "0.4")],
      candles: [c(s(0), "100", "103", "98", "101", "1")],
    },
    {
      name: "a tick in the next minute closes the candle and opens the next at its price",
      ticks: [tick(10, "100"), tick(59.999, "102"), tick(60, "99"), tick(61, "99.5")],
      candles: [c(s(0), "100", "102", "100", "102", "2"), c(s(60), "99", "99.5", "99", "99.5", "2")],
    },
    {
      name: "a quiet minute leaves a gap, not an empty candle",
      ticks: [tick(0, "100"), tick(150, "101")],
      candles: [c(s(0), "100", "100", "100", "100", "1"), c(s(120), "101", "101", "101", "101", "1")],
    },
    {
      name: "decimal prices compare by value, not as text",
      ticks: [tick(0, "9.5"), tick(1, "10.25"), tick(2, "9.75")],
      candles: [c(s(0), "9.5", "10.25", "9.5", "9.75", "3")],
    },
    {
      name: "quotes without volume count as zero volume",
      ticks: [
        { ts: s(0), price: "1.08" },
        { ts: s(1), price: "1.09" },
      ],
      candles: [c(s(0), "1.08", "1.09", "1.08", "1.09", "0")],
    },
  ])("$name", ({ ticks, candles }) => {
    expect(candlesFromTicks(ticks, "1m")).toEqual(candles);
  });

  it("ignores a late tick from an earlier minute", () => {
    const first = applyTick(null, tick(70, "100"), "1m").candle;
    const late = applyTick(first, tick(30, "500"), "1m");
    expect(late.ignored).toBe(true);
    expect(late.candle).toEqual(first);
  });

  it("the same ticks give the same 5m candle directly and via 1m candles", () => {
    const ticks = [tick(0, "10"), tick(61, "12"), tick(130, "8"), tick(299, "11"), tick(301, "11.5")];
    expect(aggregateCandles(candlesFromTicks(ticks, "1m"), "5m")).toEqual(candlesFromTicks(ticks, "5m"));
  });
});

describe("small candles → large candles", () => {
  const m = (min: number) => T0 + min * 60_000;
  it.each([
    {
      name: "five 1m candles make one 5m candle",
      interval: "5m",
      input: [
        c(m(0), "10", "11", "9", "10.5", "1"),
        c(m(1), "10.5", "12", "10", "11", "2"),
        c(m(2), "11", "11.5", "8", "9", "3"),
        c(m(3), "9", "10", "9", "10", "4"),
        c(m(4), "10", "10.2", "9.9", "10.1", "5"),
      ],
      output: [c(m(0), "10", "12", "8", "10.1", "15")],
    },
    {
      name: "candles split at the 5m boundary",
      interval: "5m",
      input: [c(m(4), "10", "10", "10", "10", "1"), c(m(5), "11", "11", "11", "11", "1")],
      output: [c(m(0), "10", "10", "10", "10", "1"), c(m(5), "11", "11", "11", "11", "1")],
    },
    {
      name: "four 1h candles make one 4h candle aligned to 08:00",
      interval: "4h",
      input: [
        c(T0 - 2 * 3_600_000, "1", "2", "1", "2", "1"), // 08:00
        c(T0 - 3_600_000, "2", "3", "2", "3", "1"), // 09:00
        c(T0, "3", "3", "0.5", "1", "1"), // 10:00
        c(T0 + 3_600_000, "1", "1", "1", "1", "0.5"), // 11:00
        c(T0 + 2 * 3_600_000, "5", "5", "5", "5", "1"), // 12:00 → next 4h candle
      ],
      output: [c(T0 - 2 * 3_600_000, "1", "3", "0.5", "1", "3.5"), c(T0 + 2 * 3_600_000, "5", "5", "5", "5", "1")],
    },
    {
      name: "daily candles roll up into Monday-aligned weeks",
      interval: "1w",
      input: [
        c(Date.parse("2026-01-03T00:00:00Z"), "100", "110", "90", "105", "10"), // Saturday
        c(Date.parse("2026-01-04T00:00:00Z"), "105", "106", "104", "104", "10"), // Sunday
        c(Date.parse("2026-01-05T00:00:00Z"), "104", "120", "100", "118", "10"), // Monday
        c(Date.parse("2026-01-06T00:00:00Z"), "118", "119", "95", "99", "10"),
      ],
      output: [
        c(Date.parse("2025-12-29T00:00:00Z"), "100", "110", "90", "104", "20"),
        c(Date.parse("2026-01-05T00:00:00Z"), "104", "120", "95", "99", "20"),
      ],
    },
  ] as { name: string; interval: KlineInterval; input: Candle[]; output: Candle[] }[])(
    "$name",
    ({ interval, input, output }) => {
      expect(aggregateCandles(input, interval)).toEqual(output);
    },
  );
});
