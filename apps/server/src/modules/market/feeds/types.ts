// The feed interface: a source of price ticks. The market service starts one feed
// when the app is ready and stops it on close; ticks go to `ctx.emit`, which
// normalises them and publishes them on the event bus.
import type { IndexComponent } from "@candor/domain";
import type { FastifyBaseLogger } from "fastify";
import type { FeedSource, SymbolInfo } from "../types";

export interface FeedTickInput {
  symbol: string;
  price: string;
  volume?: string;
  source: FeedSource;
  /** An index tick: the venues' readings it was made of (evidence). */
  components?: IndexComponent[];
}

export interface FeedContext {
  /** Enabled symbols. */
  symbols: readonly SymbolInfo[];
  /** Last known price, so a feed continues where the stored history ends. */
  lastPrice(symbol: string): string | undefined;
  emit(tick: FeedTickInput): void;
  /**
   * An index symbol stopped (`halted`) or started again (null) having a price: too few
   * venues fresh (unavailable) or agreeing (disagree). Only on a change.
   */
  halt?(
    symbol: string,
    halted: { reason: "unavailable" | "disagree"; since: number } | null,
    components: IndexComponent[],
  ): void;
  log: FastifyBaseLogger;
}

export interface MarketFeed {
  readonly name: "sim" | "replay" | "binance" | "index";
  /** True when this feed's prices for `symbol` are not live market prices (shown to customers). */
  isSimulated(symbol: string): boolean;
  /** True when the simulator writes history for `symbol` at first start (never for real prices). */
  generatesHistory(symbol: string): boolean;
  start(ctx: FeedContext): Promise<void>;
  /** Start producing ticks for a symbol listed while the feed runs (no-op when not running or known). */
  addSymbol?(info: SymbolInfo): void;
  /** Stops every timer and connection; no tick is emitted after it resolves. */
  stop(): Promise<void>;
}
