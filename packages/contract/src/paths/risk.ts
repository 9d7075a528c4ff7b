// Exposure limit endpoints' paths (operator). Shapes: ../endpoints/risk.ts.
export const riskPaths = {
  exposure: "/api/operator/risk/exposure",
  limits: "/api/operator/risk/limits",
} as const;
