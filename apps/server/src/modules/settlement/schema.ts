// Settlement replay watermarks (migrations/0006_contracts.sql), private to modules/settlement.
import { sql } from "drizzle-orm";
import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const settlementWatermarks = pgTable(
  "settlement_watermarks",
  {
    settler: text("settler").notNull(),
    symbol: text("symbol").notNull(),
    tickAt: timestamp("tick_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.settler, t.symbol] })],
);
