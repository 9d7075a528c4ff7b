// Started by useSessionBackground (lazily loaded): the account channel and the heartbeat
// while logged in, the support chat's socket (lib/chat-live.ts) and the unread support
// count (every 30 s while visible, and at once).
import type { QueryClient } from "@tanstack/react-query";
import { startAccountFeed } from "./account-feed";
import { startChatLive } from "./chat-live";
import { refreshChatUnread } from "./chat-unread";
import { refreshCurrentUser } from "./session";
import { startActivityHeartbeat } from "./use-heartbeat";

export const CHAT_UNREAD_REFRESH_MS = 30_000;

export function startSessionBackground(
  token: string | null,
  client: Pick<QueryClient, "invalidateQueries">,
): () => void {
  const stops: (() => void)[] = [];
  if (token) {
    if (typeof WebSocket !== "undefined") stops.push(startAccountFeed(token, client, refreshCurrentUser));
    stops.push(startActivityHeartbeat());
  }
  // The support chat's socket under this session (or this device's guest), on every screen.
  if (typeof WebSocket !== "undefined") stops.push(startChatLive());
  void refreshChatUnread();
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") void refreshChatUnread();
  }, CHAT_UNREAD_REFRESH_MS);
  stops.push(() => clearInterval(timer));
  return () => {
    for (const stop of stops) stop();
  };
}
