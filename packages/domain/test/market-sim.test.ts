// The simulated feed is deterministic by seed and behaves like a market.
import { describe, expect, it } from "vitest";
import {
  ALWAYS_OPEN,
  nextSimTick,
  rngFromState,
  SIM_TICK_MAX_MS,
  SIM_TICK_MIN_MS,
  type SimParams,
  seededRng,
  simCandle,
  simStep,
  YEAR_MS,
} from "../src";

const btc: SimParams = {
  volatility: 0.6,
  referencePrice: 65000,
  pricePrecision: 2,
  qtyPrecision: 5,
  dailyVolume: 20000,
  hours: ALWAYS_OPEN,
};

function run(seed: number | string, symbol: string, n: number) {
  const rng = seededRng(seed, symbol);
  let price = btc.referencePrice;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = nextSimTick(price, btc, rng);
    price = t.price;
    out.push(`${t.delayMs}:${t.price.toFixed(2)}:${t.volume.toFixed(5)}`);
  }
  return out;
}

describe("simulated feed determinism", () => {
  it("the same seed gives the same ticks (delays, prices, volumes)", () => {
    expect(run(42, "BTCUSDT", 500)).toEqual(run(42, "BTCUSDT", 500));
  });

  it("a different seed, or another symbol under the same seed, gives different ticks", () => {
    const a = run(42, "BTCUSDT", 50);
    expect(run(43, "BTCUSDT", 50)).not.toEqual(a);
    expect(run(42, "ETHUSDT", 50)).not.toEqual(a);
  });

  it("pins the first ticks of seed 1 (a change to the walk is a visible, reviewed change)", () => {
    expect(run(1, "BTCUSDT", 3)).toMatchInlineSnapshot(`
      [
        "974:65005.78:0.10439",
        "890:65003.37:0.16971",
        "956:65002.67:0.16384",
      ]
    `);
  });

  it("can pause and resume a generator from its state", () => {
    const a = seededRng(7, "X");
    a.next();
    const b = rngFromState(a.state());
    expect([a.next(), a.gaussian(), a.int(1, 6)]).toEqual([b.next(), b.gaussian(), b.int(1, 6)]);
  });
});

describe("simulated feed behaviour", () => {
  it("ticks every 250–1,000 ms", () => {
    const rng = seededRng(5, "BTCUSDT");
    const delays = Array.from({ length: 2000 }, () => nextSimTick(65000, btc, rng).delayMs);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(SIM_TICK_MIN_MS);
    expect(Math.max(...delays)).toBeLessThanOrEqual(SIM_TICK_MAX_MS);
    expect(Math.min(...delays)).toBeLessThan(300);
    expect(Math.max(...delays)).toBeGreaterThan(950);
  });

  it("has the configured volatility over many days (within 10 %)", () => {
    const rng = seededRng(9, "vol");
    const day = YEAR_MS / 365;
    let price = btc.referencePrice;
    const returns: number[] = [];
    for (let i = 0; i < 3000; i++) {
      const next = simStep(price, day, btc, rng);
      returns.push(Math.log(next / price));
      price = next;
    }
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, b) => a + (b - mean) ** 2, 0) / returns.length);
    const annualised = sd * Math.sqrt(365);
    expect(annualised).toBeGreaterThan(0.54);
    expect(annualised).toBeLessThan(0.66);
  });

  it("stays near its reference price over years (mean reversion)", () => {
    const rng = seededRng(11, "long");
    let price = btc.referencePrice;
    const day = YEAR_MS / 365;
    for (let i = 0; i < 365 * 10; i++) price = simStep(price, day, btc, rng);
    expect(price).toBeGreaterThan(btc.referencePrice / 4);
    expect(price).toBeLessThan(btc.referencePrice * 4);
  });

  it.each([
    ["forward", 100],
    ["backward", 100],
  ] as const)("a %s candle keeps open/close inside high/low and rounds to the precision", (direction, anchor) => {
    const rng = seededRng(3, direction);
    for (let i = 0; i < 200; i++) {
      const { candle, farPrice } = simCandle(0, 60_000, anchor, direction, { ...btc, referencePrice: 100 }, rng);
      const [o, h, l, cl] = [candle.open, candle.high, candle.low, candle.close].map(Number) as number[];
      expect(h).toBeGreaterThanOrEqual(Math.max(o as number, cl as number));
      expect(l).toBeLessThanOrEqual(Math.min(o as number, cl as number));
      expect(candle.close).toMatch(/^\d+\.\d{2}$/);
      expect(candle.volume).toMatch(/^\d+\.\d{5}$/);
      if (direction === "forward") expect(candle.open).toBe("100.00");
      else expect(candle.close).toBe("100.00");
      expect(farPrice).toBe(Number(direction === "forward" ? candle.close : candle.open));
    }
  });
});
