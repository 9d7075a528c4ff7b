// Activity heartbeat: while logged in, tell the server every 60 s that this session is
// active (it feeds "online" in support chat). Nothing else is reported.
import { useEffect } from "react";
import { useUserStore } from "../stores/user";
import { api } from "./api-client";

export const HEARTBEAT_INTERVAL_MS = 60_000;
export const ACTIVE_REPORT_PATH = "/api/user/appUser/activeReport";

export function useActivityHeartbeat(): void {
  const token = useUserStore((s) => s.token);
  useEffect(() => {
    if (!token) return;
    const beat = () => {
      if (document.visibilityState === "visible")
        void api.post(ACTIVE_REPORT_PATH, undefined, { silent: true }).catch(() => {});
    };
    beat();
    const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [token]);
}
