// Chat rows → API shapes, and the presence windows. Recalled messages keep no visible content.
import type { ChatMessage } from "@candor/contract";
import type { chatConversations, chatMessages } from "./schema";

export type MessageRow = typeof chatMessages.$inferSelect;
export type ConversationRow = typeof chatConversations.$inferSelect;

/** An open chat socket refreshes its presence on every ping (the app pings every 55 s). */
export const SOCKET_PRESENCE_MS = 90_000;
/** A session used (any request, or the 60 s activity heartbeat) within this long counts as online. */
export const ACTIVITY_PRESENCE_MS = 120_000;

export function toMessage(row: MessageRow, agentNames: Map<number, string>): ChatMessage {
  const recalled = row.recalledAt !== null;
  return {
    id: Number(row.id),
    conversationId: Number(row.conversationId),
    type: row.type as ChatMessage["type"],
    content: recalled ? "" : row.content,
    sender: row.sender as ChatMessage["sender"],
    agentName: row.agentId ? (agentNames.get(Number(row.agentId)) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
    recalled,
    clientMsgId: row.clientMsgId,
  };
}
