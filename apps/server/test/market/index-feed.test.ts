// The index feed (issue 32 §2) with in-memory venues (no network): venues that agree make the
// tick, a lying venue is left out, venues going down halt the symbol, their return resumes it,
// and a sudden jump waits for a second reading.
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IndexFeed } from "../../src/modules/market/feeds/index-feed";
import type { FeedContext, FeedTickInput } from "../../src/modules/market/feeds/types";
import type { PriceSource, SourceName, SourceStatus } from "../../src/modules/market/sources/types";
import { SYMBOL_SEEDS } from "../../src/modules/market/symbols";
import type { SymbolInfo } from "../../src/modules/market/types";

const WEDNESDAY = Date.parse("2026-11-18T12:00:00Z");
const symbols: SymbolInfo[] = SYMBOL_SEEDS.filter((s) => ["BTCUSDT", "ETHUSDT", "XAUUSD"].includes(s.symbol)).map(
  (s, i) => ({ ...s, sortOrder: i, enabled: true }),
);

class FakeVenue implements PriceSource {
  started = false;
  stopped = false;
  constructor(
    readonly name: SourceName,
    private readonly symbols: readonly string[] = ["BTCUSDT", "ETHUSDT"],
  ) {}
  start() {
    this.started = true;
  }
  async stop() {
    this.stopped = true;
  }
  status(): SourceStatus {
    const state = this.stopped ? "down" : this.started ? "live" : "connecting";
    return { source: this.name, state, lastMessageAt: null, reconnects: 0, lastError: null };
  }
  covers(symbol: string) {
    return this.symbols.includes(symbol);
  }
}

async function startFeed(venues: SourceName[] = ["binance", "okx", "coinbase"]) {
  vi.useFakeTimers({ now: WEDNESDAY });
  const sources = venues.map((name) => new FakeVenue(name));
  const feed = new IndexFeed({ sources, seed: 1, now: () => Date.now() });
  const ticks: (FeedTickInput & { at: number })[] = [];
  const ctx: FeedContext = {
    symbols,
    lastPrice: () => undefined,
    emit: (t) => {
      if (t.source === "index") ticks.push({ ...t, at: Date.now() });
    },
    log: pino({ level: "silent" }),
  };
  await feed.start(ctx);
  /** A quote from `source`, received now. */
  const quote = (source: SourceName, price: string, symbol = "BTCUSDT") =>
    feed.onQuote({ source, symbol, price, sourceTime: Date.now() - 5, receivedAt: Date.now() });
  const prices = () => ticks.map((t) => t.price);
  return { feed, sources, ticks, quote, prices };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("index feed", () => {
  it("three venues that agree make the tick: their median, at the symbol's precision", async () => {
    const { feed, quote, prices } = await startFeed();
    quote("binance", "92000.1");
    expect(prices()).toEqual([]); // one venue is not an index
    quote("okx", "92000.35");
    quote("coinbase", "92000.2");
    expect(prices()).toEqual(["92000.23", "92000.20"]); // (92000.1 + 92000.35) / 2 rounds half-up
    expect(feed.status("BTCUSDT")).toMatchObject({ halted: false, reason: null, heldPrice: null });
    expect(feed.status("BTCUSDT")?.lastTick?.components.map((c) => [c.source, c.used])).toEqual([
      ["binance", true],
      ["okx", true],
      ["coinbase", true],
    ]);
    await feed.stop();
  });

  it("a venue that lies is left out as an outlier; the others make the price", async () => {
    const { feed, quote, prices } = await startFeed();
    quote("binance", "92000");
    quote("okx", "92010");
    quote("coinbase", "95000");
    expect(prices().at(-1)).toBe("92005.00");
    const components = feed.status("BTCUSDT")?.lastTick?.components ?? [];
    expect(components.find((c) => c.source === "coinbase")).toMatchObject({ used: false, reason: "outlier" });
    await feed.stop();
  });

  it("two venues down halt the symbol (no ticks); their return prices it again", async () => {
    const { feed, quote, ticks } = await startFeed();
    quote("binance", "92000");
    quote("okx", "92001");
    quote("coinbase", "92002");
    // Only binance keeps quoting; the others' last quotes go stale after 5 s.
    for (let s = 1; s <= 6; s++) {
      vi.advanceTimersByTime(1000);
      quote("binance", "92000");
    }
    expect(feed.status("BTCUSDT")).toMatchObject({ halted: true, reason: "unavailable" });
    expect(feed.halted("BTCUSDT")).toBe("unavailable");
    const haltedAt = ticks.length;
    vi.advanceTimersByTime(3000);
    quote("binance", "92000");
    expect(ticks.length).toBe(haltedAt);

    quote("okx", "92003");
    expect(feed.status("BTCUSDT")).toMatchObject({ halted: false, reason: null, haltedSince: null });
    expect(ticks.length).toBe(haltedAt + 1);
    expect(ticks.at(-1)?.price).toBe("92001.50");
    await feed.stop();
  });

  it("two venues that disagree halt the symbol: there is no telling which one lies", async () => {
    const { feed, quote, prices } = await startFeed(["binance", "okx"]);
    quote("binance", "92000");
    quote("okx", "99000");
    expect(prices()).toEqual([]);
    expect(feed.status("BTCUSDT")).toMatchObject({ halted: true, reason: "disagree" });
    expect(feed.status("BTCUSDT")?.components.map((c) => c.reason)).toEqual(["outlier", "outlier"]);
    await feed.stop();
  });

  it("a quiet market with live venues ticks every second; once every quote is stale it halts", async () => {
    const { feed, quote, ticks } = await startFeed();
    quote("binance", "92000");
    quote("okx", "92000");
    quote("coinbase", "92000");
    const first = ticks.length;
    vi.advanceTimersByTime(4000);
    expect(ticks.length - first).toBe(4);
    vi.advanceTimersByTime(2000); // 5 s old is still fresh, 6 s is not
    expect(feed.halted("BTCUSDT")).toBe("unavailable");
    expect(ticks.length - first).toBe(5);
    await feed.stop();
  });

  it("a sudden jump of the venues is held until a later reading confirms it; the recheck does not", async () => {
    const { feed, quote, prices } = await startFeed();
    quote("binance", "92000");
    quote("okx", "92000");
    quote("coinbase", "92000");
    vi.advanceTimersByTime(200);
    quote("binance", "110000"); // one venue alone: an outlier, the index stays
    quote("okx", "110000"); // two of three: the index jumps 19.6 % → held
    expect(prices().at(-1)).toBe("92000.00");
    expect(feed.status("BTCUSDT")).toMatchObject({ halted: false, heldPrice: "110000.00" });
    vi.advanceTimersByTime(2000); // the periodic rechecks see the same readings: still held
    expect(prices().at(-1)).toBe("92000.00");
    quote("coinbase", "110100");
    expect(prices().at(-1)).toBe("110000.00");
    expect(feed.status("BTCUSDT")?.heldPrice).toBeNull();
    await feed.stop();
  });

  it("simulates what no venue covers, starts and stops the venues, and leaves no timer", async () => {
    const { feed, sources } = await startFeed();
    expect(feed.isSimulated("XAUUSD")).toBe(true);
    expect(feed.generatesHistory("XAUUSD")).toBe(true);
    expect(feed.isSimulated("BTCUSDT")).toBe(false);
    expect(feed.status("XAUUSD")).toBeNull();
    expect(sources.every((s) => s.started)).toBe(true);
    expect(feed.sources().map((s) => s.state)).toEqual(["live", "live", "live"]);
    await feed.stop();
    expect(sources.every((s) => s.stopped)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
