// The consumer-protection constants the customer app needs at run time (issue 34): plain
// values with no zod, so a screen that shows them does not pull the schemas into its chunk
// (`@candor/contract/consumer-protection`). The schemas in protection.ts, alerts.ts and
// privacy.ts are built from these.

/** The six limits of `GET /api/user/limits` (USDT over rolling windows). */
export const LIMIT_FIELD_NAMES = [
  "depositDay",
  "depositWeek",
  "depositMonth",
  "lossDay",
  "lossWeek",
  "lossMonth",
] as const;
/** The reality check's intervals in minutes (null = off). */
export const REALITY_CHECK_CHOICES = [15, 30, 60, 120] as const;

export const ALERT_KINDS = ["above", "below", "move24h"] as const;
/** Alerts one customer may keep at a time. */
export const MAX_ALERTS_PER_USER = 50;

/** Days a prepared export is offered before it expires and its file is deleted. */
export const DATA_EXPORT_DAYS = 7;
