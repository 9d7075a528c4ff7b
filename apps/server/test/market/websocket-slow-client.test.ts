// A client that stops reading: the server keeps at most one message per channel for
// it (plus the socket's high-water mark), and it gets the latest values when it reads again.
// The test flushes the hub's coalescing window after every round of ticks, so each
// round is one message per channel for every client.
import type { AddressInfo, Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { HIGH_WATER_BYTES } from "../../src/modules/market/websocket";
import { setupApp } from "../helper";
import { TestClient } from "./ws-client";

const { app } = await setupApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket/market`;

describe("slow websocket client", () => {
  const clients: TestClient[] = [];
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it("never buffers more than the latest message per channel, then catches up with the latest prices", async () => {
    const slow = await TestClient.connect(url);
    const fast = await TestClient.connect(url);
    clients.push(slow, fast);
    const symbols = app.market.enabledSymbols().map((s) => s.symbol);
    const channels = symbols.flatMap((s) => [`ticker.${s}`, `kline.1m.${s}`, `kline.1h.${s}`]);
    for (const c of [slow, fast]) {
      c.send({ op: "subscribe", channels });
      await c.op("subscribed");
    }
    // Stop reading: the kernel buffers fill, then the server's socket buffer grows.
    (slow.socket as unknown as { _socket: Socket })._socket.pause();

    // Each round of ticks is written before the hub sees it (issue 32 §3): 20,000 ticks keep
    // the test's time near what 40,000 took when ticks went to the bus unwritten.
    const TICKS = 20_000;
    const start = Date.now() - 60_000;
    const last = new Map<string, string>();
    let maxPending = 0;
    let maxBuffered = 0;
    const rssBefore = process.memoryUsage().rss;
    for (let i = 0; i < TICKS; i++) {
      const symbol = symbols[i % symbols.length] as string;
      const price = (100 + (i % 1000) / 100).toFixed(2);
      const tick = app.market.ingest({ symbol, price, ts: start + i });
      last.set(symbol, tick?.price ?? "");
      // One flush of the coalescing window per round of ticks (every symbol once), once the
      // round is recorded (ticks reach the bus after their write commits, issue 32 §3).
      if (i % symbols.length === symbols.length - 1) {
        await app.market.flushTicks();
        await app.marketHub.flush();
      }
      if (i % 100 === 0) {
        const stats = app.marketHub.stats();
        maxPending = Math.max(maxPending, stats.maxPending);
        maxBuffered = Math.max(maxBuffered, stats.maxBuffered);
        await new Promise((r) => setImmediate(r)); // let the event loop write
      }
    }
    const stats = app.marketHub.stats();
    expect(stats.backlogged).toBe(1); // only the slow client
    expect(stats.conflated).toBeGreaterThan(1000);
    expect(Math.max(maxPending, stats.maxPending)).toBeLessThanOrEqual(channels.length);
    // The server socket's own buffer stays near the high-water mark (one round of messages over it at most).
    expect(Math.max(maxBuffered, stats.maxBuffered)).toBeLessThan(HIGH_WATER_BYTES + channels.length * 300);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(150 * 1024 * 1024);

    // The slow client gets the latest value of every channel after resuming.
    (slow.socket as unknown as { _socket: Socket })._socket.resume();
    for (const symbol of symbols) {
      const want = last.get(symbol);
      await slow.next((m) => m.channel === `ticker.${symbol}` && (m.data as { price: string }).price === want, 10_000);
    }
    // The reading client ends on the same latest price; it got (nearly) every tick —
    // under heavy CPU load it may itself fall behind briefly and be conflated too.
    await fast.next(
      (m) => m.channel === "ticker.BTCUSDT" && (m.data as { price: string }).price === last.get("BTCUSDT"),
      10_000,
    );
    const fastBtc = fast.messages.filter((m) => m.channel === "ticker.BTCUSDT").length + 1;
    expect(fastBtc).toBeGreaterThan(TICKS / symbols.length / 2);
  }, 120_000);
});
