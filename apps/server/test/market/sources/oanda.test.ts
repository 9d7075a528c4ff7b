// OANDA's HTTP price stream against a local server that streams lines (never the
// network): the request (account, instruments, bearer key), mid prices from PRICE lines,
// HEARTBEAT lines as liveness, a refused key, a stream that ends or goes silent, stop.
import { afterEach, describe, expect, it, vi } from "vitest";
import { OandaSource, type OandaSourceOptions } from "../../../src/modules/market/sources/oanda";
import type { SourceQuote, SourceStatus } from "../../../src/modules/market/sources/types";
import { LineStreamServer, loadFrames, type StreamRequest, trackSourceTimers } from "./fixture-server";

const ACCOUNT = "101-004-1234567-001";
const KEY = "practice-token-1234";
const frame = loadFrames("oanda");
const T = (iso: string) => Date.parse(iso);

const running: { source: OandaSource; server: LineStreamServer; timers: NodeJS.Timeout[] }[] = [];
afterEach(async () => {
  for (const { source, server, timers } of running.splice(0)) {
    for (const t of timers) clearInterval(t);
    await source.stop();
    await server.close();
  }
});

async function setUp(
  onRequest: (request: StreamRequest, index: number, server: LineStreamServer) => void,
  options: Partial<OandaSourceOptions> = {},
) {
  const server = await LineStreamServer.start(KEY, onRequest);
  const quotes: SourceQuote[] = [];
  const statuses: SourceStatus[] = [];
  const log = { warn: vi.fn(), info: vi.fn() };
  const source = new OandaSource({
    url: server.url,
    accountId: ACCOUNT,
    apiKey: KEY,
    symbols: ["XAUUSD", "EURUSD", "BTCUSDT"],
    onQuote: (q) => quotes.push(q),
    onStatus: (s) => statuses.push(s),
    reconnectMinMs: 20,
    reconnectMaxMs: 2000,
    log,
    ...options,
  });
  const timers: NodeJS.Timeout[] = [];
  running.push({ source, server, timers });
  return { server, source, quotes, statuses, log, timers };
}

const kinds = (log: { warn: ReturnType<typeof vi.fn> }) =>
  log.warn.mock.calls.map(([o]) => (o as { kind?: string }).kind);

describe("OANDA price stream", () => {
  it("asks for the account's instruments with the bearer key and turns PRICE lines into mid quotes", async () => {
    const { server, source, quotes, log } = await setUp((request, _i, s) => {
      s.write([frame("heartbeat"), frame("xau"), frame("junk"), frame("eur"), frame("junk")], request);
      // A line split across two writes is joined before it is read.
      request.response.write('{"type":"HEARTBEAT",');
      request.response.write('"time":"2025-11-21T21:00:05.016455214Z"}\n');
      s.write([frame("not-tradeable"), frame("crossed"), frame("xau-later"), frame("xau-older")], request);
    });
    expect(source.covers("XAUUSD")).toBe(true);
    expect(source.covers("BTCUSDT")).toBe(false);
    source.start();
    await vi.waitFor(() => expect(kinds(log)).toContain("out-of-order"), { timeout: 5000 });
    expect(server.latest.url).toBe(`/v3/accounts/${ACCOUNT}/pricing/stream?instruments=XAU_USD%2CEUR_USD`);
    expect(server.latest.authorization).toBe(`Bearer ${KEY}`);
    expect(quotes.map((q) => [q.source, q.symbol, q.price, q.sourceTime])).toEqual([
      ["oanda", "XAUUSD", "4062.485", T("2025-11-21T21:00:03.094Z")],
      ["oanda", "EURUSD", "1.151775", T("2025-11-21T21:00:03.201Z")],
      ["oanda", "XAUUSD", "4062.675", T("2025-11-21T21:00:04.011Z")],
    ]);
    expect(kinds(log).filter((k) => k === "malformed")).toHaveLength(1);
    expect(kinds(log)).toContain("invalid"); // the crossed book
    expect(source.status()).toMatchObject({ source: "oanda", state: "live", reconnects: 0, lastError: null });
  });

  it("reports a refused key and keeps retrying with backoff", async () => {
    const { server, source, quotes } = await setUp(() => {}, { apiKey: "wrong-key" });
    source.start();
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(3), { timeout: 5000 });
    expect(server.requests.every((r) => r.authorization === "Bearer wrong-key")).toBe(true);
    expect(source.status().reconnects).toBeGreaterThanOrEqual(2);
    expect(source.status().state).not.toBe("live");
    expect(source.status().lastError).toBe(
      'HTTP 401: {"errorMessage":"Insufficient authorization to perform request."}',
    );
    expect(quotes).toEqual([]);
  });

  it("reopens the stream when the venue ends it", async () => {
    const { server, source, quotes } = await setUp((request, i, s) => {
      s.write(frame(i === 0 ? "xau" : "xau-later"), request);
      if (i === 0) request.response.end();
    });
    source.start();
    await vi.waitFor(() => expect(quotes).toHaveLength(2), { timeout: 5000 });
    expect(server.requests).toHaveLength(2);
    expect(source.status()).toMatchObject({ state: "live", reconnects: 1, lastError: "stream ended by the venue" });
  });

  it("goes stale when the stream falls silent (no HEARTBEAT), then reopens it", async () => {
    const { server, source, quotes, statuses } = await setUp(
      (request, i, s) => s.write(frame(i === 0 ? "xau" : "xau-later"), request),
      { staleAfterMs: 300 },
    );
    source.start();
    await vi.waitFor(() => expect(quotes).toHaveLength(2), { timeout: 5000 });
    expect(statuses.map((s) => s.state)).toEqual(["connecting", "live", "stale", "connecting", "live"]);
    expect(source.status()).toMatchObject({ reconnects: 1, lastError: "no message for 300 ms" });
    await vi.waitFor(() => expect(server.requests[0]?.closed).toBe(true));
  });

  it("stays live on HEARTBEAT lines alone", async () => {
    let heartbeats = 0;
    const { server, source, timers } = await setUp((request, _i, s) => s.write(frame("xau"), request), {
      staleAfterMs: 300,
    });
    source.start();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    timers.push(
      setInterval(() => {
        heartbeats++;
        server.write(frame("heartbeat"));
      }, 30),
    );
    await vi.waitFor(() => expect(heartbeats).toBeGreaterThanOrEqual(20), { timeout: 5000 });
    expect(server.requests).toHaveLength(1);
    expect(source.status()).toMatchObject({ state: "live", reconnects: 0 });
  });

  it("stop() ends the request, leaves no timer, and no quote arrives after it", async () => {
    const { server, source, quotes, timers } = await setUp((request, _i, s) => s.write(frame("xau"), request));
    const sourceTimers = trackSourceTimers();
    source.start();
    await vi.waitFor(() => expect(quotes).toHaveLength(1));
    timers.push(setInterval(() => server.write(frame("xau")), 5));
    await vi.waitFor(() => expect(quotes.length).toBeGreaterThanOrEqual(5));
    await source.stop();
    const count = quotes.length;
    expect(source.status().state).toBe("down");
    await vi.waitFor(() => expect(server.latest.closed).toBe(true));
    clearInterval(timers[0]);
    expect(quotes).toHaveLength(count);
    expect(server.requests).toHaveLength(1);
    await vi.waitFor(() => expect(sourceTimers.pending()).toEqual([]));
    sourceTimers.dispose();
  });
});
