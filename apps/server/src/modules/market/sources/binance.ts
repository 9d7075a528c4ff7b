// Binance spot: the public market streams, one `<symbol>@ticker` (24 h rolling ticker)
// per Candor symbol, combined on one connection by the URL (`/stream?streams=a/b`), so
// no subscribe frame is needed. Each event carries `s` (the symbol, which is Candor's own
// spelling: BTCUSDT), `c` (last price, a decimal string) and `E` (event time, ms).
// The server sends protocol pings; `ws` answers them.
// Format: https://developers.binance.com/docs/binance-spot-api-docs/web-socket-streams
// (fixtures: test/market/fixtures/sources/binance.jsonl).
import { ConnectedSource, wsOpener } from "./connection";
import {
  cryptoBase,
  isRecord,
  msFrom,
  note,
  type ParsedFrame,
  parseJson,
  priceFromString,
  quote,
  quotesFrame,
  SymbolMap,
  snippet,
} from "./frames";
import type { PriceSourceOptions, SourceQuote } from "./types";

/** `BTCUSDT` → `btcusdt@ticker`; only USDT crypto pairs are on Binance spot here. */
export function binanceStream(symbol: string): string | null {
  return cryptoBase(symbol) === null ? null : `${symbol.toLowerCase()}@ticker`;
}

/** The combined-stream URL: `<base>/stream?streams=btcusdt@ticker/ethusdt@ticker`. */
export function binanceStreamUrl(baseUrl: string, streams: readonly string[]): string {
  return `${baseUrl.replace(/\/$/, "")}/stream?streams=${streams.join("/")}`;
}

/**
 * Quotes in one frame: a raw ticker event, the combined-stream envelope `{stream, data}`,
 * or an array of tickers. `{"result":null,"id":1}` is a request's reply; `{"error":{…}}`
 * (or a bare `{"code","msg"}`) an error.
 */
export function parseBinanceMessage(raw: string, receivedAt: number, symbols: SymbolMap): ParsedFrame {
  const msg = parseJson(raw);
  if (msg === undefined) return note("malformed", snippet(raw));
  if (isRecord(msg)) {
    if (isRecord(msg.error)) return note("error", snippet(msg.error));
    if ("code" in msg && "msg" in msg) return note("error", snippet(msg));
    if ("result" in msg && "id" in msg) return note("ack", snippet(msg));
  }
  const payload = isRecord(msg) && typeof msg.stream === "string" && "data" in msg ? msg.data : msg;
  const items = Array.isArray(payload) ? payload : [payload];
  const quotes: SourceQuote[] = [];
  let tickers = 0;
  let invalid = 0;
  for (const item of items) {
    if (!isRecord(item) || (item.e !== "24hrTicker" && item.e !== "24hrMiniTicker")) continue;
    tickers++;
    const symbol = typeof item.s === "string" ? item.s : null;
    if (symbol !== null && symbols.venue(symbol) === undefined) continue; // a pair we do not follow
    const price = priceFromString(item.c);
    if (symbol === null || price === null) {
      invalid++;
      continue;
    }
    quotes.push(quote("binance", symbol, price, msFrom(item.E), receivedAt));
  }
  if (tickers === 0)
    return note("unknown", isRecord(payload) ? String(payload.e ?? snippet(payload)) : snippet(payload));
  return quotesFrame(quotes, invalid, snippet(raw));
}

export class BinanceSource extends ConnectedSource {
  constructor(options: PriceSourceOptions) {
    const symbols = new SymbolMap(options.symbols, binanceStream);
    super({
      name: "binance",
      options,
      symbols,
      parse: (raw, receivedAt) => parseBinanceMessage(raw, receivedAt, symbols),
      open: wsOpener({ url: binanceStreamUrl(options.url, symbols.venueIds), subscribe: [] }),
    });
  }
}
