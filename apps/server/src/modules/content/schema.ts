// Content tables (migrations/0019_content.sql). Only the content module reads them.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "../users/schema";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type ContentText = Record<string, string>;

export const contentItems = pgTable("content_items", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").$type<"news" | "announcement" | "banner" | "help">().notNull(),
  category: text("category").$type<"account" | "deposits" | "trading" | "earn" | "security">(),
  title: jsonb("title").$type<ContentText>().notNull().default({}),
  summary: jsonb("summary").$type<ContentText>().notNull().default({}),
  body: jsonb("body").$type<ContentText>().notNull().default({}),
  imageUrl: text("image_url"),
  linkUrl: text("link_url"),
  linkMode: smallint("link_mode").$type<1 | 2 | 4>().notNull().default(1),
  pinned: boolean("pinned").notNull().default(false),
  ticker: boolean("ticker").notNull().default(false),
  sort: integer("sort").notNull().default(0),
  publishAt: ts("publish_at"),
  retractedAt: ts("retracted_at"),
  seedKey: text("seed_key"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});

export const inboxMessages = pgTable("inbox_messages", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  category: text("category").$type<"system" | "task" | "transaction">().notNull(),
  messageKey: text("message_key").notNull(),
  params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
  sourceKey: text("source_key").notNull(),
  readAt: ts("read_at"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const announcementReads = pgTable(
  "announcement_reads",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    itemId: bigint("item_id", { mode: "number" })
      .notNull()
      .references(() => contentItems.id),
    readAt: ts("read_at").notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);
