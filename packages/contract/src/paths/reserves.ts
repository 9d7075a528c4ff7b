// Proof of reserves and liabilities (issue 33). Shapes: ../endpoints/reserves.ts.
export const reservePaths = {
  latest: "/api/public/proof/latest",
  mine: "/api/proof/mine",
  operatorMake: "/api/operator/proof/make",
} as const;
