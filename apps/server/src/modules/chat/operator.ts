// The agents' side of support chat (/api/operator/chat/*): conversations with the
// customer's online state and unread count, closing a conversation. Sending, reading and
// recalling go through ChatService like the customer's side.
import type { OperatorChatConversation, Page } from "@candor/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { notFound } from "../../lib/errors";
import { staffNamesByIds } from "../staff/service";
import { usernamesByIds } from "../users/service";
import { onlineCustomers } from "./presence";
import type { ConversationRow } from "./rows";
import { chatConversations } from "./schema";
import type { ChatService } from "./service";

const LIST_SQL = `SELECT c.id, c.user_id, c.guest_id, c.agent_id, c.status, c.customer_socket_at,
    c.last_message_at, c.created_at,
    (SELECT count(*) FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer'
       AND m.read_at IS NULL AND m.recalled_at IS NULL) AS unread,
    (SELECT CASE WHEN m.recalled_at IS NOT NULL THEN '' WHEN m.type = 'text' THEN left(m.content, 200)
       ELSE '[' || m.type || ']' END
       FROM chat_messages m WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) AS last_message,
    count(*) OVER () AS total
  FROM chat_conversations c
  WHERE c.last_message_at IS NOT NULL
    AND ($1::text = 'all' OR c.status = $1::text)
    AND ($2::text = 'all' OR ($2::text = 'mine' AND c.agent_id = $3::bigint) OR ($2::text = 'queue' AND c.agent_id IS NULL))
  ORDER BY c.last_message_at DESC, c.id DESC
  LIMIT $4 OFFSET $5`;

interface ListRow {
  id: number | string;
  user_id: number | string | null;
  guest_id: number | string | null;
  agent_id: number | string | null;
  status: string;
  customer_socket_at: Date | string | null;
  last_message_at: Date | string | null;
  created_at: Date | string;
  unread: number | string;
  last_message: string | null;
  total: number | string;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));
const date = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

export interface OperatorListQuery {
  pageNo: number;
  pageSize: number;
  status: "open" | "closed" | "all";
  scope: "all" | "mine" | "queue";
}

export class OperatorChat {
  constructor(
    private readonly database: Database,
    private readonly chat: ChatService,
  ) {}

  async list(agentId: number, q: OperatorListQuery): Promise<Page<OperatorChatConversation>> {
    const rows = await this.database.query<ListRow>(LIST_SQL, [
      q.status,
      q.scope,
      agentId,
      q.pageSize,
      (q.pageNo - 1) * q.pageSize,
    ]);
    const records = await this.present(
      rows.map((r) => ({
        id: Number(r.id),
        userId: num(r.user_id),
        guestId: num(r.guest_id),
        agentId: num(r.agent_id),
        status: r.status,
        customerSocketAt: date(r.customer_socket_at),
        lastMessageAt: date(r.last_message_at),
        createdAt: date(r.created_at) ?? new Date(0),
        unread: Number(r.unread),
        lastMessage: r.last_message,
      })),
    );
    return { records, total: Number(rows[0]?.total ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
  }

  /** One conversation as agents see it (404 when there is none). */
  async get(conversationId: number): Promise<OperatorChatConversation> {
    const conv = await this.row(conversationId);
    const [last] = (await this.chat.listMessages(conversationId, 1, 1)).records;
    const [record] = await this.present([
      {
        id: Number(conv.id),
        userId: num(conv.userId),
        guestId: num(conv.guestId),
        agentId: num(conv.agentId),
        status: conv.status,
        customerSocketAt: conv.customerSocketAt,
        lastMessageAt: conv.lastMessageAt,
        createdAt: conv.createdAt,
        unread: await this.chat.unreadCount(conversationId, "customer"),
        lastMessage: last ? (last.type === "text" ? last.content.slice(0, 200) : `[${last.type}]`) : null,
      },
    ]);
    if (!record) throw notFound();
    return record;
  }

  async row(conversationId: number): Promise<ConversationRow> {
    const [conv] = await this.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId))
      .limit(1);
    if (!conv) throw notFound();
    return conv;
  }

  async close(conversationId: number): Promise<OperatorChatConversation> {
    await this.row(conversationId);
    await this.database.db
      .update(chatConversations)
      .set({ status: "closed", closedAt: this.chat.businessClock() })
      .where(eq(chatConversations.id, conversationId));
    return this.get(conversationId);
  }

  private async present(
    rows: {
      id: number;
      userId: number | null;
      guestId: number | null;
      agentId: number | null;
      status: string;
      customerSocketAt: Date | null;
      lastMessageAt: Date | null;
      createdAt: Date;
      unread: number;
      lastMessage: string | null;
    }[],
  ): Promise<OperatorChatConversation[]> {
    const customers = rows.flatMap((r) => (r.userId !== null ? [r.userId] : []));
    const agents = rows.flatMap((r) => (r.agentId !== null ? [r.agentId] : []));
    const names = await usernamesByIds(this.database.db, customers);
    const agentNames = await staffNamesByIds(this.database.db, agents);
    const online = await onlineCustomers(this.database.db, rows, this.chat.clock());
    return rows.map((r) => ({
      id: r.id,
      customerKind: r.userId !== null ? "customer" : "guest",
      userId: r.userId,
      username: r.userId !== null ? (names.get(r.userId) ?? null) : null,
      guestId: r.guestId,
      agentId: r.agentId,
      agentName: r.agentId !== null ? (agentNames.get(r.agentId) ?? null) : null,
      status: r.status === "closed" ? "closed" : "open",
      unread: r.unread,
      online: online.has(r.id),
      lastMessage: r.lastMessage,
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }
}
