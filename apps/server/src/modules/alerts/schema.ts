// Price alerts and Web Push subscriptions (migrations/0050_price_alerts.sql).
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    symbol: text("symbol").notNull(),
    kind: text("kind").$type<"above" | "below" | "move24h">().notNull(),
    value: numeric("value", { precision: 36, scale: 18 }).notNull(),
    armed: boolean("armed").notNull().default(true),
    fireCount: integer("fire_count").notNull().default(0),
    lastFiredAt: at("last_fired_at"),
    lastFiredPrice: numeric("last_fired_price", { precision: 36, scale: 18 }),
    createdAt: at("created_at").notNull().default(sql`business_now()`),
  },
  (t) => [index("price_alerts_user").on(t.userId, t.id)],
);

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    lang: text("lang").notNull().default("en-us"),
    createdAt: at("created_at").notNull().default(sql`business_now()`),
  },
  (t) => [index("push_subscriptions_user").on(t.userId)],
);
