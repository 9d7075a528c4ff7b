// recordedTickPages: a symbol's recorded ticks page by page, as the futures and loan
// settlers' replay and the spot settler's first crossing read them. The source here is
// an array with ticksBetween's contract (inclusive bounds, oldest first, up to `limit`).
import { describe, expect, it } from "vitest";
import type { MarketTick } from "../../src/modules/settlement/service";
import { recordedTickPages } from "../../src/modules/settlement/service";

const tick = (ts: number, n: number): MarketTick => ({
  symbol: "BTCUSDT",
  price: String(n),
  volume: "1",
  ts,
  source: "sim",
});

function source(ticks: MarketTick[]) {
  const calls: number[] = [];
  return {
    calls,
    async ticksBetween(_symbol: string, fromMs: number, toMs: number, limit = 1000) {
      calls.push(fromMs);
      return ticks.filter((t) => t.ts >= fromMs && t.ts <= toMs).slice(0, limit);
    },
  };
}

async function read(ticks: MarketTick[], from: number, to: number, pageSize: number) {
  const s = source(ticks);
  const pages: string[][] = [];
  for await (const page of recordedTickPages(s, "BTCUSDT", from, to, pageSize)) pages.push(page.map((t) => t.price));
  return { pages, calls: s.calls };
}

describe("recordedTickPages", () => {
  const series = (times: number[]) => times.map((ts, i) => tick(ts, i));
  it.each([
    {
      name: "fewer ticks than a page: one page",
      ticks: series([10, 20, 30]),
      from: 0,
      to: 100,
      pageSize: 5,
      pages: [["0", "1", "2"]],
    },
    {
      name: "only the ticks inside [from, to]",
      ticks: series([10, 20, 30, 40]),
      from: 20,
      to: 30,
      pageSize: 5,
      pages: [["1", "2"]],
    },
    {
      name: "a full last page is followed by an empty one",
      ticks: series([10, 20, 30, 40]),
      from: 0,
      to: 100,
      pageSize: 2,
      pages: [["0", "1"], ["1", "2"], ["2", "3"], ["3"]],
    },
    {
      // Reading on from the last tick's millisecond + 1 (the spot settler did) skipped "2".
      name: "a page that ends inside a millisecond: the next starts on it again, none skipped",
      ticks: series([10, 20, 20, 30]),
      from: 0,
      to: 100,
      pageSize: 2,
      pages: [["0", "1"], ["1", "2"], ["3"]],
    },
    {
      name: "no ticks: one empty page",
      ticks: [],
      from: 0,
      to: 100,
      pageSize: 2,
      pages: [[]],
    },
  ])("$name", async ({ ticks, from, to, pageSize, pages }) => {
    const got = await read(ticks, from, to, pageSize);
    expect(got.pages).toEqual(pages);
  });

  it("a full page on one millisecond moves on by a millisecond rather than reading it forever", async () => {
    const got = await read(series([20, 20, 20, 30]), 20, 100, 3);
    expect(got.calls).toEqual([20, 21]);
    expect(got.pages).toEqual([["0", "1", "2"], ["3"]]);
  });

  it("every tick of a long series is seen at least once, in order", async () => {
    const times = Array.from({ length: 2500 }, (_, i) => 1000 + Math.floor(i / 3));
    const ticks = series(times);
    const got = await read(ticks, 0, 10_000, 1000);
    const seen = new Set(got.pages.flat());
    expect(seen.size).toBe(ticks.length);
    const flat = got.pages.flat().map(Number);
    for (let i = 1; i < flat.length; i++)
      expect(ticks[flat[i] as number]?.ts).toBeGreaterThanOrEqual(ticks[flat[i - 1] as number]?.ts ?? 0);
  });
});
