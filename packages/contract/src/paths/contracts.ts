// Futures position endpoints' paths (docs/contract.md "Contracts (futures) and options").
// Shapes: ../endpoints/contracts.ts.
export const contractPaths = {
  create: "/api/trade/appTradePositions/create",
  preview: "/api/trade/appTradePositions/preview",
  listMy: "/api/trade/appTradePositions/listMy",
  summary: "/api/trade/appTradePositions/summary",
  detail: "/api/trade/appTradePositions/detail/:id",
  updateStopLoss: "/api/trade/appTradePositions/updateStopLoss",
  close: "/api/trade/appTradePositions/close/:id",
} as const;
