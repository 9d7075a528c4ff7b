import { sql } from "drizzle-orm";
import { bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Every e-mail / SMS the notifier sent or parked (sandbox outbox and audit trail). */
export const outbox = pgTable("outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  channel: text("channel").notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull().default(""),
  body: text("body").notNull(),
  code: text("code"),
  transport: text("transport").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
