// Market types shared inside the server (other modules import them from ./service).
import type { TradingHours } from "@candor/domain";

export type AssetClass = "crypto" | "metal" | "forex";
export type FeedSource = "sim" | "replay" | "binance" | "manual";

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
