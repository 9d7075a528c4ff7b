// Websocket /api/websocket/market: ticker and kline channels, subscribe/unsubscribe,
// ping/pong. Market data is "last value wins": a tick only marks its channels dirty;
// the hub flushes dirty channels at most every COALESCE_MS (100 ms; the first tick
// after a quiet window goes out at once), encoding each channel once per flush and
// sending the same bytes to every subscriber, SLICE_CLIENTS clients per turn of the
// event loop, each client's messages of a flush in one corked write. So a client gets
// the latest value of each channel within ~100 ms (documented as ≤ 250 ms), not every
// intermediate tick. A slow client never grows server memory without bound: once its
// socket has more than HIGH_WATER bytes buffered, only the latest message per channel
// is kept for it (ConflatingSender) and sent when the buffer drains below LOW_WATER.
// Control replies (subscribed, pong, errors) and subscribe snapshots are sent at once.
import {
  type Lang,
  MARKET_WS_MAX_CHANNELS,
  MarketClientMessage,
  marketPaths,
  parseLang,
  parseMarketChannel,
} from "@candor/contract";
import { KLINE_INTERVALS } from "@candor/domain";
import type { FastifyPluginAsync } from "fastify";
import type WebSocket from "ws";
import { type MessageKey, type MessageParams, t } from "../../i18n";
import { ConflatingSender, type Frame, HIGH_WATER_BYTES, LOW_WATER_BYTES } from "./conflating-sender";
import { corked, FrameBatches, inSlices, rawWritable } from "./fan-out";
import type { MarketService, MarketTick } from "./service";

export { ConflatingSender, type Frame, HIGH_WATER_BYTES, LOW_WATER_BYTES, type SocketLike } from "./conflating-sender";

/** Market data is coalesced per channel and flushed at most this often (last value wins). */
export const COALESCE_MS = 100;
/**
 * Clients written per turn of the event loop during a flush. Small enough that an API
 * request waits ~1 ms behind a slice (bench:ws at 10,000 clients: API p99 7.6 ms during
 * the run with 50, 19.5 ms with 250; the flush itself takes as long either way).
 */
export const SLICE_CLIENTS = 50;
const OPEN = 1;

class MarketClient {
  readonly channels = new Set<string>();
  /** The channel set as one string (sorted): clients with the same set share one flush buffer. */
  key = "";
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
  /** Minimum time between two flushes of market data (COALESCE_MS). */
  coalesceMs?: number;
  /** Clients written per event-loop turn (SLICE_CLIENTS). */
  sliceClients?: number;
  /** false: always write through ws.send per message (the bench compares both). */
  rawFrames?: boolean;
}

export class MarketHub {
  private readonly clients = new Set<MarketClient>();
  private readonly subscribers = new Map<string, Set<MarketClient>>();
  private readonly backlogged = new Set<MarketClient>();
  private drainTimer?: NodeJS.Timeout;
  private readonly heartbeat: NodeJS.Timeout;
  /** Market data waiting for the next flush: the latest tick per symbol, symbols whose candles moved. */
  private readonly dirtyTickers = new Map<string, MarketTick>();
  private readonly dirtyKlines = new Set<string>();
  private flushTimer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private lastFlushAt = 0;
  private stopped = false;
  /** Messages encoded for market data (one per channel per flush) and flushes run. */
  encoded = 0;
  flushes = 0;
  /** Total and longest flush time (first slice to last), ms. */
  flushMsTotal = 0;
  flushMsMax = 0;
  private readonly off: () => void;

  constructor(
    private readonly market: MarketService,
    /** Read on every flush: the bench changes coalesceMs / sliceClients on a running hub. */
    readonly options: HubOptions = {},
  ) {
    this.off = market.onTick((tick) => this.onTick(tick));
    // Dead or stuck connections (no pong within one interval) are dropped; pinged in slices too.
    this.heartbeat = setInterval(() => {
      void inSlices([...this.clients], this.sliceClients, (client) => {
        if (!client.alive) {
          client.socket.terminate();
          return;
        }
        client.alive = false;
        client.socket.ping();
      });
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

  private get sliceClients() {
    return this.options.sliceClients ?? SLICE_CLIENTS;
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
      client.key = [...client.channels].sort().join(",");
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
    if (added.length > 0) client.key = [...client.channels].sort().join(",");
    if (bad.length > 0) this.error(client, "marketBadChannels", { channels: bad.join(", ") }, bad);
    if (refused) this.error(client, "marketTooManyChannels", { max: MARKET_WS_MAX_CHANNELS });
    this.reply(client, { op: "subscribed", channels: [...client.channels] });
    // The current value of each new channel at once, so a screen never waits for the next tick.
    corked(client.socket, () => {
      for (const channel of added) {
        const snapshot = this.snapshot(channel);
        if (snapshot) this.send(client, channel, snapshot);
      }
    });
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

  /** A tick only records what changed; the flush sends it. */
  private onTick(tick: MarketTick) {
    let dirty = false;
    if ((this.subscribers.get(`ticker.${tick.symbol}`)?.size ?? 0) > 0) {
      this.dirtyTickers.set(tick.symbol, tick);
      dirty = true;
    }
    for (const interval of KLINE_INTERVALS) {
      if ((this.subscribers.get(`kline.${interval}.${tick.symbol}`)?.size ?? 0) > 0) {
        this.dirtyKlines.add(tick.symbol);
        dirty = true;
        break;
      }
    }
    if (dirty) this.schedule();
  }

  /** Flush now when the last flush started a window ago (and none runs), else at the end of the window. */
  private schedule() {
    if (this.flushTimer || this.flushing || this.stopped) return;
    const wait = this.lastFlushAt + (this.options.coalesceMs ?? COALESCE_MS) - Date.now();
    if (wait <= 0) {
      void this.runFlush();
      return;
    }
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      void this.runFlush();
    }, wait);
  }

  private runFlush(): Promise<void> {
    this.lastFlushAt = Date.now();
    const done = this.writeDirty().finally(() => {
      this.flushing = undefined;
      if (this.dirtyTickers.size > 0 || this.dirtyKlines.size > 0) this.schedule();
    });
    this.flushing = done;
    return done;
  }

  /** Sends everything still dirty now (tests, bench); resolves once it is written to the sockets. */
  async flush(): Promise<void> {
    for (;;) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
      if (this.flushing)
        await this.flushing; // its end may start the next one at once
      else if (this.dirtyTickers.size > 0 || this.dirtyKlines.size > 0) await this.runFlush();
      else return;
    }
  }

  /** One flush: encode each dirty channel once, then write to the clients in slices. */
  private async writeDirty(): Promise<void> {
    const frames = new Map<string, Buffer>();
    for (const [symbol, tick] of this.dirtyTickers) frames.set(`ticker.${symbol}`, Buffer.from(tickerMessage(tick)));
    for (const symbol of this.dirtyKlines) {
      for (const interval of KLINE_INTERVALS) {
        const channel = `kline.${interval}.${symbol}`;
        if ((this.subscribers.get(channel)?.size ?? 0) === 0) continue;
        const m = this.market.klineMessage(symbol, interval);
        if (m) frames.set(channel, Buffer.from(JSON.stringify(m)));
      }
    }
    this.dirtyTickers.clear();
    this.dirtyKlines.clear();
    if (frames.size === 0) return;
    this.encoded += frames.size;
    this.flushes++;
    const t0 = performance.now();
    // Clients with the same channels get the same bytes: complete websocket frames of
    // their dirty channels, concatenated once and written in one call per client.
    const batches = new FrameBatches(frames);
    const highWater = this.options.highWaterBytes ?? HIGH_WATER_BYTES;
    await inSlices([...this.clients], this.sliceClients, (client) => {
      if (client.socket.readyState !== OPEN || client.channels.size === 0) return;
      // Fast path: nothing waits for this client and its socket keeps up.
      const raw =
        this.options.rawFrames !== false && client.sender.pendingCount === 0 && client.socket.bufferedAmount < highWater
          ? rawWritable(client.socket)
          : undefined;
      if (raw) {
        const batch = batches.get(client.key, client.channels);
        if (batch.length > 0) raw.write(batch);
        return;
      }
      // Slow client (or a socket ws must write itself): per channel, conflated when over the high-water mark.
      corked(client.socket, () => {
        if (client.channels.size < frames.size) {
          for (const channel of client.channels) {
            const data = frames.get(channel);
            if (data) this.send(client, channel, data);
          }
        } else {
          for (const [channel, data] of frames) if (client.channels.has(channel)) this.send(client, channel, data);
        }
      });
    });
    const ms = performance.now() - t0;
    this.flushMsTotal += ms;
    this.flushMsMax = Math.max(this.flushMsMax, ms);
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
      encoded: this.encoded,
      flushes: this.flushes,
      flushMsMean: this.flushes > 0 ? this.flushMsTotal / this.flushes : 0,
      flushMsMax: this.flushMsMax,
    };
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.dirtyTickers.clear();
    this.dirtyKlines.clear();
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
  // Raw, not route(): a websocket.
  app.get(marketPaths.websocket, { websocket: true, schema: { hide: true } }, (socket, request) => {
    const query = request.query as { lang?: string };
    hub.attach(socket, parseLang(query.lang ?? request.headers["x-lang"]));
  });
};
