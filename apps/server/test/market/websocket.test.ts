// Websocket /api/websocket/market: channels, subscribe/unsubscribe, ping/pong, errors.
import { EventEmitter } from "node:events";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { ConflatingSender, MarketHub } from "../../src/modules/market/websocket";
import { setupApp } from "../helper";
import { TestClient } from "./ws-client";

const { app, database } = await setupApp();
await app.listen({ port: 0, host: "127.0.0.1" });
const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/websocket/market`;
const clients: TestClient[] = [];
const connect = async (query = "") => {
  const c = await TestClient.connect(url + query);
  clients.push(c);
  return c;
};
afterAll(() => {
  for (const c of clients) c.close();
});

let clock = Date.now();
const tick = (symbol: string, price: string, volume = "0") => {
  clock += 1;
  return app.market.ingest({ symbol, price, volume, ts: clock });
};

describe("ticker channel", () => {
  it("sends the pinned ticker message on every tick", async () => {
    const c = await connect();
    c.send({ op: "subscribe", channels: ["ticker.BTCUSDT"] });
    expect(await c.op("subscribed")).toEqual({ op: "subscribed", channels: ["ticker.BTCUSDT"] });
    const t = tick("BTCUSDT", "65000.5");
    expect(await c.channel("ticker.BTCUSDT")).toEqual({
      channel: "ticker.BTCUSDT",
      data: { symbol: "BTCUSDT", price: "65000.50", ts: t?.ts },
    });
    tick("BTCUSDT", "65001");
    expect(((await c.channel("ticker.BTCUSDT")).data as { price: string }).price).toBe("65001.00");
  });

  it("sends the current price at once on subscribe", async () => {
    const c = await connect();
    c.send({ op: "subscribe", channels: ["ticker.BTCUSDT"] });
    await c.op("subscribed");
    expect(((await c.channel("ticker.BTCUSDT")).data as { price: string }).price).toBe("65001.00");
  });

  it("stops after unsubscribe and only sends subscribed symbols", async () => {
    const c = await connect();
    c.send({ op: "subscribe", channels: ["ticker.ETHUSDT", "ticker.SOLUSDT"] });
    await c.op("subscribed");
    c.send({ op: "unsubscribe", channels: ["ticker.ETHUSDT"] });
    expect(await c.op("unsubscribed")).toEqual({ op: "unsubscribed", channels: ["ticker.SOLUSDT"] });
    tick("ETHUSDT", "3000");
    tick("BNBUSDT", "900");
    tick("SOLUSDT", "140");
    await c.channel("ticker.SOLUSDT");
    expect(c.messages.filter((m) => m.channel === "ticker.ETHUSDT" || m.channel === "ticker.BNBUSDT")).toEqual([]);
  });
});

describe("kline channel", () => {
  it("sends the current candle of the interval on every tick", async () => {
    const c = await connect();
    c.send({ op: "subscribe", channels: ["kline.1m.LINKUSDT", "kline.1h.LINKUSDT"] });
    await c.op("subscribed");
    // Market data is coalesced per window (last value wins): wait for each candle before the next tick.
    tick("LINKUSDT", "13.5", "2");
    const first = await c.channel("kline.1m.LINKUSDT");
    tick("LINKUSDT", "13.7", "1");
    const second = await c.channel("kline.1m.LINKUSDT");
    expect(first.data).toMatchObject({ symbol: "LINKUSDT", interval: "1m", open: "13.500", close: "13.500" });
    expect(second).toEqual({
      channel: "kline.1m.LINKUSDT",
      data: {
        symbol: "LINKUSDT",
        interval: "1m",
        time: Math.floor(clock / 60_000) * 60_000,
        open: "13.500",
        high: "13.700",
        low: "13.500",
        close: "13.700",
        volume: "3.00",
      },
    });
    expect((await c.channel("kline.1h.LINKUSDT")).data).toMatchObject({ interval: "1h" });
  });
});

describe("control messages", () => {
  it("answers ping with pong and the server time", async () => {
    const c = await connect();
    c.send({ op: "ping" });
    const pong = await c.op("pong");
    expect(Math.abs((pong.ts as number) - Date.now())).toBeLessThan(5000);
  });

  it("answers websocket-level pings", async () => {
    const c = await connect();
    const pong = new Promise((resolve) => c.socket.once("pong", resolve));
    c.socket.ping();
    await pong;
  });

  it("refuses bad channels by name and still subscribes the good ones", async () => {
    const c = await connect();
    c.send({ op: "subscribe", channels: ["ticker.NOPE", "kline.2m.BTCUSDT", "ticker.ETHUSDT", "depth.BTCUSDT"] });
    expect(await c.op("error")).toEqual({
      op: "error",
      code: 400,
      message: "Unknown channels: ticker.NOPE, kline.2m.BTCUSDT, depth.BTCUSDT",
      channels: ["ticker.NOPE", "kline.2m.BTCUSDT", "depth.BTCUSDT"],
    });
    expect(await c.op("subscribed")).toEqual({ op: "subscribed", channels: ["ticker.ETHUSDT"] });
  });

  it.each([
    ["not json", "{"],
    ["unknown op", { op: "dance" }],
    ["no channels", { op: "subscribe", channels: [] }],
    ["channels not a list", { op: "subscribe", channels: "ticker.BTCUSDT" }],
  ])("answers %s with an error in the client's language", async (_name, message) => {
    const c = await connect("?lang=zh-cn");
    c.send(message);
    const err = await c.op("error");
    expect(err.code).toBe(400);
    expect(err.message).toContain("無法識別的訊息");
  });

  it("caps the channels per connection", async () => {
    // 20 symbols × 9 channels is under the cap; list five more to pass it.
    for (const base of ["AAA", "BBB", "CCC", "DDD", "EEE"]) {
      await database.query(
        `INSERT INTO market_symbols (symbol, base, quote, asset_class, price_precision, qty_precision, spread,
           max_leverage, trading_hours, reference_price, volatility, daily_volume)
         VALUES ($1, $2, 'USDT', 'crypto', 2, 2, 0.001, 2, '{"kind":"always"}', 1, 0.5, 1)`,
        [`${base}USDT`, base],
      );
    }
    await app.market.loadSymbols();
    const c = await connect();
    const intervals = ["1m", "5m", "15m", "30m", "1h", "4h", "1d", "1w"];
    const all = app.market
      .enabledSymbols()
      .flatMap((s) => [`ticker.${s.symbol}`, ...intervals.map((i) => `kline.${i}.${s.symbol}`)]);
    expect(all.length).toBe(225);
    c.send({ op: "subscribe", channels: all.slice(0, 150) });
    await c.op("subscribed");
    c.send({ op: "subscribe", channels: all.slice(150) });
    expect((await c.op("error")).message).toBe("At most 200 channels per connection");
    expect(((await c.op("subscribed")).channels as string[]).length).toBe(200);
  });
});

class FakeSocket extends EventEmitter {
  bufferedAmount = 0;
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
    this.bufferedAmount += data.length;
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit("close");
  }
}

describe("slow clients", () => {
  it("sends straight through while the socket keeps up", () => {
    const s = new FakeSocket();
    const sender = new ConflatingSender(s, 100, 50);
    expect(sender.send("a", "1")).toBe(false);
    expect(s.sent).toEqual(["1"]);
  });

  it("keeps only the latest message per channel once the buffer is over the high-water mark", () => {
    const s = new FakeSocket();
    const sender = new ConflatingSender(s, 100, 50);
    s.bufferedAmount = 150;
    for (let i = 0; i < 10_000; i++) {
      sender.send("ticker.BTCUSDT", `btc${i}`);
      sender.send("ticker.ETHUSDT", `eth${i}`);
    }
    expect(sender.pendingCount).toBe(2);
    expect(sender.conflated).toBe(19_998);
    expect(sender.drain()).toBe(true); // still over the low-water mark: nothing sent
    expect(s.sent).toEqual([]);
    s.bufferedAmount = 0;
    expect(sender.drain()).toBe(false);
    expect(s.sent).toEqual(["btc9999", "eth9999"]);
  });

  it("keeps per-channel order: while anything waits, new messages wait behind it", () => {
    const s = new FakeSocket();
    const sender = new ConflatingSender(s, 100, 50);
    s.bufferedAmount = 150;
    sender.send("x", "x1");
    s.bufferedAmount = 0; // the socket drained, but x1 has not been sent yet
    expect(sender.send("x", "x2")).toBe(true);
    sender.send("y", "y1");
    sender.drain();
    expect(s.sent).toEqual(["x2", "y1"]);
  });

  it("drops a client that stops answering pings", async () => {
    const hub = new MarketHub(app.market, { heartbeatMs: 30 });
    const live = new FakeSocket();
    const dead = new FakeSocket();
    hub.attach(live as unknown as WebSocket, "en-us");
    hub.attach(dead as unknown as WebSocket, "en-us");
    // The live client answers every ping (as a browser does); the dead one never does.
    live.ping = () => {
      live.pings++;
      live.emit("pong");
    };
    for (let i = 0; i < 200 && !dead.terminated; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(dead.terminated).toBe(true);
    expect(live.terminated).toBe(false);
    expect(live.pings).toBeGreaterThan(1);
    expect(hub.stats().clients).toBe(1);
    hub.stop();
  });
});
