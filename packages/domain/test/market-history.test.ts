// Generated history: coverage of every chart, agreement between tiers, seamless ends.
import { describe, expect, it } from "vitest";
import {
  ALWAYS_OPEN,
  aggregateCandles,
  CANDLE_TIERS,
  type CandleTier,
  DAY_MS,
  FX_WEEK,
  generateHistory,
  HISTORY_FULL,
  HISTORY_SMALL,
  historySegments,
  intervalMs,
  isMarketOpen,
  rollUpTiers,
  type SimParams,
  seededRng,
} from "../src";

const btc: SimParams = {
  volatility: 0.6,
  referencePrice: 65000,
  pricePrecision: 2,
  qtyPrecision: 5,
  dailyVolume: 20000,
  hours: ALWAYS_OPEN,
};
const eur: SimParams = { ...btc, volatility: 0.07, referencePrice: 1.08, pricePrecision: 5, hours: FX_WEEK };
const NOW = Date.parse("2026-11-18T13:47:31.250Z"); // a Wednesday
const SATURDAY = Date.parse("2026-11-21T23:34:00.000Z");

describe("history plan", () => {
  it("full history: 1d for 400 days, 1h for 90, 15m for 14, 1m for 2, from whole UTC days", () => {
    const segs = historySegments(btc, NOW, HISTORY_FULL);
    expect(segs.map((s) => s.tier)).toEqual(["1d", "1h", "15m", "1m"]);
    const days = (t: number) => (NOW - t) / DAY_MS;
    expect(days(segs[0]?.from ?? 0)).toBeGreaterThanOrEqual(400);
    expect(days(segs[1]?.from ?? 0)).toBeGreaterThanOrEqual(90);
    expect(days(segs[2]?.from ?? 0)).toBeGreaterThanOrEqual(14);
    expect(days(segs[3]?.from ?? 0)).toBeGreaterThanOrEqual(2);
    for (const s of segs) expect(s.from % DAY_MS).toBe(0);
    expect(segs.at(-1)?.to).toBe(NOW);
    for (let i = 1; i < segs.length; i++) expect(segs[i]?.from).toBe(segs[i - 1]?.to);
  });

  it("forex reaches further back over a weekend so its charts hold as much trading time", () => {
    const fx = historySegments(eur, SATURDAY, HISTORY_FULL);
    const oneMinute = fx.find((s) => s.tier === "1m");
    if (!oneMinute) throw new Error("no 1m segment");
    let open = 0;
    for (let t = oneMinute.from; t < oneMinute.to; t += 60_000) if (isMarketOpen(FX_WEEK, t)) open += 60_000;
    expect(open).toBeGreaterThanOrEqual(2 * DAY_MS);
  });

  it("after a restart, fills only the gap and uses 1m candles up to the first whole coarse bucket", () => {
    const start = NOW - 20 * DAY_MS + 17 * 60_000; // 20 days ago, 17 minutes past a midnight-aligned hour
    const segs = historySegments(btc, NOW, HISTORY_FULL, start);
    expect(segs[0]).toEqual({ tier: "1m", from: start, to: Math.ceil(start / 3_600_000) * 3_600_000 });
    expect(segs.map((s) => s.tier)).toEqual(["1m", "1h", "15m", "1m"]);
    expect(historySegments(btc, NOW, HISTORY_FULL, NOW)).toEqual([]);
  });
});

describe("generated history", () => {
  const segs = historySegments(btc, NOW, HISTORY_SMALL);
  const gen = () => generateHistory(segs, { side: "end", price: 65000 }, btc, seededRng(1, "BTCUSDT"));

  it("is the same for the same seed", () => {
    expect(gen()).toEqual(gen());
  });

  it("ends exactly at the anchor price, and each candle opens at the previous close", () => {
    const items = gen();
    expect(items.at(-1)?.candle.close).toBe("65000.00");
    for (let i = 1; i < items.length; i++) expect(items[i]?.candle.open).toBe(items[i - 1]?.candle.close);
  });

  it("starting from a price continues from it", () => {
    const items = generateHistory(segs, { side: "start", price: 70000 }, btc, seededRng(1, "BTCUSDT"));
    expect(items[0]?.candle.open).toBe("70000.00");
  });

  it("every tier is complete and agrees with the finer tiers where they overlap", () => {
    const tiers = rollUpTiers(gen());
    for (const tier of CANDLE_TIERS) {
      const rows = tiers[tier];
      for (let i = 1; i < rows.length; i++) {
        expect((rows[i]?.time ?? 0) - (rows[i - 1]?.time ?? 0)).toBe(intervalMs(tier));
      }
    }
    const pairs: [CandleTier, CandleTier][] = [
      ["1m", "15m"],
      ["15m", "1h"],
      ["1h", "1d"],
    ];
    for (const [fine, coarse] of pairs) {
      const from = tiers[fine][0]?.time ?? 0;
      const rolled = aggregateCandles(tiers[fine], coarse);
      const stored = tiers[coarse].filter((c) => c.time >= from);
      expect(rolled).toEqual(stored);
    }
    expect(tiers["1d"].length).toBeGreaterThanOrEqual(30);
    expect(tiers["1m"].at(-1)?.time).toBe(Math.floor(NOW / 60_000) * 60_000);
  });

  it("skips the weekend for forex, and the price carries over it", () => {
    const fxSegs = historySegments(eur, SATURDAY, HISTORY_SMALL);
    const items = generateHistory(fxSegs, { side: "end", price: 1.08 }, eur, seededRng(1, "EURUSD"));
    for (const { candle } of items) {
      const day = new Date(candle.time).getUTCDay();
      expect(day).not.toBe(6);
    }
    expect(items.at(-1)?.candle.close).toBe("1.08000");
  });

  it("merges with the candles already stored for the first bucket of each tier", () => {
    const items = generateHistory(
      historySegments(btc, NOW, HISTORY_SMALL, NOW - 5 * 60_000),
      { side: "start", price: 100 },
      { ...btc, referencePrice: 100 },
      seededRng(1, "gap"),
    );
    const hourStart = Math.floor(NOW / 3_600_000) * 3_600_000;
    const existing = { time: hourStart, open: "90", high: "200", low: "1", close: "100", volume: "5" };
    const tiers = rollUpTiers(items, { "1h": existing });
    const first = tiers["1h"][0];
    expect(first).toMatchObject({ time: hourStart, open: "90", high: "200", low: "1" });
    expect(Number(first?.volume)).toBeGreaterThan(5);
  });
});
