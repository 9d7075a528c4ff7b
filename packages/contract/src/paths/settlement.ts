// Settlement engine status path (operator). Shape: ../endpoints/settlement.ts.
export const settlementPaths = {
  status: "/api/operator/settlement/status",
} as const;
