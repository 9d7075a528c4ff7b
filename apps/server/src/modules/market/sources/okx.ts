// OKX v5 public websocket, `tickers` channel: one subscribe request listing every
// instrument (`BTC-USDT` for Candor BTCUSDT); pushes are
// `{"arg":{"channel":"tickers","instId":…},"data":[{"instId","last","ts",…}]}` with
// `last` a decimal string and `ts` ms as a string. Replies: `{"event":"subscribe"|"error"
// |"notice"|"channel-conn-count",…}`. Keep-alive as OKX documents it: the connection
// drops after 30 s without traffic, so after a quiet spell the client sends the text
// "ping" and the server answers "pong".
// Format: https://www.okx.com/docs-v5/en/#overview-websocket-connect and
// #order-book-trading-market-data-ws-tickers-channel (fixtures: …/fixtures/sources/okx.jsonl).
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

/** OKX's own keep-alive threshold is 30 s; ping well before it. */
export const OKX_PING_IDLE_MS = 25_000;

/** `BTCUSDT` → `BTC-USDT` (OKX spot). */
export function okxInstrument(symbol: string): string | null {
  const base = cryptoBase(symbol);
  return base === null ? null : `${base}-USDT`;
}

export function okxSubscribeMessage(instIds: readonly string[]): string {
  return JSON.stringify({ op: "subscribe", args: instIds.map((instId) => ({ channel: "tickers", instId })) });
}

export function parseOkxMessage(raw: string, receivedAt: number, symbols: SymbolMap): ParsedFrame {
  if (raw === "pong") return note("heartbeat");
  const msg = parseJson(raw);
  if (msg === undefined) return note("malformed", snippet(raw));
  if (!isRecord(msg)) return note("unknown", snippet(msg));
  if (typeof msg.event === "string") {
    if (msg.event === "error") return note("error", `${String(msg.code)}: ${String(msg.msg)}`);
    if (msg.event === "subscribe" || msg.event === "unsubscribe" || msg.event === "channel-conn-count") {
      return note("ack", snippet(msg));
    }
    return note("unknown", `event ${msg.event}${msg.msg ? `: ${String(msg.msg)}` : ""}`);
  }
  const arg = isRecord(msg.arg) ? msg.arg : null;
  if (arg?.channel !== "tickers" || !Array.isArray(msg.data)) return note("unknown", snippet(msg).slice(0, 60));
  const quotes: SourceQuote[] = [];
  let invalid = 0;
  for (const item of msg.data) {
    if (!isRecord(item)) {
      invalid++;
      continue;
    }
    const instId = typeof item.instId === "string" ? item.instId : arg.instId;
    const symbol = typeof instId === "string" ? symbols.candor(instId) : undefined;
    if (typeof instId === "string" && symbol === undefined) continue; // an instrument we do not follow
    const price = priceFromString(item.last);
    if (symbol === undefined || price === null) {
      invalid++;
      continue;
    }
    quotes.push(quote("okx", symbol, price, msFrom(item.ts), receivedAt));
  }
  return quotesFrame(quotes, invalid, snippet(raw));
}

export class OkxSource extends ConnectedSource {
  constructor(options: PriceSourceOptions) {
    const symbols = new SymbolMap(options.symbols, okxInstrument);
    // Ping before the stale timer would give up on a quiet but healthy connection.
    const afterMs = Math.max(1, Math.min(OKX_PING_IDLE_MS, Math.floor((options.staleAfterMs ?? 10_000) / 2)));
    super({
      name: "okx",
      options,
      symbols,
      parse: (raw, receivedAt) => parseOkxMessage(raw, receivedAt, symbols),
      open: wsOpener({
        url: options.url,
        subscribe: [okxSubscribeMessage(symbols.venueIds)],
        idlePing: { afterMs, text: "ping" },
      }),
    });
  }
}
