// Activity heartbeat: while logged in, tell the server every 60 s that this session is
// active (it feeds "online" in support chat). Nothing else is reported.
import { authPaths } from "@candor/contract/paths";
import { api } from "./api-client";

export const HEARTBEAT_INTERVAL_MS = 60_000;
export const ACTIVE_REPORT_PATH = authPaths.activeReport;

/** Beats now and every minute while the page is visible; returns the stop function. */
export function startActivityHeartbeat(): () => void {
  const beat = () => {
    if (document.visibilityState === "visible")
      void api.post(ACTIVE_REPORT_PATH, undefined, { silent: true }).catch(() => {});
  };
  beat();
  const timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
  return () => clearInterval(timer);
}
