// Four local venues (Binance, OKX, Coinbase Exchange, Kraken) for the index feed: websocket
// fixture servers that send each venue's own ticker frame with the price a test names.
import type { Config } from "../../src/config";
import { FixtureServer } from "./sources/fixture-server";

export const VENUES = ["binance", "okx", "coinbase", "kraken"] as const;
export type Venue = (typeof VENUES)[number];

const base = (symbol: string) => symbol.replace(/USDT$/, "");

/** The venue's ticker frame for a Candor USDT symbol at `price`, made at `ms`. */
export function tickerFrame(venue: Venue, symbol: string, price: string, ms: number): string {
  const iso = new Date(ms).toISOString();
  switch (venue) {
    case "binance":
      return JSON.stringify({
        stream: `${symbol.toLowerCase()}@ticker`,
        data: { e: "24hrTicker", E: ms, s: symbol, c: price },
      });
    case "okx":
      return JSON.stringify({
        arg: { channel: "tickers", instId: `${base(symbol)}-USDT` },
        data: [{ instId: `${base(symbol)}-USDT`, last: price, ts: String(ms) }],
      });
    case "coinbase":
      return JSON.stringify({ type: "ticker", product_id: `${base(symbol)}-USD`, price, time: iso });
    case "kraken":
      return JSON.stringify({
        channel: "ticker",
        type: "update",
        data: [{ symbol: `${base(symbol)}/USD`, last: Number(price), timestamp: iso }],
      });
  }
}

export type Venues = Record<Venue, FixtureServer>;

export async function startVenues(): Promise<Venues> {
  const servers = await Promise.all(
    VENUES.map((v) => FixtureServer.start(v === "okx" ? { pingReply: { ping: "ping", pong: "pong" } } : {})),
  );
  return Object.fromEntries(VENUES.map((v, i) => [v, servers[i]])) as Venues;
}

/** MARKET_FEED=index over these venues (test config overrides). */
export function indexConfig(venues: Venues, rule: Partial<Config["index"]> = {}): Partial<Config> {
  return {
    marketFeed: "index",
    index: {
      sources: [...VENUES],
      urls: {
        binance: venues.binance.url,
        okx: venues.okx.url,
        coinbase: venues.coinbase.url,
        kraken: venues.kraken.url,
        oanda: "http://127.0.0.1:9",
      },
      oanda: null,
      maxAgeMs: 5000,
      bandPct: "1",
      minSources: 2,
      jumpPct: "5",
      ...rule,
    },
  };
}

/** True once every venue has a connection (and, where the venue needs one, its subscribe frame). */
export function allConnected(venues: Venues): boolean {
  return VENUES.every((v) => {
    const c = venues[v].connections.at(-1);
    return c !== undefined && !c.closed && (v === "binance" || c.received.length > 0);
  });
}

/** Each named venue sends its ticker for `symbol` now. */
export function quote(venues: Venues, prices: Partial<Record<Venue, string>>, symbol = "BTCUSDT"): void {
  const now = Date.now();
  for (const [venue, price] of Object.entries(prices) as [Venue, string][]) {
    const server = venues[venue];
    if (server.connections.length > 0) server.send(tickerFrame(venue, symbol, price, now));
  }
}

export async function closeVenues(venues: Venues): Promise<void> {
  await Promise.all(VENUES.map((v) => venues[v].close()));
}
