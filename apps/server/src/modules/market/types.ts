// Market types shared inside the server (other modules import them from ./service).
import type { IndexComponent, TradingHours } from "@candor/domain";

export type AssetClass = "crypto" | "metal" | "forex";
/** Who made a tick: a feed (`index`: the median of several venues, feeds/index-feed.ts) or a test / tool. */
export type FeedSource = "sim" | "replay" | "binance" | "index" | "manual";

/** One price tick as it travels on the event bus ("market.tick"). */
export interface MarketTick {
  symbol: string;
  /** Feed (mid) price, a decimal string at the symbol's price precision. */
  price: string;
  /** Server time of the tick, epoch ms. */
  ts: number;
  /** Base quantity traded since the previous tick ("0" for quote-only feeds). */
  volume: string;
  source: FeedSource;
  /** An index tick: the venues' readings it was made of (source, price, sourceTime, weight, used, reason). */
  components?: IndexComponent[];
  /**
   * Its place in the recorded sequence (market_ticks.id): set once the feed leader's write
   * has committed (every tick on the bus from the feed leader carries it; issue 32 §3).
   */
  seq?: number;
}

export interface SymbolInfo {
  symbol: string;
  base: string;
  quote: string;
  assetClass: AssetClass;
  pricePrecision: number;
  qtyPrecision: number;
  /** Full bid–ask width as a fraction of the mid price. */
  spread: string;
  maxLeverage: number;
  tradingHours: TradingHours;
  referencePrice: string;
  volatility: string;
  dailyVolume: string;
  sortOrder: number;
  enabled: boolean;
  /** Priced by the simulated feed even when crypto/USDT follows an outside exchange (e.g. an IEO token). */
  simOnly?: boolean;
}
