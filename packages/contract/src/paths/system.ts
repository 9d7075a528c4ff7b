// Health, server time, public settings, the seed's system calls and the API docs.
// Shapes: ../endpoints/system.ts.
export const systemPaths = {
  /** Answers the envelope plus a top-level `status` (load balancers): not in the table. */
  health: "/api/health",
  time: "/api/sys/time",
  publicSettings: "/api/sys/settings/public",
  settingByKey: "/api/set/appSysSet/getKeyByParam",
  /** The app's static runtime config: plain JSON, no envelope (not in the table). */
  runtimeConfig: "/config.json",
  /** The declined seed call: always 404 (not in the table). */
  declined: "/api/user/appUser/importantCustomerOnLine",
  /** The OpenAPI document (`/json`) and its page. */
  docs: "/api/docs",
  /** The operator console's page (static files, not the API). */
  console: "/console/",
  /** Every API path starts here (unknown ones get the 404 envelope). */
  apiPrefix: "/api/",
} as const;
