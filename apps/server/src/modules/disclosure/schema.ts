// The daily loss figure (migrations/0047_loss_rate.sql). Private to modules/disclosure.
import { date, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const lossRates = pgTable(
  "loss_rates",
  {
    businessDate: date("business_date", { mode: "string" }).notNull(),
    product: text("product").$type<"futures" | "options" | "all">().notNull(),
    customers: integer("customers").notNull(),
    losing: integer("losing").notNull(),
    losingShare: numeric("losing_share", { precision: 6, scale: 4 }),
    minimumSample: integer("minimum_sample").notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessDate, t.product] })],
);
