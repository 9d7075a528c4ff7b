// Support chat tables (migrations/0015_support_chat.sql). Only the chat module reads them.
import { sql } from "drizzle-orm";
import { bigint, bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "../staff/schema";
import { users } from "../users/schema";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const chatGuests = pgTable("chat_guests", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  deviceId: text("device_id").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  mergedUserId: bigint("merged_user_id", { mode: "number" }).references(() => users.id),
  mergedAt: ts("merged_at"),
});

export const chatConversations = pgTable("chat_conversations", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .unique()
    .references(() => users.id),
  guestId: bigint("guest_id", { mode: "number" })
    .unique()
    .references(() => chatGuests.id),
  agentId: bigint("agent_id", { mode: "number" }).references(() => staff.id),
  status: text("status").notNull().default("open"),
  customerSocketAt: ts("customer_socket_at"),
  lastMessageAt: ts("last_message_at"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  closedAt: ts("closed_at"),
});

export const chatMessages = pgTable("chat_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  conversationId: bigint("conversation_id", { mode: "number" })
    .notNull()
    .references(() => chatConversations.id),
  sender: text("sender").notNull(),
  agentId: bigint("agent_id", { mode: "number" }).references(() => staff.id),
  type: text("type").notNull(),
  content: text("content").notNull(),
  clientMsgId: text("client_msg_id"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  readAt: ts("read_at"),
  recalledAt: ts("recalled_at"),
});

export const chatUploads = pgTable("chat_uploads", {
  name: text("name").primaryKey(),
  conversationId: bigint("conversation_id", { mode: "number" })
    .notNull()
    .references(() => chatConversations.id),
  kind: text("kind").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const chatAgentPresence = pgTable("chat_agent_presence", {
  /** The agent's staff id. */
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => staff.id),
  socketAt: ts("socket_at").notNull(),
});
