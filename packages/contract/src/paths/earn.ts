// Earn endpoints' paths (docs/contract.md "Earn", incl. automated strategies). Shapes:
// ../endpoints/earn.ts.
export const earnPaths = {
  products: "/api/prod/appProductInfo/list",
  product: "/api/prod/appProductInfo/queryById",
  debitBuy: "/api/prod/appProductOrder/debitBuy",
  minerBuy: "/api/prod/appProductOrder/minerBuy",
  orders: "/api/prod/appProductOrder/listMy",
  stat: "/api/prod/appProductOrder/orderStat",
  order: "/api/prod/appProductOrder/queryById",
  incomes: "/api/prod/appProductOrder/incomeList",
  redeem: "/api/prod/appProductOrder/redeem",
  stop: "/api/prod/appProductOrder/stop",
  fills: "/api/prod/appProductOrder/fills",
  operatorProducts: "/api/operator/earn/products",
  operatorProduct: "/api/operator/earn/products/:id",
  operatorProductStatus: "/api/operator/earn/products/:id/status",
  operatorOrders: "/api/operator/earn/orders",
  operatorDebtRepayment: "/api/operator/earn/debt/:id/repayment",
  operatorDebtDefault: "/api/operator/earn/debt/:id/default",
  operatorDebtCancel: "/api/operator/earn/debt/:id/cancel",
  operatorMiningSettings: "/api/operator/earn/mining/settings",
} as const;
