// Price alerts and Web Push subscriptions (issue 34 §5). Shapes: ../endpoints/alerts.ts.
export const alertPaths = {
  alerts: "/api/market/alerts",
  deleteAlert: "/api/market/alerts/delete",
  pushSubscribe: "/api/user/push/subscribe",
  pushUnsubscribe: "/api/user/push/unsubscribe",
  vapidKey: "/api/public/push/vapidKey",
} as const;
