// The private account channel (a websocket; the session token as subprotocol).
export const accountFeedPaths = {
  socket: "/api/websocket/account",
} as const;

/**
 * Path prefixes of the customer POSTs that may change an account, by what they change (the
 * private channel announces them): futures positions announce themselves; options and spot
 * orders change orders and balances; the rest of these areas change balances.
 */
export const accountChangePrefixes = {
  futuresPositions: "/api/trade/appTradePositions/",
  orders: ["/api/trade/appSecondContractOrder/", "/api/trade/spot"],
  balances: ["/api/finance/", "/api/trade/", "/api/prod/", "/api/contest/", "/api/marketing/", "/api/demo/"],
} as const;
