// Klines over REST: ticks → stored 1m candles → derived intervals; errors; paging.
import { bucketStart, type KlineInterval } from "@candor/domain";
import { describe, expect, it } from "vitest";
import { setupApp } from "../helper";

const { app, database } = await setupApp();
const klines = async (query: string) => {
  const res = await app.inject({ method: "GET", url: `/api/trade/appSymbol/kline?${query}` });
  return { status: res.statusCode, body: res.json() };
};

// A whole hour two hours back, so all its candles are closed.
const H = bucketStart(Date.now(), "4h") - 4 * 3_600_000;
const at = (min: number, sec = 0) => H + min * 60_000 + sec * 1000;

describe("candles from ticks", () => {
  it("aggregates ticks into 1m candles, oldest first, time in ms", async () => {
    const ticks: [number, number, string, string][] = [
      [0, 5, "100", "1"],
      [0, 30, "103", "2"],
      [0, 50, "99", "0.5"],
      [1, 10, "101", "1"],
      [1, 40, "104", "1"],
      [3, 0, "102", "3"], // no tick in minute 2: a gap, not an empty candle
    ];
    for (const [m, s, price, volume] of ticks) app.market.ingest({ symbol: "LTCUSDT", price, volume, ts: at(m, s) });
    const { status, body } = await klines("symbol=LTCUSDT&interval=1m");
    expect(status).toBe(200);
    expect(body.result).toEqual([
      { time: at(0), open: "100.00", high: "103.00", low: "99.00", close: "99.00", volume: "3.500" },
      { time: at(1), open: "101.00", high: "104.00", low: "101.00", close: "104.00", volume: "2.000" },
      { time: at(3), open: "102.00", high: "102.00", low: "102.00", close: "102.00", volume: "3.000" },
    ]);
  });

  it("derives 5m … 1w from the same ticks, before and after they are written", async () => {
    const expected5m = [
      { time: at(0), open: "100.00", high: "104.00", low: "99.00", close: "102.00", volume: "8.500" },
    ];
    expect((await klines("symbol=LTCUSDT&interval=5m")).body.result).toEqual(expected5m);
    await app.market.flush();
    const rows = await database.query<{ tier: string }>(
      "SELECT tier FROM market_candles WHERE symbol = 'LTCUSDT' ORDER BY tier",
    );
    expect(rows.map((r) => r.tier).sort()).toEqual(["15m", "1d", "1h", "1m", "1m", "1m"].sort());
    expect((await klines("symbol=LTCUSDT&interval=5m")).body.result).toEqual(expected5m);
    for (const interval of ["15m", "30m", "1h", "4h", "1d", "1w"] as KlineInterval[]) {
      const result = (await klines(`symbol=LTCUSDT&interval=${interval}`)).body.result;
      expect(result, interval).toEqual([{ ...expected5m[0], time: bucketStart(H, interval) }]);
    }
  });

  it("keeps updating the current candle and writes it again", async () => {
    app.market.ingest({ symbol: "LTCUSDT", price: "110", volume: "1", ts: at(3, 30) });
    await app.market.flush();
    app.market.ingest({ symbol: "LTCUSDT", price: "95", volume: "1", ts: at(3, 45) });
    const last = (await klines("symbol=LTCUSDT&interval=1m")).body.result.at(-1);
    expect(last).toEqual({
      time: at(3),
      open: "102.00",
      high: "110.00",
      low: "95.00",
      close: "95.00",
      volume: "5.000",
    });
    await app.market.flush();
    const [row] = await database.query<{ high: string; low: string }>(
      "SELECT high, low FROM market_candles WHERE symbol = 'LTCUSDT' AND tier = '1h'",
    );
    expect(Number(row?.high)).toBe(110);
    expect(Number(row?.low)).toBe(95);
  });

  it("ignores a tick older than the symbol's last one", async () => {
    expect(app.market.ingest({ symbol: "LTCUSDT", price: "1", ts: at(0, 1) })).toBeNull();
    expect(app.market.quote("LTCUSDT").price).toBe("95.00");
  });
});

describe("limit and paging", () => {
  it("returns the last `limit` candles and pages back with endTime", async () => {
    for (let m = 0; m < 30; m++) app.market.ingest({ symbol: "DOTUSDT", price: String(2 + m / 100), ts: at(m, 1) });
    await app.market.flush();
    const last5 = (await klines("symbol=DOTUSDT&interval=1m&limit=5")).body.result;
    expect(last5.map((c: { time: number }) => c.time)).toEqual([25, 26, 27, 28, 29].map((m) => at(m)));
    const older = (await klines(`symbol=DOTUSDT&interval=1m&limit=5&endTime=${at(25)}`)).body.result;
    expect(older.map((c: { time: number }) => c.time)).toEqual([20, 21, 22, 23, 24].map((m) => at(m)));
    const fiveMinute = (await klines(`symbol=DOTUSDT&interval=5m&limit=2&endTime=${at(20)}`)).body.result;
    expect(fiveMinute.map((c: { time: number }) => c.time)).toEqual([at(10), at(15)]);
    expect(fiveMinute[1]).toMatchObject({ open: "2.150", close: "2.190", volume: "0.00" });
  });
});

describe("errors", () => {
  it.each([
    ["symbol=BTCUSDT&interval=2m", 400, "interval"],
    ["symbol=BTCUSDT", 400, "interval"],
    ["symbol=BTCUSDT&interval=1m&limit=0", 400, "limit"],
    ["symbol=BTCUSDT&interval=1m&limit=5000", 400, "limit"],
    ["symbol=BTCUSDT&interval=1m&limit=ten", 400, "limit"],
    ["symbol=NOPEUSDT&interval=1m", 404, "NOPEUSDT"],
    ["interval=1m", 400, "symbol"],
  ])("?%s → %i naming %s", async (query, status, text) => {
    const { status: got, body } = await klines(query);
    expect(got).toBe(status);
    expect(body.success).toBe(false);
    expect(body.message).toContain(text);
  });

  it("a listed symbol that never ticked has no candles, and no error", async () => {
    expect((await klines("symbol=AVAXUSDT&interval=1h")).body.result).toEqual([]);
  });
});
