// Websocket /api/websocket/market: ticker and kline channels, subscribe/unsubscribe,
// ping/pong. Each tick is serialised once and sent to every subscriber. A slow
// client never grows server memory without bound: once its socket has more than
// HIGH_WATER bytes buffered, only the latest message per channel is kept for it
// (conflation) and sent when the buffer drains below LOW_WATER.
import {
  type Lang,
  MARKET_WS_MAX_CHANNELS,
  MARKET_WS_PATH,
  MarketClientMessage,
  parseLang,
  parseMarketChannel,
} from "@candor/contract";
import { KLINE_INTERVALS } from "@candor/domain";
import type { FastifyPluginAsync } from "fastify";
import type WebSocket from "ws";
import { type MessageKey, type MessageParams, t } from "../../i18n";
import type { MarketService, MarketTick } from "./service";

export const HIGH_WATER_BYTES = 256 * 1024;
export const LOW_WATER_BYTES = 64 * 1024;

/** A message serialised once (UTF-8) and sent as the same bytes to every subscriber. */
export type Frame = string | Buffer;

export interface SocketLike {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Frame, options?: { binary?: boolean }): void;
}

const OPEN = 1;
/** Buffers are sent as text frames (they hold UTF-8 JSON). */
const TEXT = { binary: false };

/** Sends straight through while the socket keeps up; otherwise keeps only the latest message per key. */
export class ConflatingSender {
  private readonly pending = new Map<string, Frame>();
  conflated = 0;
  sent = 0;

  constructor(
    private readonly socket: SocketLike,
    private readonly highWater = HIGH_WATER_BYTES,
    private readonly lowWater = LOW_WATER_BYTES,
  ) {}

  /** Returns true when the message had to wait (the caller schedules a drain). */
  send(key: string, data: Frame): boolean {
    if (this.socket.readyState !== OPEN) return false;
    if (this.pending.size === 0 && this.socket.bufferedAmount < this.highWater) {
      this.socket.send(data, TEXT);
      this.sent++;
      return false;
    }
    if (this.pending.has(key)) {
      this.conflated++;
      this.pending.delete(key); // re-insert: the newest value goes to the back of the queue
    }
    this.pending.set(key, data);
    return true;
  }

  /** Send waiting messages while the buffer is below the low-water mark; true when some still wait. */
  drain(): boolean {
    if (this.socket.readyState !== OPEN) {
      this.pending.clear();
      return false;
    }
    for (const [key, data] of this.pending) {
      if (this.socket.bufferedAmount >= this.lowWater) return true;
      this.pending.delete(key);
      this.socket.send(data, TEXT);
      this.sent++;
    }
    return false;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  get pendingBytes(): number {
    let n = 0;
    for (const v of this.pending.values()) n += v.length;
    return n;
  }
}

class MarketClient {
  readonly channels = new Set<string>();
  readonly sender: ConflatingSender;
  alive = true;

  constructor(
    readonly socket: WebSocket,
    readonly lang: Lang,
    highWater: number,
    lowWater: number,
  ) {
    this.sender = new ConflatingSender(socket, highWater, lowWater);
  }
}

export interface HubOptions {
  heartbeatMs?: number;
  highWaterBytes?: number;
  lowWaterBytes?: number;
  drainMs?: number;
}

export class MarketHub {
  private readonly clients = new Set<MarketClient>();
  private readonly subscribers = new Map<string, Set<MarketClient>>();
  private readonly backlogged = new Set<MarketClient>();
  private drainTimer?: NodeJS.Timeout;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly off: () => void;

  constructor(
    private readonly market: MarketService,
    private readonly options: HubOptions = {},
  ) {
    this.off = market.onTick((tick) => this.onTick(tick));
    // Dead or stuck connections (no pong within one interval) are dropped.
    this.heartbeat = setInterval(() => {
      for (const client of this.clients) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, options.heartbeatMs ?? 30_000);
  }

  attach(socket: WebSocket, lang: Lang): void {
    const client = new MarketClient(
      socket,
      lang,
      this.options.highWaterBytes ?? HIGH_WATER_BYTES,
      this.options.lowWaterBytes ?? LOW_WATER_BYTES,
    );
    this.clients.add(client);
    socket.on("pong", () => {
      client.alive = true;
    });
    socket.on("message", (data, isBinary) => {
      client.alive = true;
      this.onMessage(client, isBinary ? "" : data.toString());
    });
    socket.on("close", () => this.detach(client));
    socket.on("error", () => socket.terminate());
  }

  private detach(client: MarketClient) {
    this.clients.delete(client);
    this.backlogged.delete(client);
    for (const channel of client.channels) this.subscribers.get(channel)?.delete(client);
    client.channels.clear();
  }

  private send(client: MarketClient, key: string, data: Frame) {
    if (client.sender.send(key, data)) {
      this.backlogged.add(client);
      this.drainTimer ??= setInterval(() => this.drainAll(), this.options.drainMs ?? 25);
    }
  }

  private drainAll() {
    for (const client of this.backlogged) if (!client.sender.drain()) this.backlogged.delete(client);
    if (this.backlogged.size === 0) {
      clearInterval(this.drainTimer);
      this.drainTimer = undefined;
    }
  }

  private reply(client: MarketClient, message: { op: string } & Record<string, unknown>) {
    this.send(client, `op:${message.op}`, JSON.stringify(message));
  }

  private error(client: MarketClient, key: MessageKey, params: MessageParams = {}, channels?: string[]) {
    this.reply(client, {
      op: "error",
      code: 400,
      message: t(client.lang, key, params),
      ...(channels ? { channels } : {}),
    });
  }

  private onMessage(client: MarketClient, text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.error(client, "marketBadMessage");
    }
    const parsed = MarketClientMessage.safeParse(json);
    if (!parsed.success) return this.error(client, "marketBadMessage");
    const msg = parsed.data;
    if (msg.op === "ping") return this.reply(client, { op: "pong", ts: Date.now() });
    if (msg.op === "unsubscribe") {
      for (const channel of msg.channels) {
        client.channels.delete(channel);
        this.subscribers.get(channel)?.delete(client);
      }
      return this.reply(client, { op: "unsubscribed", channels: [...client.channels] });
    }
    const bad: string[] = [];
    const added: string[] = [];
    let refused = false;
    for (const channel of new Set(msg.channels)) {
      const parsedChannel = parseMarketChannel(channel);
      if (!parsedChannel || !this.market.findSymbol(parsedChannel.symbol)) {
        bad.push(channel);
        continue;
      }
      if (client.channels.has(channel)) continue;
      if (client.channels.size >= MARKET_WS_MAX_CHANNELS) {
        refused = true;
        continue;
      }
      client.channels.add(channel);
      let set = this.subscribers.get(channel);
      if (!set) {
        set = new Set();
        this.subscribers.set(channel, set);
      }
      set.add(client);
      added.push(channel);
    }
    if (bad.length > 0) this.error(client, "marketBadChannels", { channels: bad.join(", ") }, bad);
    if (refused) this.error(client, "marketTooManyChannels", { max: MARKET_WS_MAX_CHANNELS });
    this.reply(client, { op: "subscribed", channels: [...client.channels] });
    // The current value of each new channel at once, so a screen never waits for the next tick.
    for (const channel of added) {
      const snapshot = this.snapshot(channel);
      if (snapshot) this.send(client, channel, snapshot);
    }
  }

  private snapshot(channel: string): string | null {
    const c = parseMarketChannel(channel);
    if (!c) return null;
    if (c.kind === "ticker") {
      const tick = this.market.lastTick(c.symbol);
      return tick ? tickerMessage(tick) : null;
    }
    const m = this.market.klineMessage(c.symbol, c.interval);
    return m ? JSON.stringify(m) : null;
  }

  private onTick(tick: MarketTick) {
    const tickerChannel = `ticker.${tick.symbol}`;
    const tickerSubs = this.subscribers.get(tickerChannel);
    if (tickerSubs && tickerSubs.size > 0) {
      // Encoded once: every subscriber gets the same bytes.
      const data = Buffer.from(tickerMessage(tick));
      for (const client of tickerSubs) this.send(client, tickerChannel, data);
    }
    for (const interval of KLINE_INTERVALS) {
      const channel = `kline.${interval}.${tick.symbol}`;
      const subs = this.subscribers.get(channel);
      if (!subs || subs.size === 0) continue;
      const m = this.market.klineMessage(tick.symbol, interval);
      if (!m) continue;
      const data = Buffer.from(JSON.stringify(m));
      for (const client of subs) this.send(client, channel, data);
    }
  }

  /** Connection and backlog figures (tests, bench, health). */
  stats() {
    let pending = 0;
    let maxPending = 0;
    let conflated = 0;
    let maxBuffered = 0;
    for (const c of this.clients) {
      maxBuffered = Math.max(maxBuffered, c.socket.bufferedAmount);
      pending += c.sender.pendingCount;
      maxPending = Math.max(maxPending, c.sender.pendingCount);
      conflated += c.sender.conflated;
    }
    return {
      clients: this.clients.size,
      backlogged: this.backlogged.size,
      pending,
      maxPending,
      maxBuffered,
      conflated,
    };
  }

  stop() {
    this.off();
    clearInterval(this.heartbeat);
    clearInterval(this.drainTimer);
    this.drainTimer = undefined;
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.subscribers.clear();
    this.backlogged.clear();
  }
}

/** The pinned ticker message: {"channel":"ticker.X","data":{symbol, price, ts}}. */
function tickerMessage(tick: MarketTick): string {
  return JSON.stringify({
    channel: `ticker.${tick.symbol}`,
    data: { symbol: tick.symbol, price: tick.price, ts: tick.ts },
  });
}

/** The websocket route; the hub is created and owned by the market plugin. */
export const marketWebsocketRoutes: FastifyPluginAsync<{ hub: MarketHub }> = async (app, { hub }) => {
  app.get(MARKET_WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const query = request.query as { lang?: string };
    hub.attach(socket, parseLang(query.lang ?? request.headers["x-lang"]));
  });
};
