// Feed adapters: Binance ticker messages (recorded fixtures, a local websocket server —
// never the network), the replay file, and the sim feed's timing, determinism and stop.
import fs from "node:fs";
import path from "node:path";
import { pino } from "pino";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { WebSocketServer } from "ws";
import { BinanceFeed, parseBinanceMessage } from "../../src/modules/market/feeds/binance";
import { parseReplayCsv, ReplayFeed, replayTicks } from "../../src/modules/market/feeds/replay";
import { SimFeed } from "../../src/modules/market/feeds/sim";
import type { FeedContext, FeedTickInput } from "../../src/modules/market/feeds/types";
import { SYMBOL_SEEDS } from "../../src/modules/market/symbols";
import type { SymbolInfo } from "../../src/modules/market/types";

const fixtures = path.join(import.meta.dirname, "fixtures");
const frames = fs.readFileSync(path.join(fixtures, "binance-ticker-stream.jsonl"), "utf8").trim().split("\n");
const symbols: SymbolInfo[] = SYMBOL_SEEDS.map((s, i) => ({ ...s, sortOrder: i, enabled: true }));
const log = pino({ level: "silent" });

function context(only?: string[]) {
  const ticks: (FeedTickInput & { at: number })[] = [];
  const ctx: FeedContext = {
    symbols: only ? symbols.filter((s) => only.includes(s.symbol)) : symbols,
    lastPrice: () => undefined,
    emit: (t) => ticks.push({ ...t, at: Date.now() }),
    log,
  };
  return { ctx, ticks };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, timeoutMs = 3000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not reached");
    await sleep(10);
  }
}

describe("Binance ticker messages (recorded fixtures)", () => {
  it.each([
    [0, "subscription reply", []],
    [1, "combined-stream 24 h ticker", [["BTCUSDT", "91917.86000000", 1763766000125, "21743.15402000"]]],
    [2, "another symbol", [["ETHUSDT", "2970.56000000", 1763766000203, "447219.16370000"]]],
    [
      4,
      "!ticker@arr array",
      [
        ["SOLUSDT", "135.71000000", 1763766001500, "3984120.30100000"],
        ["PEPEUSDT", "0.00000593", 1763766001500, "9912000000000.00"],
      ],
    ],
    [5, "raw mini ticker", [["DOGEUSDT", "0.15621000", 1763766002010, "2913002121.00000000"]]],
    [7, "a depth update", []],
    [8, "a ticker with a bad price", []],
    [9, "a line that is not JSON", []],
  ])("frame %i (%s)", (line, _name, expected) => {
    const parsed = parseBinanceMessage(frames[line] as string);
    expect(parsed.map((t) => [t.symbol, t.price, t.eventTime, t.volume24h])).toEqual(expected);
  });
});

describe("Binance feed", () => {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  const requests: string[] = [];
  let connections = 0;
  server.on("connection", (socket, request) => {
    connections++;
    requests.push(request.url ?? "");
    if (connections === 1) {
      for (const frame of frames) socket.send(frame);
      setTimeout(() => socket.close(), 50); // the exchange drops us; the feed must come back
    } else {
      socket.send(frames[3] as string);
    }
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("subscribes to the crypto tickers, emits prices with traded volume, reconnects, and simulates the rest", async () => {
    const port = (server.address() as { port: number }).port;
    const feed = new BinanceFeed({ url: `ws://127.0.0.1:${port}`, seed: 1, reconnectMinMs: 20 });
    const { ctx, ticks } = context();
    await feed.start(ctx);
    await until(() => connections >= 2 && ticks.filter((t) => t.source === "binance").length >= 7);
    await feed.stop();

    const streams = new URL(`http://x${requests[0]}`).searchParams.get("streams")?.split("/") ?? [];
    expect(requests[0]).toMatch(/^\/stream\?streams=/);
    expect(streams).toContain("btcusdt@ticker");
    expect(streams).toContain("avaxusdt@ticker");
    expect(streams).toHaveLength(12);
    expect(streams.some((s) => s.startsWith("xauusd") || s.startsWith("eurusd"))).toBe(false);

    const fromBinance = ticks
      .filter((t) => t.source === "binance")
      .map(({ symbol, price, volume }) => [symbol, price, volume]);
    expect(fromBinance).toEqual([
      ["BTCUSDT", "91917.86000000", "0"],
      ["ETHUSDT", "2970.56000000", "0"],
      ["BTCUSDT", "91921.39000000", "0.4251"], // the 24 h volume grew by 0.4251
      ["SOLUSDT", "135.71000000", "0"], // PEPEUSDT in the same frame is not listed: ignored
      ["DOGEUSDT", "0.15621000", "0"],
      ["BTCUSDT", "91916.27000000", "0"], // the rolling volume fell: no negative volume
      ["BTCUSDT", "91921.39000000", "1.67701"], // after reconnecting
    ]);
    expect(feed.isSimulated("BTCUSDT")).toBe(false);
    expect(feed.isSimulated("XAUUSD")).toBe(true);
    expect(feed.generatesHistory("BTCUSDT")).toBe(false);
    expect(feed.generatesHistory("EURUSD")).toBe(true);
  });
});

describe("replay file", () => {
  it("parses candles and skips comments", () => {
    const candles = parseReplayCsv(fs.readFileSync(path.join(fixtures, "replay-candles.csv"), "utf8"));
    expect(candles).toHaveLength(5);
    expect(candles[0]).toEqual({
      symbol: "BTCUSDT",
      time: Date.parse("2025-11-21T10:00:00Z"),
      open: "91900.00",
      high: "91950.10",
      low: "91880.00",
      close: "91940.00",
      volume: "12.5",
    });
  });

  it.each([
    ["sym,t,o,h,l,c,v\n", "header"],
    ["symbol,time,open,high,low,close,volume\nBTCUSDT,yesterday,1,1,1,1,1", "line 2: bad time"],
    ["symbol,time,open,high,low,close,volume\nBTCUSDT,1,1,1,1,1,-1", "line 2: bad volume"],
    ["symbol,time,open,high,low,close,volume\nBTCUSDT,1,2,1.5,1,1,1", "line 2: high/low"],
    [
      "symbol,time,open,high,low,close,volume\nBTCUSDT,2,1,1,1,1,1\nBTCUSDT,1,1,1,1,1,1",
      "line 3: BTCUSDT rows are not in time order",
    ],
    ["symbol,time,open,high,low,close,volume\nbtc-usdt,1,1,1,1,1,1", "bad symbol"],
  ])("rejects %j with a message naming the problem", (text, message) => {
    expect(() => parseReplayCsv(text)).toThrow(message);
  });

  it("turns a rising candle into open, low, high, close and a falling one into open, high, low, close", () => {
    const up = { symbol: "X", time: 0, open: "10", high: "12", low: "9", close: "11", volume: "1" };
    expect(replayTicks(up, 2).map((t) => t.price)).toEqual(["10", "9", "12", "11"]);
    expect(replayTicks({ ...up, close: "9.5" }, 2).map((t) => t.price)).toEqual(["10", "12", "9", "9.5"]);
    expect(replayTicks(up, 2).map((t) => t.volume)).toEqual(["0.25", "0.25", "0.25", "0.25"]);
    expect(replayTicks({ ...up, volume: "1.01" }, 2).map((t) => t.volume)).toEqual(["0.25", "0.25", "0.25", "0.26"]);
  });

  it("plays the file as ticks and starts over at the end", async () => {
    const feed = new ReplayFeed(path.join(fixtures, "replay-candles.csv"), 5);
    const { ctx, ticks } = context(["BTCUSDT", "ETHUSDT"]);
    await feed.start(ctx);
    await until(() => ticks.filter((t) => t.symbol === "BTCUSDT").length >= 10);
    await feed.stop();
    expect(
      ticks
        .filter((t) => t.symbol === "BTCUSDT")
        .map((t) => t.price)
        .slice(0, 10),
    ).toEqual([
      "91900.00",
      "91880.00",
      "91950.10",
      "91940.00",
      "91940.00",
      "91960.00",
      "91800.00",
      "91810.55",
      "91900.00",
      "91880.00",
    ]);
    expect(ticks.every((t) => t.source === "replay")).toBe(true);
    expect(feed.isSimulated()).toBe(true);
  });
});

describe("sim feed", () => {
  const WEDNESDAY = Date.parse("2026-11-18T12:00:00Z");
  const SATURDAY = Date.parse("2026-11-21T12:00:00Z");
  afterEach(() => {
    vi.useRealTimers();
  });

  async function run(seed: number | null, now: number, only: string[], ms: number) {
    vi.useFakeTimers({ now });
    const { ctx, ticks } = context(only);
    const feed = new SimFeed(seed);
    await feed.start(ctx);
    vi.advanceTimersByTime(ms);
    await feed.stop();
    const left = vi.getTimerCount();
    vi.useRealTimers();
    return { ticks, left };
  }

  it("ticks each open symbol every 250–1,000 ms and leaves no timer after stop", async () => {
    const { ticks, left } = await run(7, WEDNESDAY, ["BTCUSDT", "EURUSD", "XAUUSD"], 60_000);
    expect(left).toBe(0);
    for (const symbol of ["BTCUSDT", "EURUSD", "XAUUSD"]) {
      const mine = ticks.filter((t) => t.symbol === symbol);
      expect(mine.length).toBeGreaterThan(60);
      expect(mine.length).toBeLessThan(240);
      for (let i = 1; i < mine.length; i++) {
        const gap = (mine[i]?.at ?? 0) - (mine[i - 1]?.at ?? 0);
        expect(gap).toBeGreaterThanOrEqual(250);
        expect(gap).toBeLessThanOrEqual(1000);
      }
    }
    expect(ticks.find((t) => t.symbol === "EURUSD")?.price).toMatch(/^1\.\d{5}$/);
  });

  it("gives the same ticks (times, prices, volumes) for the same seed, and others for another", async () => {
    const a = await run(7, WEDNESDAY, ["BTCUSDT", "ETHUSDT"], 20_000);
    const b = await run(7, WEDNESDAY, ["BTCUSDT", "ETHUSDT"], 20_000);
    const c = await run(8, WEDNESDAY, ["BTCUSDT", "ETHUSDT"], 20_000);
    expect(a.ticks).toEqual(b.ticks);
    expect(c.ticks).not.toEqual(a.ticks);
  });

  it("without a seed draws from the CSPRNG: two runs from the same price give other ticks", async () => {
    const a = await run(null, WEDNESDAY, ["BTCUSDT"], 5000);
    const b = await run(null, WEDNESDAY, ["BTCUSDT"], 5000);
    expect(a.ticks.length).toBeGreaterThan(4);
    expect(a.ticks.map((t) => t.price)).not.toEqual(b.ticks.map((t) => t.price));
  });

  it("does not move forex and metals while their market is closed", async () => {
    const { ticks } = await run(7, SATURDAY, ["BTCUSDT", "EURUSD", "XAUUSD"], 10_000);
    expect(ticks.filter((t) => t.symbol === "BTCUSDT").length).toBeGreaterThan(9);
    expect(ticks.filter((t) => t.symbol !== "BTCUSDT")).toEqual([]);
  });

  it("starts from the last known price so live prices continue the stored history", async () => {
    vi.useFakeTimers({ now: WEDNESDAY });
    const { ctx, ticks } = context(["BTCUSDT"]);
    const feed = new SimFeed(3);
    await feed.start({ ...ctx, lastPrice: () => "50000.00" });
    vi.advanceTimersByTime(1000);
    await feed.stop();
    expect(Math.abs(Number(ticks[0]?.price) - 50000)).toBeLessThan(500);
  });
});
