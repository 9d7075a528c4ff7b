// Started by useSessionBackground (lazily loaded): the account channel and the heartbeat
// while logged in, and the unread support count (every 30 s while visible, and at once).
import type { QueryClient } from "@tanstack/react-query";
import { startAccountFeed } from "./account-feed";
import { refreshChatUnread } from "./chat-unread";
import { startActivityHeartbeat } from "./use-heartbeat";

export const CHAT_UNREAD_REFRESH_MS = 30_000;

export function startSessionBackground(
  token: string | null,
  client: Pick<QueryClient, "invalidateQueries">,
): () => void {
  const stops: (() => void)[] = [];
  if (token) {
    if (typeof WebSocket !== "undefined") stops.push(startAccountFeed(token, client));
    stops.push(startActivityHeartbeat());
  }
  void refreshChatUnread();
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") void refreshChatUnread();
  }, CHAT_UNREAD_REFRESH_MS);
  stops.push(() => clearInterval(timer));
  return () => {
    for (const stop of stops) stop();
  };
}
