// Consumer protection tables (migrations/0046_consumer_protection.sql).
import { sql } from "drizzle-orm";
import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const protectionLimits = pgTable("protection_limits", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id),
  depositDay: money("deposit_day"),
  depositWeek: money("deposit_week"),
  depositMonth: money("deposit_month"),
  lossDay: money("loss_day"),
  lossWeek: money("loss_week"),
  lossMonth: money("loss_month"),
  realityCheckMinutes: integer("reality_check_minutes"),
  updatedAt: at("updated_at").notNull().default(sql`business_now()`),
});

export const protectionPending = pgTable(
  "protection_pending",
  {
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    field: text("field").notNull(),
    value: money("value"),
    effectiveAt: at("effective_at").notNull(),
    createdAt: at("created_at").notNull().default(sql`business_now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.field] })],
);

export const protectionExclusions = pgTable("protection_exclusions", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id),
  kind: text("kind").notNull().$type<"timeout" | "self_exclusion">(),
  until: at("until").notNull(),
  createdAt: at("created_at").notNull().default(sql`business_now()`),
  updatedAt: at("updated_at").notNull().default(sql`business_now()`),
});
