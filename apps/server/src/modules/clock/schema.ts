// The business clock's one row (migrations/0014_earn_and_clock.sql). Only the clock module reads it.
import { sql } from "drizzle-orm";
import { bigint, pgTable, smallint, timestamp } from "drizzle-orm/pg-core";

export const businessClock = pgTable("business_clock", {
  id: smallint("id").primaryKey().default(1),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
