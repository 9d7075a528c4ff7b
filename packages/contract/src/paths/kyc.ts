// Identity verification (the customer's and the operator's review queue). Shapes: ../endpoints/kyc.ts.
export const kycPaths = {
  status: "/api/user/kyc/status",
  isHaveAuth: "/api/auth/appAuth/isHaveAuth",
  isHaveAuthDone: "/api/auth/appAuth/isHaveAuthDone",
  listMy: "/api/auth/appAuth/listMy",
  basic: "/api/user/kyc/basic",
  advanced: "/api/user/kyc/advanced",
  operatorList: "/api/operator/kyc/list",
  operatorApprove: "/api/operator/kyc/approve",
  operatorReject: "/api/operator/kyc/reject",
} as const;
