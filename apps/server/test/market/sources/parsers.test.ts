// Each venue's parser against the documented frames in fixtures/sources/<venue>.jsonl:
// price updates become quotes (exact decimal strings, the venue's time); replies, errors,
// heartbeats, other channels, junk and bad prices become none.
import { describe, expect, it } from "vitest";
import { binanceStream, binanceStreamUrl, parseBinanceMessage } from "../../../src/modules/market/sources/binance";
import {
  coinbaseProduct,
  coinbaseSubscribeMessage,
  parseCoinbaseMessage,
} from "../../../src/modules/market/sources/coinbase";
import { type ParsedFrame, priceFromNumber, SymbolMap } from "../../../src/modules/market/sources/frames";
import { krakenPair, krakenSubscribeMessage, parseKrakenMessage } from "../../../src/modules/market/sources/kraken";
import { oandaInstrument, oandaStreamUrl, parseOandaMessage } from "../../../src/modules/market/sources/oanda";
import { okxInstrument, okxSubscribeMessage, parseOkxMessage } from "../../../src/modules/market/sources/okx";
import { loadFrames } from "./fixture-server";

const RECEIVED = 1_763_766_009_999;
const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT", "DOGEUSDT", "XAUUSD", "EURUSD"];
/** Coinbase's and Kraken's fixtures use SOL as the product nobody asked for. */
const WITHOUT_SOL = SYMBOLS.filter((s) => s !== "SOLUSDT");
type Row = [label: string, kind: ParsedFrame["kind"], quotes: [string, string, number][]];

function table(venue: string, parse: (raw: string) => ParsedFrame, rows: Row[]) {
  const frame = loadFrames(venue);
  it.each(rows)(`${venue} frame "%s" is %s`, (label, kind, quotes) => {
    const parsed = parse(frame(label));
    expect(parsed.kind).toBe(kind);
    expect(parsed.quotes.map((q) => [q.symbol, q.price, q.sourceTime])).toEqual(quotes);
    for (const q of parsed.quotes) expect(q).toMatchObject({ source: venue, receivedAt: RECEIVED });
  });
}

describe("Binance", () => {
  const symbols = new SymbolMap(SYMBOLS, binanceStream);
  table("binance", (raw) => parseBinanceMessage(raw, RECEIVED, symbols), [
    ["ack", "ack", []],
    ["error", "error", []],
    ["btc", "quotes", [["BTCUSDT", "91917.86000000", 1763766000125]]],
    ["eth", "quotes", [["ETHUSDT", "2970.56000000", 1763766000203]]],
    ["arr", "quotes", [["SOLUSDT", "135.71000000", 1763766001500]]], // PEPEUSDT is not followed
    ["mini", "quotes", [["DOGEUSDT", "0.15621000", 1763766002010]]],
    ["no-event-time", "quotes", [["ETHUSDT", "2971.10000000", RECEIVED]]],
    ["depth", "unknown", []],
    ["zero-price", "invalid", []],
    ["negative-price", "invalid", []],
    ["number-price", "invalid", []],
    ["exponent-price", "invalid", []],
    ["junk", "malformed", []],
  ]);

  it("maps USDT crypto symbols to ticker streams on the combined-stream URL", () => {
    expect(symbols.venueIds).toEqual(["btcusdt@ticker", "ethusdt@ticker", "solusdt@ticker", "dogeusdt@ticker"]);
    expect(binanceStream("XAUUSD")).toBeNull();
    expect(binanceStreamUrl("wss://stream.binance.com:9443/", ["btcusdt@ticker", "ethusdt@ticker"])).toBe(
      "wss://stream.binance.com:9443/stream?streams=btcusdt@ticker/ethusdt@ticker",
    );
  });
});

describe("OKX", () => {
  const symbols = new SymbolMap(SYMBOLS, okxInstrument);
  table("okx", (raw) => parseOkxMessage(raw, RECEIVED, symbols), [
    ["ack", "ack", []],
    ["conn-count", "ack", []],
    ["error", "error", []],
    ["notice", "unknown", []],
    ["pong", "heartbeat", []],
    ["btc", "quotes", [["BTCUSDT", "91918.1", 1763766000131]]],
    ["eth", "quotes", [["ETHUSDT", "2970.61", 1763766000207]]],
    ["other-instrument", "quotes", []],
    ["books", "unknown", []],
    ["zero-price", "invalid", []],
    ["negative-price", "invalid", []],
    ["number-price", "invalid", []],
    ["empty-price", "invalid", []],
    ["junk", "malformed", []],
  ]);

  it("maps BTCUSDT to BTC-USDT and subscribes to the tickers channel", () => {
    expect(okxInstrument("BTCUSDT")).toBe("BTC-USDT");
    expect(okxInstrument("EURUSD")).toBeNull();
    expect(JSON.parse(okxSubscribeMessage(["BTC-USDT", "ETH-USDT"]))).toEqual({
      op: "subscribe",
      args: [
        { channel: "tickers", instId: "BTC-USDT" },
        { channel: "tickers", instId: "ETH-USDT" },
      ],
    });
  });

  it("keeps the venue's error text", () => {
    expect(parseOkxMessage(loadFrames("okx")("error"), RECEIVED, symbols).detail).toMatch(/^60012: Invalid request/);
  });
});

describe("Coinbase", () => {
  const symbols = new SymbolMap(WITHOUT_SOL, (s) => coinbaseProduct(s));
  table("coinbase", (raw) => parseCoinbaseMessage(raw, RECEIVED, symbols), [
    ["ack", "ack", []],
    ["heartbeat", "heartbeat", []],
    ["error", "error", []],
    ["btc", "quotes", [["BTCUSDT", "91935.01", Date.parse("2025-11-21T23:00:00.128Z")]]],
    ["eth", "quotes", [["ETHUSDT", "2971.02", Date.parse("2025-11-21T23:00:00.211Z")]]],
    ["no-time", "quotes", [["ETHUSDT", "2971.50", RECEIVED]]],
    ["other-product", "quotes", []],
    ["l2update", "unknown", []],
    ["zero-price", "invalid", []],
    ["negative-price", "invalid", []],
    ["number-price", "invalid", []],
    ["junk", "malformed", []],
  ]);

  it("prices XXXUSDT from the XXX-USD book by default, or XXX-USDT when asked, with heartbeats", () => {
    expect(coinbaseProduct("BTCUSDT")).toBe("BTC-USD");
    expect(coinbaseProduct("BTCUSDT", "USDT")).toBe("BTC-USDT");
    expect(coinbaseProduct("XAUUSD")).toBeNull();
    expect(JSON.parse(coinbaseSubscribeMessage(["BTC-USD"]))).toEqual({
      type: "subscribe",
      product_ids: ["BTC-USD"],
      channels: ["ticker", "heartbeat"],
    });
  });
});

describe("Kraken", () => {
  const symbols = new SymbolMap([...WITHOUT_SOL, "PEPEUSDT"], (s) => krakenPair(s));
  table("kraken", (raw) => parseKrakenMessage(raw, RECEIVED, symbols), [
    ["status", "ack", []],
    ["ack", "ack", []],
    ["error", "error", []],
    ["heartbeat", "heartbeat", []],
    ["pong", "heartbeat", []],
    ["btc", "quotes", [["BTCUSDT", "91930.2", Date.parse("2025-11-21T23:00:00.145Z")]]],
    ["eth", "quotes", [["ETHUSDT", "2970.89", Date.parse("2025-11-21T23:00:00.212Z")]]],
    ["btc-later", "quotes", [["BTCUSDT", "91935", Date.parse("2025-11-21T23:00:01.133Z")]]],
    ["pepe", "quotes", [["PEPEUSDT", "0.00000593", Date.parse("2025-11-21T23:00:01.512Z")]]],
    ["no-timestamp", "quotes", [["ETHUSDT", "2971.3", RECEIVED]]],
    ["other-pair", "quotes", []],
    ["book", "unknown", []],
    ["zero-price", "invalid", []],
    ["negative-price", "invalid", []],
    ["string-price", "invalid", []],
    ["wrong-type", "invalid", []],
    ["junk", "malformed", []],
  ]);

  it("maps BTCUSDT to v2's BTC/USD (not v1's XBT/USD) and subscribes to the ticker channel", () => {
    expect(krakenPair("BTCUSDT")).toBe("BTC/USD");
    expect(krakenPair("BTCUSDT", "USDT")).toBe("BTC/USDT");
    expect(JSON.parse(krakenSubscribeMessage(["BTC/USD", "ETH/USD"]))).toEqual({
      method: "subscribe",
      params: { channel: "ticker", symbol: ["BTC/USD", "ETH/USD"] },
    });
  });

  it.each([
    [91930.2, "91930.2"],
    [0.1, "0.1"],
    [5.93e-7, "0.000000593"],
    [2e21, "2000000000000000000000"],
    [740.0, "740"],
  ])("turns the JSON number %s into the decimal %s without float arithmetic", (n, text) => {
    expect(priceFromNumber(n)).toBe(text);
  });
});

describe("OANDA", () => {
  const symbols = new SymbolMap(SYMBOLS, oandaInstrument);
  table("oanda", (raw) => parseOandaMessage(raw, RECEIVED, symbols), [
    ["heartbeat", "heartbeat", []],
    ["xau", "quotes", [["XAUUSD", "4062.485", Date.parse("2025-11-21T21:00:03.094Z")]]],
    ["eur", "quotes", [["EURUSD", "1.151775", Date.parse("2025-11-21T21:00:03.201Z")]]],
    ["not-tradeable", "quotes", []],
    ["other-instrument", "quotes", []],
    ["crossed", "invalid", []],
    ["no-asks", "invalid", []],
    ["zero-price", "invalid", []],
    ["number-price", "invalid", []],
    ["error", "error", []],
    ["junk", "malformed", []],
  ]);

  it("maps metals and forex to OANDA instruments and builds the stream URL", () => {
    expect(symbols.venueIds).toEqual(["XAU_USD", "EUR_USD"]);
    expect(oandaInstrument("BTCUSDT")).toBeNull();
    expect(oandaStreamUrl("https://stream-fxpractice.oanda.com/", "101-004-1234567-001", ["XAU_USD", "EUR_USD"])).toBe(
      "https://stream-fxpractice.oanda.com/v3/accounts/101-004-1234567-001/pricing/stream?instruments=XAU_USD%2CEUR_USD",
    );
  });
});
