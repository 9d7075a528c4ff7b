// Market data coalescing: a tick marks its channels dirty, the hub sends the last value
// of each channel at most every COALESCE_MS, encodes each channel once per flush for all
// subscribers, and never buffers more than one message per channel for a slow client.
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type WebSocket from "ws";
import { COALESCE_MS, MarketHub } from "../../src/modules/market/websocket";
import { setupApp } from "../helper";
import { TestClient } from "./ws-client";

const { app } = await setupApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket/market`;

class FakeSocket extends EventEmitter {
  bufferedAmount = 0;
  readyState = 1;
  sent: (string | Buffer)[] = [];
  send(data: string | Buffer) {
    this.sent.push(data);
  }
  ping() {}
  terminate() {
    this.readyState = 3;
    this.emit("close");
  }
  subscribe(channels: string[]) {
    this.emit("message", Buffer.from(JSON.stringify({ op: "subscribe", channels })), false);
  }
  /** Market messages of one channel, parsed. */
  channel(name: string) {
    return this.sent
      .map((d) => JSON.parse(d.toString()) as { channel?: string; data: { price?: string; close?: string } })
      .filter((m) => m.channel === name);
  }
}

let clock = Date.now();
const tick = (symbol: string, price: string) => {
  clock += 1;
  return app.market.ingest({ symbol, price, volume: "1", ts: clock });
};
/** Ticks reach the bus (and the hub) once recorded (issue 32 §3): write what was ingested. */
const recorded = () => app.market.flushTicks();

const hubs: MarketHub[] = [];
const clients: TestClient[] = [];
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const h of hubs.splice(0)) h.stop();
});
afterAll(() => {
  for (const c of clients) c.close();
});

describe("coalescing window", () => {
  it("sends the first tick at once, then only the last value of a burst, one window later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const hub = new MarketHub(app.market, { heartbeatMs: 3_600_000 });
    hubs.push(hub);
    const s = new FakeSocket();
    hub.attach(s as unknown as WebSocket, "en-us");
    s.subscribe(["ticker.BTCUSDT", "kline.1m.BTCUSDT"]);
    s.sent = [];

    await recorded(); // earlier tests' ticks
    s.sent = [];
    tick("BTCUSDT", "70000");
    await recorded();
    // Quiet before: the first tick goes out on its own turn, no waiting for a window.
    expect(s.channel("ticker.BTCUSDT").map((m) => m.data.price)).toEqual(["70000.00"]);
    for (let i = 1; i <= 500; i++) tick("BTCUSDT", String(70000 + i));
    await recorded();
    await vi.advanceTimersByTimeAsync(COALESCE_MS - 1);
    expect(s.channel("ticker.BTCUSDT")).toHaveLength(1); // the burst waits for the window
    await vi.advanceTimersByTimeAsync(1);
    // Within the window: exactly one more message per channel, carrying the last value.
    expect(s.channel("ticker.BTCUSDT").map((m) => m.data.price)).toEqual(["70000.00", "70500.00"]);
    expect(s.channel("kline.1m.BTCUSDT").map((m) => m.data.close)).toEqual(["70000.00", "70500.00"]);
    expect(hub.stats().flushes).toBe(2);
  });

  it("encodes each channel once per flush, whatever the number of subscribers and ticks", async () => {
    const hub = new MarketHub(app.market, { heartbeatMs: 3_600_000, sliceClients: 7 });
    hubs.push(hub);
    const sockets = Array.from({ length: 40 }, () => new FakeSocket());
    for (const s of sockets) {
      hub.attach(s as unknown as WebSocket, "en-us");
      s.subscribe(["ticker.ETHUSDT", "kline.1m.ETHUSDT", "kline.1h.ETHUSDT"]);
      s.sent = [];
    }
    const klineMessage = vi.spyOn(app.market, "klineMessage");
    await recorded();
    for (let i = 0; i < 300; i++) tick("ETHUSDT", (3000 + i / 100).toFixed(2));
    await recorded();
    await hub.flush();
    // 300 ticks, 3 channels: the leading flush and one more, each channel encoded once per flush.
    expect(hub.stats().flushes).toBe(2);
    expect(hub.stats().encoded).toBe(6);
    expect(klineMessage).toHaveBeenCalledTimes(4); // two intervals × two flushes
    for (const channel of ["ticker.ETHUSDT", "kline.1m.ETHUSDT", "kline.1h.ETHUSDT"]) {
      // Every subscriber got the very same bytes (one Buffer) in each flush.
      const last = sockets.map((s) => s.sent.filter((d) => d.toString().includes(`"channel":"${channel}"`)).at(-1));
      expect(new Set(last).size).toBe(1);
      expect(last[0]).toBeInstanceOf(Buffer);
    }
    expect(sockets[0]?.channel("ticker.ETHUSDT").map((m) => m.data.price)).toEqual(["3000.00", "3002.99"]);
  });

  it("keeps at most one message per channel for a client that does not read, and sends the latest when it does", async () => {
    const hub = new MarketHub(app.market, { heartbeatMs: 3_600_000, highWaterBytes: 1000, lowWaterBytes: 500 });
    hubs.push(hub);
    const slow = new FakeSocket();
    hub.attach(slow as unknown as WebSocket, "en-us");
    const channels = ["ticker.SOLUSDT", "kline.1m.SOLUSDT", "ticker.BNBUSDT"];
    slow.subscribe(channels);
    slow.bufferedAmount = 10_000; // its socket stopped draining
    slow.sent = [];
    for (let round = 0; round < 2000; round++) {
      tick("SOLUSDT", (150 + round / 100).toFixed(2));
      tick("BNBUSDT", (600 + round / 100).toFixed(2));
      await recorded();
      await hub.flush();
      expect(hub.stats().pending).toBeLessThanOrEqual(channels.length);
    }
    expect(slow.sent).toEqual([]);
    expect(hub.stats().conflated).toBeGreaterThan(2000);
    slow.bufferedAmount = 0;
    await vi.waitFor(() => expect(hub.stats().pending).toBe(0), { timeout: 2000, interval: 5 });
    expect(slow.channel("ticker.SOLUSDT").map((m) => m.data.price)).toEqual(["169.99"]);
    expect(slow.channel("ticker.BNBUSDT").map((m) => m.data.price)).toEqual(["619.99"]);
  });
});

describe("coalesced frames on a real socket", () => {
  it("delivers every dirty channel of a flush as separate, well-formed messages, with control replies in between", async () => {
    const c = await TestClient.connect(url);
    clients.push(c);
    const channels = ["ticker.LINKUSDT", "kline.1m.LINKUSDT", "kline.5m.LINKUSDT", "ticker.XRPUSDT"];
    let linkTickers = 0;
    c.socket.on("message", (data) => {
      if (data.toString().startsWith('{"channel":"ticker.LINKUSDT"')) linkTickers++;
    });
    c.send({ op: "subscribe", channels });
    await c.op("subscribed");
    for (let i = 0; i < 50; i++) {
      tick("LINKUSDT", (14 + i / 100).toFixed(2));
      tick("XRPUSDT", (0.5 + i / 1000).toFixed(3));
      if (i === 25) c.send({ op: "ping" });
    }
    await recorded();
    await app.marketHub.flush();
    expect(await c.op("pong")).toMatchObject({ op: "pong" });
    await c.next((m) => m.channel === "ticker.LINKUSDT" && (m.data as { price: string }).price === "14.490");
    await c.next((m) => m.channel === "ticker.XRPUSDT" && (m.data as { price: string }).price === "0.5490");
    await c.next((m) => m.channel === "kline.1m.LINKUSDT" && (m.data as { close: string }).close === "14.490");
    await c.next((m) => m.channel === "kline.5m.LINKUSDT" && (m.data as { close: string }).close === "14.490");
    // 50 ticks per symbol: at most the snapshot, the leading flush and the last value per channel.
    expect(linkTickers).toBeGreaterThanOrEqual(1);
    expect(linkTickers).toBeLessThanOrEqual(3);
  });
});
