// Demo accounts (migrations/0006_contracts.sql): one row per customer who used demo
// trading. The virtual money itself lives in the ledger (VUSDT, user kind "demo").
import { sql } from "drizzle-orm";
import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const demoAccounts = pgTable("demo_accounts", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  resets: integer("resets").notNull().default(0),
  lastResetRequestId: text("last_reset_request_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  resetAt: timestamp("reset_at", { withTimezone: true }),
});
