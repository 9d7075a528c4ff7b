// Demo account endpoints' paths (demo orders go through the trading endpoints with
// `mode: "demo"`). Shapes: ../endpoints/demo.ts.
export const demoPaths = {
  balance: "/api/trade/appDemoAccount/balance",
  holdings: "/api/trade/appDemoAccount/holdings",
  reset: "/api/trade/appDemoAccount/reset",
} as const;
