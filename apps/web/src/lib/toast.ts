// Thin wrappers so every message toast looks and times the same.
// antd-mobile's Toast (with its animation library) is not part of the first download:
// it loads on first use, and start.tsx fetches it once the first screen is up so a
// "network error" toast still shows when the network has gone.
import type ToastApi from "antd-mobile/es/components/toast";

let toast: Promise<typeof ToastApi> | undefined;

export function loadToast(): Promise<typeof ToastApi> {
  if (!toast) {
    const p = import("antd-mobile/es/components/toast").then((m) => m.default);
    p.catch(() => {
      toast = undefined; // a failed download may be retried
    });
    toast = p;
  }
  return toast;
}

export function showToast(content: string, icon?: "success" | "fail", durationMs = 2000) {
  void loadToast().then((t) => t.show({ content, icon, duration: durationMs }));
}
