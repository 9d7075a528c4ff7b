// The loss-rate disclosure and a customer's own results (issue 34 §1). Shapes: ../endpoints/disclosure.ts.
export const disclosurePaths = {
  lossRate: "/api/public/lossRate",
  myResults: "/api/user/results",
} as const;
