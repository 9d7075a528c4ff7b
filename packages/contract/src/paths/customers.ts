// The console's dashboard and customer view. Shapes: ../endpoints/customers.ts.
export const customerPaths = {
  dashboard: "/api/operator/dashboard",
  list: "/api/operator/customers/list",
  detail: "/api/operator/customers/detail",
  ledger: "/api/operator/customers/ledger",
  revokeSession: "/api/operator/customers/sessions/revoke",
  positions: "/api/operator/customers/positions",
  options: "/api/operator/customers/options",
  spotOrders: "/api/operator/customers/spotOrders",
} as const;
