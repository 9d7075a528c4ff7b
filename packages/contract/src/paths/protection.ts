// Consumer protection: limits, time-out and self-exclusion, the reality check's session
// summary; the console's read-only view. Shapes: ../endpoints/protection.ts.
export const protectionPaths = {
  limits: "/api/user/limits",
  exclusion: "/api/user/exclusion",
  sessionSummary: "/api/user/session/summary",
  operatorLimits: "/api/operator/customers/limits",
} as const;
