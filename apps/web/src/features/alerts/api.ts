// Server calls of price alerts and Web Push (docs/contract.md "Consumer protection").
import type { CreateAlertBody } from "@candor/contract";
import { alertPaths } from "@candor/contract/paths";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const alertsKey = ["alerts"] as const;

export function useAlerts() {
  return useQuery({ queryKey: alertsKey, queryFn: () => api.get(alertPaths.alerts) });
}

export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertBody) => api.post(alertPaths.alerts, body),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(alertPaths.deleteAlert, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsKey }),
  });
}

const b64uToBytes = (s: string) => {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

/** Whether this browser can receive Web Push at all. */
export const pushSupported = () =>
  typeof window !== "undefined" && "Notification" in window && "serviceWorker" in navigator && "PushManager" in window;

/** The subscription of this device, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration("/");
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks for permission, subscribes with the server's VAPID key, and registers the subscription. */
export async function enablePush(): Promise<"on" | "denied" | "unavailable"> {
  if (!pushSupported()) return "unavailable";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  const { publicKey } = await api.get(alertPaths.vapidKey);
  const reg = await navigator.serviceWorker.getRegistration("/");
  if (!publicKey || !reg) return "unavailable";
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: b64uToBytes(publicKey) }));
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await api.post(alertPaths.pushSubscribe, { endpoint: json.endpoint, keys: json.keys });
  return "on";
}

export async function disablePush(): Promise<void> {
  const sub = await currentPushSubscription();
  if (!sub) return;
  await api.post(alertPaths.pushUnsubscribe, { endpoint: sub.endpoint });
  await sub.unsubscribe();
}
