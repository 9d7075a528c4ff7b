// Coinbase Exchange market-data feed (wss://ws-feed.exchange.coinbase.com): one subscribe
// request for the `ticker` channel (one message per match, `price` a decimal string and
// `time` RFC 3339) and the `heartbeat` channel (one message per product per second), so
// a quiet product still shows the connection is alive. Replies: `{"type":"subscriptions"}`,
// `{"type":"error","message","reason"}`.
// Note: the Exchange feed's channel is `heartbeat`; `heartbeats` (plural) belongs to the
// Advanced Trade feed, whose ticker format (`channel`/`events`) is different.
// Format: https://docs.cdp.coinbase.com/exchange/websocket-feed/overview and
// …/exchange/websocket-feed/channels (fixtures: …/fixtures/sources/coinbase.jsonl).
import { ConnectedSource, wsOpener } from "./connection";
import {
  cryptoBase,
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

/**
 * Which Coinbase book prices a Candor `XXXUSDT` symbol. Default `USD`: Coinbase's deep
 * books are the USD ones (`BTC-USD`); its `-USDT` books are thin, trade seldom and so
 * tick seldom. A USD price stands in for the USDT one, a basis of a few hundredths of a
 * percent in normal times that the index must tolerate (it compares sources). `USDT`
 * follows the `BTC-USDT` books instead.
 */
export type CoinbaseQuote = "USD" | "USDT";

export interface CoinbaseSourceOptions extends PriceSourceOptions {
  quote?: CoinbaseQuote;
}

/** `BTCUSDT` → `BTC-USD` (or `BTC-USDT` with quote "USDT"). */
export function coinbaseProduct(symbol: string, quoteCurrency: CoinbaseQuote = "USD"): string | null {
  const base = cryptoBase(symbol);
  return base === null ? null : `${base}-${quoteCurrency}`;
}

export function coinbaseSubscribeMessage(productIds: readonly string[]): string {
  return JSON.stringify({ type: "subscribe", product_ids: productIds, channels: ["ticker", "heartbeat"] });
}

export function parseCoinbaseMessage(raw: string, receivedAt: number, symbols: SymbolMap): ParsedFrame {
  const msg = parseJson(raw);
  if (msg === undefined) return note("malformed", snippet(raw));
  if (!isRecord(msg)) return note("unknown", snippet(msg));
  switch (msg.type) {
    case "heartbeat":
      return note("heartbeat");
    case "subscriptions":
      return note("ack", snippet(msg));
    case "error":
      return note("error", `${String(msg.message)}${msg.reason ? `: ${String(msg.reason)}` : ""}`);
    case "ticker": {
      if (typeof msg.product_id !== "string") return note("invalid", snippet(raw));
      const symbol = symbols.candor(msg.product_id);
      if (symbol === undefined) return quotesFrame([], 0); // a product we do not follow
      const price = priceFromString(msg.price);
      if (price === null) return note("invalid", snippet(raw));
      return quotesFrame([quote("coinbase", symbol, price, isoMs(msg.time), receivedAt)], 0);
    }
    default:
      return note("unknown", `type ${String(msg.type)}`);
  }
}

export class CoinbaseSource extends ConnectedSource {
  constructor(options: CoinbaseSourceOptions) {
    const symbols = new SymbolMap(options.symbols, (s) => coinbaseProduct(s, options.quote));
    super({
      name: "coinbase",
      options,
      symbols,
      parse: (raw, receivedAt) => parseCoinbaseMessage(raw, receivedAt, symbols),
      open: wsOpener({ url: options.url, subscribe: [coinbaseSubscribeMessage(symbols.venueIds)] }),
    });
  }
}
