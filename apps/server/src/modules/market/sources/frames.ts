// What a venue's parser makes of one websocket frame (or one line of a stream), and the
// small checks every parser shares: JSON that may be junk, prices that must be plain
// decimals > 0 (never a float on the way out), venue timestamps, symbol mapping.
import { dec, isDecimal } from "@candor/domain";
import type { SourceName, SourceQuote } from "./types";

/**
 * `quotes`: a price update (its quotes may be empty when it named only symbols we do not
 * follow); `heartbeat`: liveness only; `ack`: a subscription reply or other notice;
 * `error`: the venue refused something; `unknown`: an event or channel we do not use;
 * `malformed`: not JSON; `invalid`: a price update with a missing or bad field.
 */
export type FrameKind = "quotes" | "heartbeat" | "ack" | "error" | "unknown" | "malformed" | "invalid";

export interface ParsedFrame {
  kind: FrameKind;
  quotes: SourceQuote[];
  /** What to log (once per kind): the venue's error text, the unknown event's name. */
  detail?: string;
}

export function note(kind: Exclude<FrameKind, "quotes">, detail?: string): ParsedFrame {
  return detail === undefined ? { kind, quotes: [] } : { kind, quotes: [], detail };
}

/**
 * Quotes of one price update. When every item was rejected for a bad field the frame is
 * `invalid`; items for symbols we do not follow are skipped silently.
 */
export function quotesFrame(quotes: SourceQuote[], invalid: number, detail?: string): ParsedFrame {
  if (quotes.length === 0 && invalid > 0) return note("invalid", detail);
  return { kind: "quotes", quotes };
}

/** The parsed JSON value, or undefined when the text is not JSON. */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function snippet(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return (text ?? String(value)).slice(0, 120);
}

/** A price sent as a decimal string (Binance, OKX, Coinbase, OANDA), kept as sent when it is > 0. */
export function priceFromString(value: unknown): string | null {
  if (typeof value !== "string" || !isDecimal(value)) return null;
  const text = value.trim();
  return dec(text).gt(0) ? text : null;
}

/**
 * A price sent as a JSON number (Kraken v2). `String(n)` is the shortest text that reads
 * back as the same double, which for a venue's price (at most 15 significant digits) is
 * the literal the venue wrote; Decimal then spells it without an exponent (5.93e-7 →
 * "0.000000593"). No arithmetic happens on the float.
 */
export function priceFromNumber(value: unknown): string | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const d = dec(String(value));
  return d.gt(0) ? d.toFixed() : null;
}

/** Milliseconds since the epoch sent as a number or a string of digits (OKX `ts`, Binance `E`). */
export function msFrom(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** An RFC 3339 time (Coinbase, Kraken, OANDA; fractions past the millisecond are dropped). */
export function isoMs(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** Quotes whose venue gave no time (sourceTime is the receipt time), see `hasVenueTime`. */
const untimed = new WeakSet<SourceQuote>();

export function quote(
  source: SourceName,
  symbol: string,
  price: string,
  sourceTime: number | null,
  receivedAt: number,
): SourceQuote {
  const q = { source, symbol, price, sourceTime: sourceTime ?? receivedAt, receivedAt };
  if (sourceTime === null) untimed.add(q);
  return q;
}

/**
 * False when the venue sent no time and sourceTime is only the receipt time. Such a quote
 * is never judged out of order, nor does it set the bar for the next one: a receipt time
 * runs ahead of the venue's clock by the network delay, so it would drop the timed quote
 * that follows (Coinbase's first ticker after subscribing can come without `time`).
 */
export function hasVenueTime(q: SourceQuote): boolean {
  return !untimed.has(q);
}

/** The crypto base of a Candor USDT symbol (`BTCUSDT` → `BTC`), or null for metals and forex. */
export function cryptoBase(symbol: string): string | null {
  return /^([A-Z0-9]+?)USDT$/.exec(symbol)?.[1] ?? null;
}

/** Candor symbols ↔ the venue's instrument ids, for the symbols the venue can price. */
export class SymbolMap {
  private readonly toVenue = new Map<string, string>();
  private readonly toCandor = new Map<string, string>();

  constructor(symbols: readonly string[], venueId: (symbol: string) => string | null) {
    for (const symbol of symbols) {
      const id = venueId(symbol);
      if (id === null || this.toCandor.has(id)) continue;
      this.toVenue.set(symbol, id);
      this.toCandor.set(id, symbol);
    }
  }

  /** The venue's id for a Candor symbol this source follows. */
  venue(symbol: string): string | undefined {
    return this.toVenue.get(symbol);
  }

  /** The Candor symbol for a venue id, when this source follows it. */
  candor(venueId: string): string | undefined {
    return this.toCandor.get(venueId);
  }

  get venueIds(): string[] {
    return [...this.toCandor.keys()];
  }

  get size(): number {
    return this.toVenue.size;
  }
}
