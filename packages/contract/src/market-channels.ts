// The market websocket's path and channel names, apart from the zod schemas of market.ts:
// the web app's live prices need only these, and importing market.ts would put zod on the
// critical path of every screen that shows prices (Lighthouse, issue 9).
import type { KlineInterval as KlineIntervalName } from "@candor/domain";
import { marketPaths } from "./paths/market";

export const MARKET_WS_PATH = marketPaths.websocket;
export const MARKET_WS_MAX_CHANNELS = 200;

export const tickerChannel = (symbol: string) => `ticker.${symbol}`;
export const klineChannel = (interval: KlineIntervalName, symbol: string) => `kline.${interval}.${symbol}`;

export type MarketChannel =
  | { kind: "ticker"; symbol: string }
  | { kind: "kline"; interval: KlineIntervalName; symbol: string };
