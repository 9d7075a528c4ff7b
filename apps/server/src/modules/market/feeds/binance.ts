// `binance` feed: Binance's public market-data websocket (24 h ticker streams) for
// the crypto symbols it lists; metals and forex are not on Binance spot and stay
// simulated (each symbol says which it is). Parsing is tested against recorded
// messages in test/market/fixtures; tests never touch the network.
import { dec, isDecimal } from "@candor/domain";
import WebSocket from "ws";
import type { SymbolInfo } from "../types";
import { SimFeed } from "./sim";
import type { SimSeed } from "./sim-random";
import type { FeedContext, MarketFeed } from "./types";

export interface BinanceTicker {
  symbol: string;
  /** Last traded price. */
  price: string;
  /** Exchange event time, ms. */
  eventTime: number;
  /** Rolling 24 h base volume. */
  volume24h: string;
}

function tickerFrom(data: unknown): BinanceTicker | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  if (d.e !== "24hrTicker" && d.e !== "24hrMiniTicker") return null;
  if (typeof d.s !== "string" || typeof d.c !== "string" || !isDecimal(d.c) || !dec(d.c).gt(0)) return null;
  const volume = typeof d.v === "string" && isDecimal(d.v) ? d.v : "0";
  return { symbol: d.s, price: d.c, eventTime: typeof d.E === "number" ? d.E : 0, volume24h: volume };
}

/**
 * Tickers in one websocket message: a raw stream event, a combined-stream envelope
 * `{stream, data}`, or an array (`!ticker@arr`). Anything else (subscription replies,
 * other events, junk) gives none.
 */
export function parseBinanceMessage(raw: string): BinanceTicker[] {
  let msg: unknown;
  try {
    msg = JSON.parse(raw);
  } catch {
    return [];
  }
  const payload = msg && typeof msg === "object" && "stream" in msg && "data" in msg ? msg.data : msg;
  const items = Array.isArray(payload) ? payload : [payload];
  return items.map(tickerFrom).filter((t): t is BinanceTicker => t !== null);
}

export interface BinanceFeedOptions {
  url: string;
  /** MARKET_SEED for the symbols it simulates; null = the CSPRNG. */
  seed: SimSeed;
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

export class BinanceFeed implements MarketFeed {
  readonly name = "binance" as const;
  private readonly covered = new Set<string>();
  private readonly sim: SimFeed;
  private socket?: WebSocket;
  private reconnectTimer?: NodeJS.Timeout;
  private running = false;
  private attempts = 0;
  private readonly lastVolume = new Map<string, string>();

  constructor(private readonly options: BinanceFeedOptions) {
    this.sim = new SimFeed(options.seed, (symbol) => !this.covered.has(symbol));
  }

  /** Binance spot lists the crypto/USDT pairs; everything else is simulated. */
  static covers(symbol: { assetClass: string; quote: string; simOnly?: boolean }): boolean {
    return symbol.assetClass === "crypto" && symbol.quote === "USDT" && symbol.simOnly !== true;
  }

  isSimulated(symbol: string): boolean {
    return !this.covered.has(symbol);
  }

  generatesHistory(symbol: string): boolean {
    return !this.covered.has(symbol);
  }

  /** Call before start (the service does) so isSimulated answers correctly early. */
  cover(symbols: readonly { symbol: string; assetClass: string; quote: string; simOnly?: boolean }[]) {
    for (const s of symbols) if (BinanceFeed.covers(s)) this.covered.add(s.symbol);
  }

  /** A symbol listed while running (an IEO token, sim only) is simulated. */
  addSymbol(info: SymbolInfo): void {
    if (!BinanceFeed.covers(info)) this.sim.addSymbol(info);
  }

  async start(ctx: FeedContext): Promise<void> {
    this.cover(ctx.symbols);
    this.running = true;
    await this.sim.start(ctx);
    if (this.covered.size > 0) this.connect(ctx);
  }

  private connect(ctx: FeedContext) {
    const streams = [...this.covered].map((s) => `${s.toLowerCase()}@ticker`).join("/");
    const url = `${this.options.url.replace(/\/$/, "")}/stream?streams=${streams}`;
    const socket = new WebSocket(url, { handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on("open", () => {
      this.attempts = 0;
      ctx.log.info({ symbols: this.covered.size }, "binance feed connected");
    });
    socket.on("message", (data) => {
      if (!this.running) return;
      for (const t of parseBinanceMessage(data.toString())) {
        if (!this.covered.has(t.symbol)) continue;
        // The stream carries the rolling 24 h volume; the traded quantity since the
        // previous message is its increase (approximate: old trades also drop out).
        const previous = this.lastVolume.get(t.symbol);
        this.lastVolume.set(t.symbol, t.volume24h);
        const delta = previous === undefined ? dec(0) : dec(t.volume24h).minus(dec(previous));
        ctx.emit({
          symbol: t.symbol,
          price: t.price,
          volume: delta.isNegative() ? "0" : delta.toFixed(),
          source: "binance",
        });
      }
    });
    socket.on("error", (err) => ctx.log.warn({ err: err.message }, "binance feed error"));
    socket.on("close", () => {
      if (!this.running) return;
      const min = this.options.reconnectMinMs ?? 1000;
      const max = this.options.reconnectMaxMs ?? 30_000;
      const delay = Math.min(max, min * 2 ** this.attempts++);
      ctx.log.warn({ delayMs: delay }, "binance feed disconnected; reconnecting");
      this.reconnectTimer = setTimeout(() => this.connect(ctx), delay);
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.reconnectTimer);
    this.socket?.terminate();
    this.socket = undefined;
    await this.sim.stop();
  }
}
