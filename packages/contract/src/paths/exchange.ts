// Flash exchange endpoints' paths (docs/contract.md "Money"). Shapes: ../endpoints/exchange.ts.
export const exchangePaths = {
  currencies: "/api/trade/appFlashExchangeLog/currencies",
  quote: "/api/trade/appFlashExchangeLog/quote",
  flashExchange: "/api/trade/appFlashExchangeLog/flashExchange",
  listMy: "/api/trade/appFlashExchangeLog/listMy",
  detail: "/api/trade/appFlashExchangeLog/detail/:id",
} as const;
