// The four websocket venues against a local fixture server (never the network): each
// subscribes the documented way, turns the recorded frames into quotes, survives junk,
// drops out-of-order quotes, reconnects with growing backoff, goes stale when the venue
// hangs, stays live on the venue's keep-alive, and stops cleanly.
import { afterEach, describe, expect, it, vi } from "vitest";
import { BinanceSource } from "../../../src/modules/market/sources/binance";
import { CoinbaseSource } from "../../../src/modules/market/sources/coinbase";
import { KrakenSource } from "../../../src/modules/market/sources/kraken";
import { OkxSource } from "../../../src/modules/market/sources/okx";
import type {
  PriceSource,
  PriceSourceOptions,
  SourceName,
  SourceQuote,
  SourceStatus,
} from "../../../src/modules/market/sources/types";
import { type FixtureConnection, FixtureServer, loadFrames, trackSourceTimers } from "./fixture-server";

interface VenueCase {
  name: Exclude<SourceName, "oanda">;
  create(options: PriceSourceOptions): PriceSource;
  symbols: string[];
  /** What the client must have sent (or asked for in the URL) on a connection. */
  subscribed(connection: FixtureConnection): void;
  /** Frame labels sent on connect; the last must be an out-of-order quote. */
  script: string[];
  expected: [string, string, number][];
  lastError: RegExp;
  /** A quote frame, and a later one for the same symbol. */
  quote: string;
  later: string;
  keepAlive: "server-ping" | "client-ping" | "heartbeat";
}

const T = (iso: string) => Date.parse(iso);
const CASES: VenueCase[] = [
  {
    name: "binance",
    create: (o) => new BinanceSource(o),
    symbols: ["BTCUSDT", "ETHUSDT", "DOGEUSDT", "XAUUSD"],
    subscribed: (c) => {
      expect(c.url).toBe("/stream?streams=btcusdt@ticker/ethusdt@ticker/dogeusdt@ticker");
      expect(c.received).toEqual([]);
    },
    script: ["ack", "btc", "junk", "eth", "junk", "error", "depth", "zero-price", "mini", "btc-later", "btc-older"],
    expected: [
      ["BTCUSDT", "91917.86000000", 1763766000125],
      ["ETHUSDT", "2970.56000000", 1763766000203],
      ["DOGEUSDT", "0.15621000", 1763766002010],
      ["BTCUSDT", "91921.39000000", 1763766001126],
    ],
    lastError: /Invalid request/,
    quote: "btc",
    later: "btc-later",
    keepAlive: "server-ping",
  },
  {
    name: "okx",
    create: (o) => new OkxSource(o),
    symbols: ["BTCUSDT", "ETHUSDT", "XAUUSD"],
    subscribed: (c) => {
      expect(JSON.parse(c.received[0] ?? "null")).toEqual({
        op: "subscribe",
        args: [
          { channel: "tickers", instId: "BTC-USDT" },
          { channel: "tickers", instId: "ETH-USDT" },
        ],
      });
    },
    script: [
      "ack",
      "btc",
      "junk",
      "eth",
      "junk",
      "error",
      "books",
      "pong",
      "zero-price",
      "notice",
      "btc-later",
      "btc-older",
    ],
    expected: [
      ["BTCUSDT", "91918.1", 1763766000131],
      ["ETHUSDT", "2970.61", 1763766000207],
      ["BTCUSDT", "91921.5", 1763766001129],
    ],
    lastError: /^60012: Invalid request/,
    quote: "btc",
    later: "btc-later",
    keepAlive: "client-ping",
  },
  {
    name: "coinbase",
    create: (o) => new CoinbaseSource(o),
    symbols: ["BTCUSDT", "ETHUSDT", "XAUUSD"],
    subscribed: (c) => {
      expect(JSON.parse(c.received[0] ?? "null")).toEqual({
        type: "subscribe",
        product_ids: ["BTC-USD", "ETH-USD"],
        channels: ["ticker", "heartbeat"],
      });
    },
    script: [
      "ack",
      "heartbeat",
      "btc",
      "junk",
      "eth",
      "junk",
      "error",
      "l2update",
      "other-product",
      "btc-later",
      "btc-older",
    ],
    expected: [
      ["BTCUSDT", "91935.01", T("2025-11-21T23:00:00.128Z")],
      ["ETHUSDT", "2971.02", T("2025-11-21T23:00:00.211Z")],
      ["BTCUSDT", "91938.44", T("2025-11-21T23:00:01.130Z")],
    ],
    lastError: /^Failed to subscribe: BTC-USDX is not a valid product$/,
    quote: "btc",
    later: "btc-later",
    keepAlive: "heartbeat",
  },
  {
    name: "kraken",
    create: (o) => new KrakenSource(o),
    symbols: ["BTCUSDT", "ETHUSDT", "XAUUSD"],
    subscribed: (c) => {
      expect(JSON.parse(c.received[0] ?? "null")).toEqual({
        method: "subscribe",
        params: { channel: "ticker", symbol: ["BTC/USD", "ETH/USD"] },
      });
    },
    script: [
      "status",
      "ack",
      "btc",
      "junk",
      "eth",
      "heartbeat",
      "junk",
      "error",
      "book",
      "string-price",
      "btc-later",
      "btc-older",
    ],
    expected: [
      ["BTCUSDT", "91930.2", T("2025-11-21T23:00:00.145Z")],
      ["ETHUSDT", "2970.89", T("2025-11-21T23:00:00.212Z")],
      ["BTCUSDT", "91935", T("2025-11-21T23:00:01.133Z")],
    ],
    lastError: /^subscribe: Currency pair not supported BTC\/USDX$/,
    quote: "btc",
    later: "btc-later",
    keepAlive: "heartbeat",
  },
];

const running: { source: PriceSource; server: FixtureServer; timers: NodeJS.Timeout[] }[] = [];
afterEach(async () => {
  for (const { source, server, timers } of running.splice(0)) {
    for (const t of timers) clearInterval(t);
    await source.stop();
    await server.close();
  }
});

async function setUp(venue: VenueCase, server: FixtureServer, options: Partial<PriceSourceOptions> = {}) {
  const quotes: SourceQuote[] = [];
  const statuses: SourceStatus[] = [];
  const log = { warn: vi.fn(), info: vi.fn() };
  const source = venue.create({
    url: server.url,
    symbols: venue.symbols,
    onQuote: (q) => quotes.push(q),
    onStatus: (s) => statuses.push(s),
    reconnectMinMs: 20,
    reconnectMaxMs: 2000,
    log,
    ...options,
  });
  const timers: NodeJS.Timeout[] = [];
  running.push({ source, server, timers });
  return { source, quotes, statuses, log, timers };
}

const loggedKinds = (log: { warn: ReturnType<typeof vi.fn> }) =>
  log.warn.mock.calls.map(([o]) => (o as { kind?: string }).kind).filter((k) => k !== undefined);

describe.each(CASES)("$name source", (venue) => {
  const frame = loadFrames(venue.name);

  it("subscribes the documented way and turns the venue's frames into quotes, skipping junk and old quotes", async () => {
    const server = await FixtureServer.start({ onConnection: (c, _i, s) => s.send(venue.script.map(frame), c) });
    const { source, quotes, log } = await setUp(venue, server);
    expect(source.covers("BTCUSDT")).toBe(true);
    expect(source.covers("XAUUSD")).toBe(false);
    source.start();
    await vi.waitFor(() => expect(loggedKinds(log)).toContain("out-of-order"), { timeout: 5000 });
    await vi.waitFor(() => venue.subscribed(server.latest));
    expect(quotes.map((q) => [q.symbol, q.price, q.sourceTime])).toEqual(venue.expected);
    expect(quotes.every((q) => q.source === venue.name && q.receivedAt > 0)).toBe(true);
    // The junk frame came twice; it is logged once.
    expect(loggedKinds(log).filter((k) => k === "malformed")).toHaveLength(1);
    expect(source.status()).toMatchObject({ source: venue.name, state: "live", reconnects: 0 });
    expect(source.status().lastError).toMatch(venue.lastError);
  });

  it("reconnects with growing backoff while the venue keeps closing the connection", async () => {
    const server = await FixtureServer.start({
      onConnection: (c, i, s) => {
        s.send(frame(i < 3 ? venue.quote : venue.later), c);
        if (i < 3) s.closeSocket(c);
      },
    });
    const { source, quotes, log } = await setUp(venue, server);
    source.start();
    await vi.waitFor(() => expect(quotes).toHaveLength(4), { timeout: 5000 });
    expect(server.connections).toHaveLength(4);
    // (The venue closed the first three at once, maybe before their subscription arrived.)
    await vi.waitFor(() => venue.subscribed(server.latest));
    expect(source.status()).toMatchObject({ state: "live", reconnects: 3 });
    const delays = log.warn.mock.calls.map(([o]) => (o as { delayMs?: number }).delayMs).filter((d) => d !== undefined);
    expect(delays).toHaveLength(3);
    // min 20 ms doubling, ±25 % jitter: [20, 25], [30, 50], [60, 100]
    expect(delays[0]).toBeGreaterThanOrEqual(20);
    expect(delays[0]).toBeLessThanOrEqual(25);
    expect(delays[1]).toBeGreaterThanOrEqual(30);
    expect(delays[1]).toBeLessThanOrEqual(50);
    expect(delays[2]).toBeGreaterThanOrEqual(60);
    expect(delays[2]).toBeLessThanOrEqual(100);
    expect(source.status().lastError).toMatch(/closed by the venue \(1001 going away\)/);
  });

  it("goes stale when the venue hangs, then reconnects and carries on", async () => {
    const server = await FixtureServer.start({
      onConnection: (c, i, s) => {
        if (i === 0) {
          s.send(frame(venue.quote), c);
          s.freeze(); // no data, no heartbeat, no pong
        } else {
          s.thaw();
          s.send(frame(venue.later), c);
        }
      },
      pingReply: { ping: "ping", pong: "pong" },
    });
    const { source, quotes, statuses } = await setUp(venue, server, { staleAfterMs: 300 });
    source.start();
    await vi.waitFor(() => expect(quotes).toHaveLength(2), { timeout: 5000 });
    expect(statuses.map((s) => s.state)).toEqual(["connecting", "live", "stale", "connecting", "live"]);
    expect(source.status()).toMatchObject({ reconnects: 1, lastError: "no message for 300 ms" });
    await vi.waitFor(() => expect(server.connections[0]?.closed).toBe(true));
  });

  it("stays live on a quiet connection through the venue's keep-alive", async () => {
    let heartbeats = 0;
    let pongs = 0;
    const server = await FixtureServer.start({
      pingReply: { ping: "ping", pong: "pong" },
      onConnection: (c, _i, s) => {
        s.send(frame(venue.quote), c);
        if (venue.keepAlive === "server-ping") {
          c.socket.on("pong", () => pongs++);
          c.socket.ping();
        }
      },
    });
    const { source, timers } = await setUp(venue, server, { staleAfterMs: 300 });
    source.start();
    await vi.waitFor(() => expect(server.connections).toHaveLength(1));
    if (venue.keepAlive === "heartbeat") {
      timers.push(
        setInterval(() => {
          heartbeats++;
          server.send(frame("heartbeat"));
        }, 30),
      );
      await vi.waitFor(() => expect(heartbeats).toBeGreaterThanOrEqual(20), { timeout: 5000 });
    } else if (venue.keepAlive === "client-ping") {
      // OKX: after a quiet spell the client sends "ping"; the venue's "pong" is traffic.
      await vi.waitFor(
        () => expect(server.latest.received.filter((m) => m === "ping").length).toBeGreaterThanOrEqual(4),
        {
          timeout: 5000,
        },
      );
    } else {
      // Binance: the venue pings, ws answers with a pong frame.
      await vi.waitFor(() => expect(pongs).toBe(1));
      return;
    }
    expect(server.connections).toHaveLength(1);
    expect(source.status()).toMatchObject({ state: "live", reconnects: 0 });
  });

  it("stop() closes the socket, leaves no timer, and no quote arrives after it", async () => {
    const server = await FixtureServer.start({ onConnection: (c, _i, s) => s.send(frame(venue.quote), c) });
    const { source, quotes, timers } = await setUp(venue, server);
    const sourceTimers = trackSourceTimers();
    source.start();
    await vi.waitFor(() => expect(quotes).toHaveLength(1));
    timers.push(setInterval(() => server.send(frame(venue.quote)), 5));
    await vi.waitFor(() => expect(quotes.length).toBeGreaterThanOrEqual(5));
    await source.stop();
    const count = quotes.length;
    expect(source.status().state).toBe("down");
    await vi.waitFor(() => expect(server.latest.closed).toBe(true));
    clearInterval(timers[0]);
    expect(quotes).toHaveLength(count);
    expect(server.connections).toHaveLength(1);
    // None of the source's timers (stale, reconnect, ping) is left.
    await vi.waitFor(() => expect(sourceTimers.pending()).toEqual([]));
    sourceTimers.dispose();
  });
});

describe("a source asked only for symbols its venue does not price", () => {
  it("does not connect, and says why in its status", async () => {
    const source = new OkxSource({ url: "ws://127.0.0.1:9", symbols: ["XAUUSD", "EURUSD"], onQuote: () => {} });
    expect(source.covers("XAUUSD")).toBe(false);
    source.start();
    expect(source.status()).toEqual({
      source: "okx",
      state: "down",
      lastMessageAt: null,
      reconnects: 0,
      lastError: "no symbol to follow",
    });
    await source.stop();
  });
});
