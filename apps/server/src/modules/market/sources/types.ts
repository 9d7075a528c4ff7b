// Real-time price sources (issue 32 §2): one adapter per venue, each turning the
// venue's stream into quotes for Candor symbols. The index that combines them lives
// elsewhere and codes against these types only.

import type { PriceVenue } from "@candor/contract";

export type SourceName = PriceVenue;

export interface SourceQuote {
  source: SourceName;
  /** Candor symbol, e.g. BTCUSDT, XAUUSD. */
  symbol: string;
  /** Decimal string > 0. */
  price: string;
  /** Venue's ms timestamp, or receivedAt when the venue gives none. */
  sourceTime: number;
  /** Date.now() at receipt. */
  receivedAt: number;
}

export type SourceState = "connecting" | "live" | "stale" | "down";

export interface SourceStatus {
  source: SourceName;
  state: SourceState;
  lastMessageAt: number | null;
  reconnects: number;
  lastError: string | null;
}

export interface PriceSourceOptions {
  url: string;
  /** Candor symbols to subscribe. */
  symbols: readonly string[];
  onQuote(q: SourceQuote): void;
  onStatus?(s: SourceStatus): void;
  now?: () => number;
  /** Default 1000. */
  reconnectMinMs?: number;
  /** Default 30000. */
  reconnectMaxMs?: number;
  /** No message for this long => state stale and reconnect; default 10000. */
  staleAfterMs?: number;
  log?: { warn(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

export interface PriceSource {
  readonly name: SourceName;
  start(): void;
  /** No quote after it resolves. */
  stop(): Promise<void>;
  status(): SourceStatus;
  covers(symbol: string): boolean;
}
