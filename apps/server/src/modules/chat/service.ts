// Support chat: conversations of customers and guests, messages (text ≤ 2,000
// characters, images and videos uploaded for the chat), read receipts, unread counts,
// recall within 2 minutes, 20 messages per 10 s per sender, agent assignment. Every
// change is published on the event bus after commit, so the node that holds the other
// side's socket delivers it. Other modules reach chat only through this file.

import {
  CHAT_RATE_MAX,
  CHAT_RATE_WINDOW_MS,
  CHAT_RECALL_WINDOW_MS,
  CHAT_TEXT_MAX,
  type ChatConversation,
  type ChatMessage,
  type ChatSendBody,
  type ChatSocketEvent,
  type Page,
} from "@candor/contract";
import { and, count, desc, eq, gt, isNull, max, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { staffNamesByIds } from "../staff/service";
import { FILES_URL_PREFIX, findUpload, type GuestUploader } from "../uploads/service";
import { guestDevice, identityCanRead, removeExpiredChatFiles } from "./files";
import { type ChatIdentity, createGuest, GUEST_TOKEN_PREFIX, identify, mergeGuest } from "./identity";
import { onlineAgents, pickAgent, touchCustomerSocket } from "./presence";
import { type ConversationRow, type MessageRow, toMessage } from "./rows";
import { chatConversations, chatMessages, chatUploads } from "./schema";

export type { ChatIdentity } from "./identity";

/** One chat event for the sockets of a conversation's customer and/or every agent. */
export interface ChatBusEvent {
  conversationId: number;
  toCustomer: boolean;
  toAgents: boolean;
  event: ChatSocketEvent;
}

export type Sender = { kind: "customer"; conversationId: number } | { kind: "agent"; agentId: number };

export class ChatService {
  constructor(
    readonly db: Db,
    private readonly publish: (event: ChatBusEvent) => void,
    private readonly now: () => Date = () => new Date(),
    private readonly files: {
      /** A short-lived signed URL of a chat file (uploads module). */
      sign?: (name: string) => string;
      /** Business time (when a conversation closed: the file retention counts from it). */
      businessNow?: () => Date;
      dataDir?: string;
    } = {},
  ) {}

  // ------------------------------------------------------------ identity

  createGuest(deviceId: string) {
    return createGuest(this.db, deviceId);
  }

  identify(token: string | undefined): Promise<ChatIdentity | null> {
    return identify(this.db, token);
  }

  async mergeGuest(userId: number, guestToken: string) {
    const merged = await mergeGuest(this.db, userId, guestToken);
    if (!merged) throw badRequest("chatGuestTokenInvalid");
    return merged;
  }

  // ------------------------------------------------------------ conversations

  /** The identity's conversation, created on first use. */
  async conversationOf(identity: ChatIdentity): Promise<ConversationRow> {
    const owner =
      identity.kind === "customer"
        ? eq(chatConversations.userId, identity.userId)
        : eq(chatConversations.guestId, identity.guestId);
    const [found] = await this.db.select().from(chatConversations).where(owner).limit(1);
    if (found) return found;
    await this.db
      .insert(chatConversations)
      .values(identity.kind === "customer" ? { userId: identity.userId } : { guestId: identity.guestId })
      .onConflictDoNothing();
    const [row] = await this.db.select().from(chatConversations).where(owner).limit(1);
    if (!row) throw new Error("chat conversation not created");
    return row;
  }

  async conversationMe(identity: ChatIdentity): Promise<ChatConversation> {
    const conv = await this.conversationOf(identity);
    const unread = await this.unreadCount(Number(conv.id), "agent");
    const online = await onlineAgents(this.db, this.now());
    const agentId = conv.agentId === null ? null : Number(conv.agentId);
    const names = await staffNamesByIds(this.db, agentId === null ? [] : [agentId]);
    return {
      id: Number(conv.id),
      unread,
      agentName: agentId === null ? null : (names.get(agentId) ?? null),
      online: agentId === null ? online.length > 0 : online.includes(agentId),
      status: conv.status as "open" | "closed",
    };
  }

  /** Messages from `from` nobody on the other side has read (recalled ones do not count). */
  async unreadCount(conversationId: number, from: "customer" | "agent"): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.sender, from),
          isNull(chatMessages.readAt),
          isNull(chatMessages.recalledAt),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async listMessages(conversationId: number, pageNo: number, pageSize: number): Promise<Page<ChatMessage>> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(desc(chatMessages.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    return { records: await this.present(rows), total: Number(total?.n ?? 0), pageNo, pageSize };
  }

  async present(rows: MessageRow[]): Promise<ChatMessage[]> {
    const agents = [...new Set(rows.filter((r) => r.agentId !== null).map((r) => Number(r.agentId)))];
    const names = await staffNamesByIds(this.db, agents);
    return rows.map((r) => {
      const message = toMessage(r, names);
      // Files are private: the message carries a signed URL that expires (see files.ts).
      const sign = this.files.sign;
      if (sign && message.type !== "text" && message.content.startsWith(FILES_URL_PREFIX)) {
        message.content = sign(message.content.slice(FILES_URL_PREFIX.length));
      }
      return message;
    });
  }

  // ------------------------------------------------------------ sending

  /**
   * Store one message and tell both sides. A resend with the same clientMsgId returns the
   * stored message (nothing is sent twice). A customer's message reopens a closed
   * conversation and assigns the least busy online agent when none is assigned.
   */
  async send(conversationId: number, sender: Sender, body: ChatSendBody): Promise<ChatMessage> {
    const side = sender.kind;
    const content = await this.checkContent(conversationId, sender, body);
    const now = this.now();
    let created = false;
    let row: MessageRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const [conv] = await tx
          .select()
          .from(chatConversations)
          .where(eq(chatConversations.id, conversationId))
          .for("update");
        if (!conv) throw notFound();
        if (body.clientMsgId) {
          const [same] = await tx
            .select()
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.conversationId, conversationId),
                eq(chatMessages.sender, side),
                eq(chatMessages.clientMsgId, body.clientMsgId),
              ),
            );
          if (same) return same;
        }
        if (side === "agent" && conv.status === "closed") throw conflict("chatConversationClosed");
        const windowStart = new Date(now.getTime() - CHAT_RATE_WINDOW_MS);
        const bySender =
          sender.kind === "customer"
            ? and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.sender, "customer"))
            : eq(chatMessages.agentId, sender.agentId);
        const [recent] = await tx
          .select({ n: count() })
          .from(chatMessages)
          .where(and(bySender, gt(chatMessages.createdAt, windowStart)));
        if (Number(recent?.n ?? 0) >= CHAT_RATE_MAX) {
          throw new AppError(429, "chatRateLimited", { max: CHAT_RATE_MAX, seconds: CHAT_RATE_WINDOW_MS / 1000 });
        }
        const [inserted] = await tx
          .insert(chatMessages)
          .values({
            conversationId,
            sender: side,
            agentId: sender.kind === "agent" ? sender.agentId : null,
            type: body.type,
            content,
            clientMsgId: body.clientMsgId ?? null,
            createdAt: now,
          })
          .returning();
        if (!inserted) throw new Error("chat message not stored");
        let agentId = conv.agentId;
        if (sender.kind === "agent" && agentId === null) agentId = sender.agentId; // an agent takes a queued chat
        if (sender.kind === "customer" && (agentId === null || conv.status === "closed")) {
          agentId = (await pickAgent(tx as unknown as Db, now)) ?? agentId;
        }
        await tx
          .update(chatConversations)
          .set({ lastMessageAt: now, status: "open", closedAt: null, agentId })
          .where(eq(chatConversations.id, conversationId));
        created = true;
        return inserted;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || !body.clientMsgId) throw err;
      // A concurrent resend of the same message won the race: answer with its row.
      const [same] = await this.db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.conversationId, conversationId),
            eq(chatMessages.sender, side),
            eq(chatMessages.clientMsgId, body.clientMsgId),
          ),
        );
      if (!same) throw err;
      row = same;
    }
    const [message] = await this.present([row]);
    if (!message) throw new Error("chat message lost");
    if (created)
      this.publish({ conversationId, toCustomer: true, toAgents: true, event: { type: "message", data: message } });
    return message;
  }

  /** Text: 1–2,000 characters. Image/video: a file of that kind uploaded for this chat (or by the sender's account). */
  private async checkContent(conversationId: number, sender: Sender, body: ChatSendBody): Promise<string> {
    if (body.type === "text") {
      const text = body.content.trim();
      if (text.length === 0) throw badRequest("chatTextEmpty");
      if ([...text].length > CHAT_TEXT_MAX) throw badRequest("chatTextTooLong", { max: CHAT_TEXT_MAX });
      return text;
    }
    const upload = await findUpload(this.db, body.content);
    const invalid = () => badRequest("chatAttachmentInvalid", { kind: body.type });
    if (!upload || upload.kind !== body.type || upload.purpose === "kyc") throw invalid();
    const [forChat] = await this.db
      .select({ conversationId: chatUploads.conversationId })
      .from(chatUploads)
      .where(eq(chatUploads.name, upload.name));
    const ownedBySender = await this.ownsUpload(conversationId, sender, upload.ownerId);
    if (!(forChat && Number(forChat.conversationId) === conversationId) && !ownedBySender) throw invalid();
    return `${FILES_URL_PREFIX}${upload.name}`;
  }

  private async ownsUpload(conversationId: number, sender: Sender, ownerId: number | null): Promise<boolean> {
    // Agents send files uploaded for the conversation (a staff id is no customer's owner id).
    if (ownerId === null || sender.kind === "agent") return false;
    const [conv] = await this.db
      .select({ userId: chatConversations.userId })
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId));
    return conv?.userId !== null && conv?.userId !== undefined && Number(conv.userId) === ownerId;
  }

  /** Remember that an uploaded file was sent for this conversation (chat upload endpoint). */
  async recordUpload(conversationId: number, name: string, kind: "image" | "video"): Promise<void> {
    await this.db.insert(chatUploads).values({ name, conversationId, kind }).onConflictDoNothing();
  }

  // ------------------------------------------------------------ read receipts and recall

  /** `reader` read everything the other side sent; returns how many messages became read. */
  async markRead(conversationId: number, reader: "customer" | "agent"): Promise<number> {
    const from = reader === "customer" ? "agent" : "customer";
    const rows = await this.db
      .update(chatMessages)
      .set({ readAt: this.now() })
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.sender, from),
          isNull(chatMessages.readAt),
        ),
      )
      .returning({ id: chatMessages.id });
    if (rows.length > 0) {
      const upTo = Math.max(...rows.map((r) => Number(r.id)));
      this.publish({
        conversationId,
        toCustomer: true,
        toAgents: true,
        event: { type: "read", data: { conversationId, by: reader, upTo } },
      });
    }
    return rows.length;
  }

  /**
   * Recall one's own message within 2 minutes. Someone else's message, or one outside
   * the caller's conversations, is not found (404); too late or twice is 409.
   */
  async recall(messageId: number, sender: Sender): Promise<ChatMessage> {
    const [row] = await this.db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
    const mine =
      row &&
      (sender.kind === "customer"
        ? row.sender === "customer" && Number(row.conversationId) === sender.conversationId
        : row.sender === "agent" && Number(row.agentId) === sender.agentId);
    if (!row || !mine) throw notFound();
    if (row.recalledAt) throw conflict("chatAlreadyRecalled");
    const now = this.now();
    if (now.getTime() - row.createdAt.getTime() > CHAT_RECALL_WINDOW_MS) throw conflict("chatRecallExpired");
    const [updated] = await this.db
      .update(chatMessages)
      .set({ recalledAt: now })
      .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.recalledAt)))
      .returning();
    if (!updated) throw conflict("chatAlreadyRecalled");
    const conversationId = Number(updated.conversationId);
    this.publish({
      conversationId,
      toCustomer: true,
      toAgents: true,
      event: { type: "recall", data: { id: messageId, conversationId, sender: row.sender as "customer" | "agent" } },
    });
    const [message] = await this.present([updated]);
    if (!message) throw new Error("chat message lost");
    return message;
  }

  /** The newest message id of a conversation (0 when empty). */
  async lastMessageId(conversationId: number): Promise<number> {
    const [row] = await this.db
      .select({ id: max(chatMessages.id) })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    return Number(row?.id ?? 0);
  }

  touchCustomerSocket(conversationId: number, open: boolean): Promise<void> {
    return touchCustomerSocket(this.db, conversationId, open ? this.now() : null);
  }

  clock(): Date {
    return this.now();
  }

  /** Business time: a conversation's closing time (files are kept for a period after it). */
  businessClock(): Date {
    return this.files.businessNow?.() ?? this.now();
  }

  // ------------------------------------------------------------ files

  /** Whether the request's chat token (customer session or guest token) may read a chat file. */
  async canReadFile(
    request: { user: { id: number; role: string; username: string } | null; headers: Record<string, unknown> },
    name: string,
  ): Promise<boolean> {
    const header = request.headers["x-access-token"];
    const identity: ChatIdentity | null =
      request.user?.role === "customer"
        ? { kind: "customer", userId: request.user.id, username: request.user.username }
        : typeof header === "string" && header.startsWith(GUEST_TOKEN_PREFIX)
          ? await this.identify(header)
          : null;
    return identity ? identityCanRead(this.db, identity, name) : false;
  }

  /** A guest's upload: refused (429) past the daily quota of its device or address. */
  async guestUploader(identity: ChatIdentity, ip: string): Promise<GuestUploader | undefined> {
    if (identity.kind !== "guest") return undefined;
    return { guestId: identity.guestId, deviceId: await guestDevice(this.db, identity.guestId), ip };
  }

  /** The retention job: files of conversations closed more than `days` ago go. */
  removeExpiredFiles(days: number): Promise<number> {
    const cutoff = new Date(this.businessClock().getTime() - days * 86_400_000);
    return removeExpiredChatFiles(this.db, this.files.dataDir ?? "", cutoff);
  }
}

// Data rights (modules/privacy): what this module holds about a customer.
export { chatUserData } from "./data-rights";

/**
 * Conversations waiting for staff (the console's dashboard): open, with a customer's
 * message no agent has read yet (recalled messages do not count).
 */
export async function waitingChatCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${chatMessages.conversationId})::int` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatConversations.status, "open"),
        eq(chatMessages.sender, "customer"),
        isNull(chatMessages.readAt),
        isNull(chatMessages.recalledAt),
      ),
    );
  return Number(row?.n ?? 0);
}
