// Market endpoints' paths (docs/contract.md "Market"): the public REST calls, the websocket,
// the operator's symbol settings and feed status, and the sandbox's daily close.
// Shapes: ../endpoints/market.ts.
export const marketPaths = {
  symbols: "/api/trade/appSymbol/list",
  price: "/api/trade/appSymbol/price",
  kline: "/api/trade/appSymbol/kline",
  distribution: "/api/trade/api/getPriceDistribution",
  /** Where a symbol's price comes from (venues, the index rule, a halt). */
  sources: "/api/trade/appSymbol/sources",
  /** The websocket (../market-channels.ts has its channels). */
  websocket: "/api/websocket/market",
  operatorSymbols: "/api/operator/market/symbols",
  operatorSymbolUpdate: "/api/operator/market/symbols/update",
  operatorFeed: "/api/operator/market/feed",
  operatorHealth: "/api/operator/market/health",
  operatorSourceUpdate: "/api/operator/market/sources/update",
  /** Sandbox only. */
  sandboxDailyClose: "/dev/market/dailyClose",
} as const;
