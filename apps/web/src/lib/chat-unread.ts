// Unread support messages: one number for the My tab, the My screen and the home
// "Support" entry. Refreshed every 30 s while the app is visible and a chat token exists
// (the chat screen sets it live from its socket).
import { useEffect } from "react";
import { create } from "zustand";
import { useUserStore } from "../stores/user";
import { chatToken, fetchChatConversation } from "./chat-session";

export const CHAT_UNREAD_REFRESH_MS = 30_000;

export const useChatUnread = create<{ count: number; set: (count: number) => void }>()((set) => ({
  count: 0,
  set: (count) => set({ count }),
}));

export async function refreshChatUnread(): Promise<void> {
  if (!chatToken()) return;
  try {
    useChatUnread.getState().set((await fetchChatConversation()).unread);
  } catch {
    // offline or token gone: keep the last number
  }
}

export function useChatUnreadSync(): void {
  const token = useUserStore((s) => s.token);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session (login/logout) refreshes at once
  useEffect(() => {
    void refreshChatUnread();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void refreshChatUnread();
    }, CHAT_UNREAD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [token]);
}
