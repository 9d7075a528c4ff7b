// Unread support messages: one number for the My tab, the My screen and the home
// "Support" entry. Refreshed every 30 s while the app is visible and a chat token exists
// (the chat screen sets it live from its socket).
import { create } from "zustand";

export const useChatUnread = create<{ count: number; set: (count: number) => void }>()((set) => ({
  count: 0,
  set: (count) => set({ count }),
}));

export async function refreshChatUnread(): Promise<void> {
  const { chatToken, fetchChatConversation } = await import("./chat-session");
  if (!chatToken()) return;
  try {
    useChatUnread.getState().set((await fetchChatConversation()).unread);
  } catch {
    // offline or token gone: keep the last number
  }
}
