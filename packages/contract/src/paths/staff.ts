// Staff login, the caller's own console account, staff accounts and sessions, the audit
// log. Shapes: ../endpoints/staff.ts.
export const staffPaths = {
  login: "/api/staff/login",
  loginTotp: "/api/staff/login/totp",
  me: "/api/staff/me",
  logout: "/api/staff/logout",
  list: "/api/operator/staff/list",
  create: "/api/operator/staff/create",
  update: "/api/operator/staff/update",
  sessions: "/api/operator/staff/sessions",
  revokeSession: "/api/operator/staff/sessions/revoke",
  auditList: "/api/operator/audit/list",
  auditVerify: "/api/operator/audit/verify",
  /** Every console endpoint starts here (each declares its roles). */
  operatorPrefix: "/api/operator/",
} as const;
