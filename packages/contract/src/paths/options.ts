// Options endpoints' paths (docs/contract.md "Contracts (futures) and options"), with the
// operator's settings editor. Shapes: ../endpoints/options.ts.
export const optionPaths = {
  settings: "/api/trade/appSecondContractSet/list",
  availability: "/api/trade/appSecondContractSet/availability",
  buy: "/api/trade/appSecondContractOrder/buy",
  listMy: "/api/trade/appSecondContractOrder/listMy",
  head: "/api/trade/appSecondContractOrder/head",
  detail: "/api/trade/appSecondContractOrder/detail/:id",
  operatorSettings: "/api/operator/options/settings",
  operatorSave: "/api/operator/options/settings/save",
} as const;
