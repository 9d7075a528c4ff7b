// Start of the market: generated history fills every chart and joins the live feed;
// after a restart only the gap is generated, continuing from the last close.
import { aggregateCandles, HISTORY_SMALL, KLINE_INTERVALS } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { ensureHistory } from "../../src/modules/market/history";
import { setupApp } from "../helper";

const { app, database } = await setupApp({ marketHistory: "small" });
const market = app.market;
// On PostgreSQL, pg's pool keeps a timer per idle connection (its idle timeout; the lifetime
// timer is unref'd and not counted), and the pool may have more idle connections after the
// history's writes than before (CI: 16 timers after, 15 before). Those are the pool's.
const pool = (database.db as unknown as { $client?: { idleCount?: number } }).$client;
const poolTimers = () => (database.kind === "postgres" ? (pool?.idleCount ?? 0) : 0);
const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length - poolTimers();

describe("first start", () => {
  it("writes history for every symbol, starts the feed, and stops without leaving timers", async () => {
    // The settlement leader's lease (a heartbeat with a timeout timer per beat on PostgreSQL)
    // comes and goes on its own: stop it so only the market's timers are counted.
    await app.settlement.stop();
    const before = timers();
    await market.start();
    expect(market.running).toBe(true);
    expect(market.lastHistory?.symbols).toBe(20);
    const btcStart = market.quote("BTCUSDT");
    expect(btcStart.price).toBe("92000.00"); // history ends at the reference price; live continues from it
    await new Promise((r) => setTimeout(r, 1500));
    const btcLive = market.quote("BTCUSDT");
    expect(btcLive.ts).toBeGreaterThan(btcStart.ts);
    expect(Math.abs(Number(btcLive.price) - 92000)).toBeLessThan(1000);
    await market.stop();
    expect(market.running).toBe(false);
    // (Other libraries' timers may end meanwhile, so "no more than before".)
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it.each(KLINE_INTERVALS)("has a %s chart for every symbol, ending at the live price", async (interval) => {
    for (const info of market.enabledSymbols()) {
      const candles = await market.klines(info.symbol, interval, 500);
      expect(candles.length, `${info.symbol} ${interval}`).toBeGreaterThan(
        { "1m": 150, "5m": 30, "15m": 40, "30m": 20, "1h": 48, "4h": 12, "1d": 20, "1w": 3 }[interval],
      );
      for (let i = 1; i < candles.length; i++) {
        expect((candles[i]?.time ?? 0) > (candles[i - 1]?.time ?? 0)).toBe(true);
      }
      expect(candles.at(-1)?.close, `${info.symbol} ${interval}`).toBe(market.quote(info.symbol).price);
    }
  });

  it("stored tiers agree: each 15m candle is the roll-up of its 1m candles", async () => {
    const rows = await database.query<{
      tier: string;
      open_time: Date;
      open: string;
      high: string;
      low: string;
      close: string;
      volume: string;
    }>(
      "SELECT tier, open_time, open, high, low, close, volume FROM market_candles WHERE symbol = 'ETHUSDT' AND tier IN ('1m', '15m') ORDER BY open_time",
    );
    const toCandle = (r: (typeof rows)[number]) => ({
      time: new Date(r.open_time).getTime(),
      open: Number(r.open).toString(),
      high: Number(r.high).toString(),
      low: Number(r.low).toString(),
      close: Number(r.close).toString(),
      volume: Number(r.volume).toFixed(4),
    });
    const oneMinute = rows.filter((r) => r.tier === "1m").map(toCandle);
    const from = oneMinute[0]?.time ?? 0;
    const rolled = aggregateCandles(oneMinute, "15m").map((c) => ({ ...c, volume: Number(c.volume).toFixed(4) }));
    const stored = rows
      .filter((r) => r.tier === "15m")
      .map(toCandle)
      .filter((c) => c.time >= from);
    expect(rolled.map((c) => [c.time, c.open, c.high, c.low, c.close])).toEqual(
      stored.map((c) => [c.time, c.open, c.high, c.low, c.close]),
    );
  });
});

describe("restart after a pause", () => {
  it("generates only the gap, continuing from the last close, and keeps the current buckets whole", async () => {
    const symbols = market.enabledSymbols().filter((s) => s.symbol === "BNBUSDT");
    const [lastBefore] = await database.query<{ open_time: Date; close: string }>(
      "SELECT open_time, close FROM market_candles WHERE symbol = 'BNBUSDT' AND tier = '1m' ORDER BY open_time DESC LIMIT 1",
    );
    const later = Date.now() + 45 * 60_000;
    const report = await ensureHistory(market.candles, symbols, HISTORY_SMALL, 1, later);
    expect(report.symbols).toBe(1);
    expect(report.rows).toBeGreaterThan(40);
    expect(report.rows).toBeLessThan(80);
    const after = await database.query<{ open_time: Date; open: string }>(
      "SELECT open_time, open FROM market_candles WHERE symbol = 'BNBUSDT' AND tier = '1m' AND open_time > $1 ORDER BY open_time",
      [lastBefore?.open_time],
    );
    expect(Number(after[0]?.open)).toBe(Number(lastBefore?.close));
    expect(new Date(after.at(-1)?.open_time ?? 0).getTime()).toBe(Math.floor(later / 60_000) * 60_000);
    // Nothing to do a second time.
    expect((await ensureHistory(market.candles, symbols, HISTORY_SMALL, 1, later)).rows).toBe(0);
  });
});
