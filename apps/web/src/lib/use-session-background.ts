// What a logged-in session runs in the background — the private account channel
// (lib/account-feed.ts), the 60 s activity heartbeat and the unread support count — loaded
// once the first screen is up (lib/idle.ts) so this code stays out of the app shell's
// initial JS and off the main thread while the first screen renders. Logged out, only the
// unread count of a chat guest is refreshed.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useUserStore } from "../stores/user";
import { afterFirstScreen } from "./idle";

export function useSessionBackground(): void {
  const token = useUserStore((s) => s.token);
  const client = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void afterFirstScreen()
      .then(() => import("./session-background"))
      .then((m) => {
        if (!cancelled) stop = m.startSessionBackground(token, client);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, client]);
}
