// OANDA v20 price stream, for metals and forex: an HTTP GET that never ends,
// `/v3/accounts/{accountID}/pricing/stream?instruments=XAU_USD,EUR_USD` with
// `Authorization: Bearer <key>`, answering newline-delimited JSON: `{"type":"PRICE",
// "instrument","time","bids":[{"price","liquidity"}],"asks":[…],"tradeable",…}` and
// `{"type":"HEARTBEAT","time"}` about every 5 s. The quote is the mid of the best bid and
// best ask (exact decimal). A price marked `tradeable: false` (market closed) is not a
// quote. Same backoff and staleness rules as the websocket venues.
// Format: https://developer.oanda.com/rest-live-v20/pricing-ep/ (Price Stream) and
// …/pricing-df/ (ClientPrice, PricingHeartbeat) (fixtures: …/fixtures/sources/oanda.jsonl).
import { dec, midOf } from "@candor/domain";
import { ConnectedSource, type Opener } from "./connection";
import {
  isoMs,
  isRecord,
  note,
  type ParsedFrame,
  parseJson,
  priceFromString,
  quote,
  quotesFrame,
  SymbolMap,
  snippet,
} from "./frames";
import type { PriceSourceOptions } from "./types";

export interface OandaSourceOptions extends PriceSourceOptions {
  /** e.g. https://stream-fxpractice.oanda.com or https://stream-fxtrade.oanda.com */
  url: string;
  accountId: string;
  apiKey: string;
}

/** A line longer than this is not OANDA talking; the connection is dropped. */
const MAX_LINE_CHARS = 1_000_000;

/** `XAUUSD` → `XAU_USD`, `EURUSD` → `EUR_USD`: six-letter metal and forex symbols. */
export function oandaInstrument(symbol: string): string | null {
  if (!/^[A-Z]{6}$/.test(symbol)) return null;
  return `${symbol.slice(0, 3)}_${symbol.slice(3)}`;
}

export function oandaStreamUrl(baseUrl: string, accountId: string, instruments: readonly string[]): string {
  const query = new URLSearchParams({ instruments: instruments.join(",") });
  return `${baseUrl.replace(/\/$/, "")}/v3/accounts/${encodeURIComponent(accountId)}/pricing/stream?${query}`;
}

/** The best of one side's buckets (highest bid, lowest ask), or null when any is bad or none. */
function best(buckets: unknown, side: "bid" | "ask"): string | null {
  if (!Array.isArray(buckets) || buckets.length === 0) return null;
  let top: string | null = null;
  for (const bucket of buckets) {
    const price = isRecord(bucket) ? priceFromString(bucket.price) : null;
    if (price === null) return null;
    if (top === null || (side === "bid" ? dec(price).gt(top) : dec(price).lt(top))) top = price;
  }
  return top;
}

export function parseOandaMessage(raw: string, receivedAt: number, symbols: SymbolMap): ParsedFrame {
  const msg = parseJson(raw);
  if (msg === undefined) return note("malformed", snippet(raw));
  if (!isRecord(msg)) return note("unknown", snippet(msg));
  if (msg.type === "HEARTBEAT") return note("heartbeat");
  if (msg.type !== "PRICE") {
    return note(typeof msg.errorMessage === "string" ? "error" : "unknown", snippet(msg.errorMessage ?? msg.type));
  }
  if (typeof msg.instrument !== "string") return note("invalid", snippet(raw));
  const symbol = symbols.candor(msg.instrument);
  if (symbol === undefined || msg.tradeable === false) return quotesFrame([], 0);
  const bid = best(msg.bids, "bid");
  const ask = best(msg.asks, "ask");
  if (bid === null || ask === null || dec(ask).lt(bid)) return note("invalid", snippet(raw));
  return quotesFrame([quote("oanda", symbol, midOf(bid, ask), isoMs(msg.time), receivedAt)], 0);
}

/** One streaming request with Node's fetch; each complete line is one frame. */
export function oandaOpener(url: string, apiKey: string): Opener {
  return (session) => {
    const abort = new AbortController();
    const done = (async () => {
      try {
        const response = await fetch(url, {
          headers: { Authorization: `Bearer ${apiKey}`, "Accept-Datetime-Format": "RFC3339" },
          signal: abort.signal,
        });
        if (!response.ok || !response.body) {
          const body = (await response.text().catch(() => "")).slice(0, 200);
          session.closed(`HTTP ${response.status}${body ? `: ${body}` : ""}`);
          return;
        }
        session.opened();
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { done: ended, value } = await reader.read();
          if (ended) break;
          buffer += decoder.decode(value, { stream: true });
          let newline = buffer.indexOf("\n");
          while (newline >= 0) {
            const line = buffer.slice(0, newline).trim();
            buffer = buffer.slice(newline + 1);
            if (line.length > 0) session.received(line);
            newline = buffer.indexOf("\n");
          }
          if (buffer.length > MAX_LINE_CHARS) {
            session.closed("line too long");
            abort.abort();
            return;
          }
        }
        session.closed("stream ended by the venue");
      } catch (err) {
        session.closed(err instanceof Error ? err.message : String(err));
      }
    })();
    return {
      terminate: async () => {
        abort.abort();
        await done;
      },
    };
  };
}

export class OandaSource extends ConnectedSource {
  constructor(options: OandaSourceOptions) {
    const symbols = new SymbolMap(options.symbols, oandaInstrument);
    super({
      name: "oanda",
      options,
      symbols,
      parse: (raw, receivedAt) => parseOandaMessage(raw, receivedAt, symbols),
      open: oandaOpener(oandaStreamUrl(options.url, options.accountId, symbols.venueIds), options.apiKey),
    });
  }
}
