// IEO endpoints' paths (docs/contract.md "IEO"). Shapes: ../endpoints/ieo.ts.
export const ieoPaths = {
  projectList: "/api/prod/appProdIoe/listMy",
  projectDetail: "/api/prod/appProdIoe/detail",
  draw: "/api/prod/appProdIoe/draw",
  apply: "/api/prod/appOrderIoe/apply",
  pay: "/api/prod/appOrderIoe/pay",
  orderList: "/api/prod/appOrderIoe/listMy",
  operatorList: "/api/operator/ieo/list",
  operatorCreate: "/api/operator/ieo/create",
  operatorUpdate: "/api/operator/ieo/update",
  operatorEntries: "/api/operator/ieo/entries",
} as const;
