// Spot order endpoints' paths. Shapes: ../endpoints/spot.ts.
export const spotPaths = {
  settings: "/api/trade/appSpotOrder/settings",
  create: "/api/trade/appSpotOrder/create",
  cancel: "/api/trade/appSpotOrder/cancel/:id",
  listMy: "/api/trade/appSpotOrder/listMy",
  detail: "/api/trade/appSpotOrder/detail/:id",
} as const;
