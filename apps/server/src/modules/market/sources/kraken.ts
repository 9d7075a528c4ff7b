// Kraken spot websocket v2 (wss://ws.kraken.com/v2), `ticker` channel: one subscribe
// request `{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"]}}`;
// pushes `{"channel":"ticker","type":"snapshot"|"update","data":[{"symbol","last",…,
// "timestamp"}]}` where prices are JSON numbers (converted without float arithmetic, see
// priceFromNumber). v2 spells Bitcoin `BTC` (v1 said `XBT`). Once subscribed, Kraken sends
// `{"channel":"heartbeat"}` about once a second when nothing else is sent; those count as
// liveness. A `{"channel":"status"}` update arrives on connect.
// Format: https://docs.kraken.com/api/docs/websocket-v2/ticker, …/heartbeat, …/status
// (fixtures: …/fixtures/sources/kraken.jsonl).
import { ConnectedSource, wsOpener } from "./connection";
import {
  cryptoBase,
  isoMs,
  isRecord,
  note,
  type ParsedFrame,
  parseJson,
  priceFromNumber,
  quote,
  quotesFrame,
  SymbolMap,
  snippet,
} from "./frames";
import type { PriceSourceOptions, SourceQuote } from "./types";

/**
 * Which Kraken book prices a Candor `XXXUSDT` symbol. Default `USD` (`BTC/USD`), Kraken's
 * deep books, standing in for USDT as with Coinbase (see coinbase.ts); `USDT` follows
 * `BTC/USDT`.
 */
export type KrakenQuote = "USD" | "USDT";

export interface KrakenSourceOptions extends PriceSourceOptions {
  quote?: KrakenQuote;
}

/** `BTCUSDT` → `BTC/USD` (or `BTC/USDT`). */
export function krakenPair(symbol: string, quoteCurrency: KrakenQuote = "USD"): string | null {
  const base = cryptoBase(symbol);
  return base === null ? null : `${base}/${quoteCurrency}`;
}

export function krakenSubscribeMessage(pairs: readonly string[]): string {
  return JSON.stringify({ method: "subscribe", params: { channel: "ticker", symbol: pairs } });
}

export function parseKrakenMessage(raw: string, receivedAt: number, symbols: SymbolMap): ParsedFrame {
  const msg = parseJson(raw);
  if (msg === undefined) return note("malformed", snippet(raw));
  if (!isRecord(msg)) return note("unknown", snippet(msg));
  if (typeof msg.method === "string") {
    if (msg.success === false) return note("error", `${msg.method}: ${String(msg.error)}`);
    if (msg.method === "pong") return note("heartbeat");
    return note("ack", snippet(msg));
  }
  if (msg.channel === "heartbeat") return note("heartbeat");
  if (msg.channel === "status") return note("ack", snippet(msg));
  if (msg.channel !== "ticker") return note("unknown", `channel ${String(msg.channel)}`);
  if ((msg.type !== "snapshot" && msg.type !== "update") || !Array.isArray(msg.data)) {
    return note("invalid", snippet(raw));
  }
  const quotes: SourceQuote[] = [];
  let invalid = 0;
  for (const item of msg.data) {
    if (!isRecord(item) || typeof item.symbol !== "string") {
      invalid++;
      continue;
    }
    const symbol = symbols.candor(item.symbol);
    if (symbol === undefined) continue; // a pair we do not follow
    const price = priceFromNumber(item.last);
    if (price === null) {
      invalid++;
      continue;
    }
    quotes.push(quote("kraken", symbol, price, isoMs(item.timestamp), receivedAt));
  }
  return quotesFrame(quotes, invalid, snippet(raw));
}

export class KrakenSource extends ConnectedSource {
  constructor(options: KrakenSourceOptions) {
    const symbols = new SymbolMap(options.symbols, (s) => krakenPair(s, options.quote));
    super({
      name: "kraken",
      options,
      symbols,
      parse: (raw, receivedAt) => parseKrakenMessage(raw, receivedAt, symbols),
      open: wsOpener({ url: options.url, subscribe: [krakenSubscribeMessage(symbols.venueIds)] }),
    });
  }
}
