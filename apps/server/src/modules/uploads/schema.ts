import { sql } from "drizzle-orm";
import { bigint, bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

export const uploads = pgTable("uploads", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: text("name").notNull().unique(),
  /** Null for a chat guest's upload (guests have no account; chat_uploads ties it to the conversation). */
  ownerId: bigint("owner_id", { mode: "number" }).references(() => users.id),
  kind: text("kind").notNull(),
  mime: text("mime").notNull(),
  sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  /** `kyc` files are readable only by their owner and operators. */
  purpose: text("purpose").notNull().default("general"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
