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
  /** general | kyc (identity documents: owner and staff only) | chat (removed with the conversation). */
  purpose: text("purpose").notNull().default("general"),
  /** A chat guest's upload: the guest, its device and address (the guest quota counts them). */
  guestId: bigint("guest_id", { mode: "number" }),
  deviceId: text("device_id"),
  clientIp: text("client_ip"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
