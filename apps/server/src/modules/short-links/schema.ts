import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { staff } from "../staff/schema";

/** Short links (0021): code → a path inside the app. */
export const shortLinks = pgTable("short_links", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  code: text("code").notNull().unique(),
  target: text("target").notNull(),
  active: boolean("active").notNull().default(true),
  uses: bigint("uses", { mode: "number" }).notNull().default(0),
  createdBy: bigint("created_by", { mode: "number" }).references(() => staff.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
