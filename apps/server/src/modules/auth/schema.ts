import { sql } from "drizzle-orm";
import { bigint, bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

/** Sessions: only a SHA-256 hash of the random token is stored. */
export const sessions = pgTable("sessions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  tokenHash: text("token_hash").notNull().unique(),
  device: text("device").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().default(sql`now()`),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});
