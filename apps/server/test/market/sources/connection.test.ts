// The loop every source shares, driven by fake timers and a fake transport: backoff
// (growth, jitter bounds, cap, reset after a healthy connection), staleness, frames
// that are junk or out of order, and stop leaving nothing behind.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, type Session, SourceConnection } from "../../../src/modules/market/sources/connection";
import { note, type ParsedFrame, quote } from "../../../src/modules/market/sources/frames";
import type { PriceSourceOptions, SourceQuote, SourceStatus } from "../../../src/modules/market/sources/types";

const START = 1_763_766_000_000;

/**
 * Test frames: "q:<sourceTime>:<price>" is a BTCUSDT quote ("q::<price>" one without a venue
 * time), "hb" a heartbeat, "ack", "err", "boom" (the parser throws).
 */
function parse(raw: string, receivedAt: number): ParsedFrame {
  const [kind, time, price] = raw.split(":");
  if (kind === "q") {
    const sourceTime = time ? Number(time) : null;
    return { kind: "quotes", quotes: [quote("okx", "BTCUSDT", price ?? "1", sourceTime, receivedAt)] };
  }
  if (raw === "hb") return note("heartbeat");
  if (raw === "ack") return note("ack", "subscribed");
  if (raw === "err") return note("error", "60012: Invalid request");
  if (raw === "boom") throw new Error("parser bug");
  return note("malformed", raw);
}

function harness(overrides: Partial<PriceSourceOptions> = {}) {
  const attempts: { session: Session; terminated: boolean }[] = [];
  const quotes: SourceQuote[] = [];
  const statuses: SourceStatus[] = [];
  const log = { warn: vi.fn(), info: vi.fn() };
  const connection = new SourceConnection({
    name: "okx",
    options: {
      url: "wss://example.invalid",
      symbols: ["BTCUSDT"],
      onQuote: (q) => quotes.push(q),
      onStatus: (s) => statuses.push(s),
      reconnectMinMs: 100,
      reconnectMaxMs: 1000,
      staleAfterMs: 500,
      log,
      ...overrides,
    },
    parse,
    open: (session) => {
      const attempt = { session, terminated: false };
      attempts.push(attempt);
      return {
        terminate: async () => {
          attempt.terminated = true;
        },
      };
    },
    healthyAfterMs: 2000,
    random: () => 0.5, // no jitter: the delays are exactly min × 2^n
  });
  const current = () => {
    const last = attempts.at(-1);
    if (!last) throw new Error("not connected");
    return last.session;
  };
  return { connection, attempts, quotes, statuses, log, current };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("backoff", () => {
  it.each([
    [0, [100, 150, 300, 600, 750, 750]],
    [0.5, [100, 200, 400, 800, 1000, 1000]],
    [1, [125, 250, 500, 1000, 1000, 1000]],
  ])("with jitter draw %s waits %j for attempts 0–5 (min 100, max 1000)", (draw, delays) => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 100, 1000, () => draw))).toEqual(delays);
  });

  it("never leaves [min, max], even after many attempts", () => {
    for (let n = 0; n < 100; n++) {
      const delay = backoffDelay(n, 20, 30_000);
      expect(delay).toBeGreaterThanOrEqual(20);
      expect(delay).toBeLessThanOrEqual(30_000);
    }
  });
});

describe("the reconnecting loop", () => {
  it("reconnects after the venue closes, doubling the wait each time, and counts the reconnects", () => {
    const { connection, attempts, current } = harness();
    connection.start();
    expect(connection.status()).toMatchObject({ state: "connecting", reconnects: 0 });
    for (const [n, delay] of [100, 200, 400, 800, 1000].entries()) {
      current().opened();
      current().closed("closed by the venue (1001 going away)");
      expect(connection.status()).toMatchObject({
        state: "down",
        reconnects: n + 1,
        lastError: "closed by the venue (1001 going away)",
      });
      vi.advanceTimersByTime(delay - 1);
      expect(attempts).toHaveLength(n + 1);
      vi.advanceTimersByTime(1);
      expect(attempts).toHaveLength(n + 2);
      expect(connection.status().state).toBe("connecting");
    }
  });

  it("starts the backoff over once a connection has stayed up for the healthy period", () => {
    const { connection, attempts, current } = harness();
    connection.start();
    current().closed("refused");
    vi.advanceTimersByTime(100);
    current().closed("refused");
    vi.advanceTimersByTime(200); // third attempt: the next wait would be 400
    current().opened();
    for (let t = 0; t < 2000; t += 250) {
      vi.advanceTimersByTime(250);
      current().received("hb");
    }
    current().closed("closed by the venue (1001 going away)");
    vi.advanceTimersByTime(100);
    expect(attempts).toHaveLength(4);
  });

  it("goes stale when no frame arrives for staleAfterMs, drops the connection and makes a new one", () => {
    const { connection, attempts, quotes, statuses, current } = harness();
    connection.start();
    current().opened();
    current().received("q:1000:91917.86");
    expect(connection.status().state).toBe("live");
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(400);
      current().received("hb"); // heartbeats keep it live
    }
    expect(connection.status().state).toBe("live");
    vi.advanceTimersByTime(500);
    expect(connection.status()).toMatchObject({ state: "stale", reconnects: 1, lastError: "no message for 500 ms" });
    expect(attempts[0]?.terminated).toBe(true);
    attempts[0]?.session.received("q:2000:1"); // the dropped connection's late frame
    expect(quotes).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(attempts).toHaveLength(2);
    current().opened();
    current().received("q:3000:91920.00");
    expect(statuses.map((s) => s.state)).toEqual(["connecting", "live", "stale", "connecting", "live"]);
    expect(quotes.map((q) => q.price)).toEqual(["91917.86", "91920.00"]);
  });

  it("goes stale when a connection never opens", () => {
    const { connection, attempts } = harness();
    connection.start();
    vi.advanceTimersByTime(500);
    expect(connection.status().state).toBe("stale");
    expect(attempts[0]?.terminated).toBe(true);
  });

  it("drops a quote older than the last one accepted for its symbol, across reconnects", () => {
    const { connection, quotes, log, current } = harness();
    connection.start();
    current().opened();
    for (const frame of ["q:1000:1", "q:999:2", "q:1000:3", "q:1001:4"]) current().received(frame);
    current().closed("gone");
    vi.advanceTimersByTime(100);
    current().received("q:998:5");
    current().received("q:1002:6");
    expect(quotes.map((q) => [q.price, q.sourceTime, q.receivedAt])).toEqual([
      ["1", 1000, START],
      ["3", 1000, START],
      ["4", 1001, START],
      ["6", 1002, START + 100],
    ]);
    expect(log.warn.mock.calls.filter(([o]) => o.kind === "out-of-order")).toHaveLength(1);
  });

  it("never drops a quote for coming after one that had only a receipt time", () => {
    const { connection, quotes, current } = harness();
    connection.start();
    current().opened();
    current().received("q::1"); // no venue time: sourceTime is START, the receipt time
    current().received(`q:${START - 80}:2`); // the venue's clock, behind by the network delay
    current().received(`q:${START - 90}:3`); // older than the timed one before it: dropped
    expect(quotes.map((q) => [q.price, q.sourceTime])).toEqual([
      ["1", START],
      ["2", START - 80],
    ]);
  });

  it("ignores junk, replies, venue errors and a throwing parser, logging each kind once", () => {
    const { connection, quotes, log, current } = harness();
    connection.start();
    current().opened();
    for (const frame of ["junk", "junk", "ack", "ack", "err", "err", "boom", "boom", "q:1:7"]) {
      expect(() => current().received(frame)).not.toThrow();
    }
    expect(quotes.map((q) => q.price)).toEqual(["7"]);
    const kinds = (calls: unknown[][]) => calls.map(([o]) => (o as { kind: string }).kind);
    expect(kinds(log.warn.mock.calls)).toEqual(["malformed", "error"]);
    expect(kinds(log.info.mock.calls)).toEqual(["ack"]);
    expect(connection.status()).toMatchObject({ state: "live", lastError: "60012: Invalid request" });
    expect(connection.status().lastMessageAt).toBe(START);
  });

  it("keeps running when the quote listener throws", () => {
    const { connection, current, log } = harness({
      onQuote: () => {
        throw new Error("listener bug");
      },
    });
    connection.start();
    current().opened();
    expect(() => current().received("q:1:1")).not.toThrow();
    expect(() => current().received("q:2:1")).not.toThrow();
    expect(connection.status().state).toBe("live");
    expect(log.warn.mock.calls.filter(([o]) => o.kind === "onQuote")).toHaveLength(1);
  });

  it("treats a transport that throws on open as a failed connection", () => {
    const log = { warn: vi.fn(), info: vi.fn() };
    const connection = new SourceConnection({
      name: "binance",
      options: { url: "not a url", symbols: ["BTCUSDT"], onQuote: () => {}, reconnectMinMs: 100, log },
      parse,
      open: () => {
        throw new SyntaxError("Invalid URL: not a url");
      },
    });
    connection.start();
    expect(connection.status()).toMatchObject({ state: "down", reconnects: 1, lastError: "Invalid URL: not a url" });
    void connection.stop();
  });

  it("stop() drops the connection, cancels every timer, and nothing arrives after it", async () => {
    const { connection, attempts, quotes, statuses, current } = harness();
    connection.start();
    current().opened();
    current().received("q:1:1");
    current().closed("gone");
    vi.advanceTimersByTime(100); // reconnected: a stale timer runs
    current().opened();
    await connection.stop();
    expect(attempts[1]?.terminated).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    current().received("q:2:2");
    current().closed("late close");
    vi.advanceTimersByTime(60_000);
    expect(attempts).toHaveLength(2);
    expect(quotes).toHaveLength(1);
    expect(connection.status()).toMatchObject({ state: "down", reconnects: 1, lastError: "gone" });
    expect(statuses.at(-1)?.state).toBe("down");
  });

  it("stop() while waiting to reconnect cancels the reconnect", async () => {
    const { connection, attempts, current } = harness();
    connection.start();
    current().closed("refused");
    await connection.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(attempts).toHaveLength(1);
  });
});
