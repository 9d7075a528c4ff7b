// Price alerts and Web Push subscriptions (issue 34 §5).
import { IdBody } from "../accounts";
import {
  AlertList,
  CreateAlertBody,
  PushSubscribeBody,
  PushUnsubscribeBody,
  PushUnsubscribeResult,
  VapidKey,
} from "../alerts";
import { IdResult } from "../common";
import { endpoints } from "../endpoint";
import { alertPaths as P } from "../paths/alerts";

export const alertEndpoints = endpoints({
  createAlert: {
    method: "POST",
    path: P.alerts,
    auth: "user",
    tags: ["market"],
    summary: "Create a price alert: above/below a price, or a move of value % within 24 h (at most 50)",
    body: CreateAlertBody,
    result: IdResult,
    errors: [409],
  },
  listAlerts: {
    method: "GET",
    path: P.alerts,
    auth: "user",
    tags: ["market"],
    summary: "My price alerts",
    result: AlertList,
  },
  deleteAlert: {
    method: "POST",
    path: P.deleteAlert,
    auth: "user",
    tags: ["market"],
    summary: "Delete one of my price alerts",
    body: IdBody,
    result: IdResult,
    errors: [404],
  },
  pushSubscribe: {
    method: "POST",
    path: P.pushSubscribe,
    auth: "user",
    tags: ["user"],
    summary: "Receive Web Push notices (price alerts) on this device (a PushManager subscription)",
    body: PushSubscribeBody,
    result: IdResult,
  },
  pushUnsubscribe: {
    method: "POST",
    path: P.pushUnsubscribe,
    auth: "user",
    tags: ["user"],
    summary: "Stop Web Push notices on this device",
    body: PushUnsubscribeBody,
    result: PushUnsubscribeResult,
  },
  vapidKey: {
    method: "GET",
    path: P.vapidKey,
    auth: "public",
    tags: ["market"],
    summary: "The VAPID public key for PushManager.subscribe (null when Web Push is off)",
    result: VapidKey,
  },
});
