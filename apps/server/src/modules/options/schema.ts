// Option tables (migrations/0007_options_spot_exchange.sql). Only the options module reads them.
import type { IndexComponent } from "@candor/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { marketSymbols } from "../market/schema";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const time = (name: string) => timestamp(name, { withTimezone: true });

export const optionSettings = pgTable("option_settings", {
  id: serial("id").primaryKey(),
  symbol: text("symbol")
    .notNull()
    .references(() => marketSymbols.symbol),
  periodSeconds: integer("period_seconds").notNull(),
  payoutRate: money("payout_rate").notNull(),
  minAmount: money("min_amount").notNull(),
  maxAmount: money("max_amount").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: time("updated_at").notNull().default(sql`now()`),
});

export const optionOrders = pgTable("option_orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  mode: text("mode").notNull(),
  currency: text("currency").notNull(),
  symbol: text("symbol")
    .notNull()
    .references(() => marketSymbols.symbol),
  settingId: integer("setting_id")
    .notNull()
    .references(() => optionSettings.id),
  periodSeconds: integer("period_seconds").notNull(),
  payoutRate: money("payout_rate").notNull(),
  direction: text("direction").notNull(),
  amount: money("amount").notNull(),
  openPrice: money("open_price").notNull(),
  openTickAt: time("open_tick_at").notNull(),
  closePrice: money("close_price"),
  closeTickAt: time("close_tick_at"),
  /** An index tick's venue readings, the evidence of where the price came from (0038). */
  openTickSources: jsonb("open_tick_sources").$type<IndexComponent[]>(),
  closeTickSources: jsonb("close_tick_sources").$type<IndexComponent[]>(),
  status: text("status").notNull().default("open"),
  result: text("result"),
  payout: money("payout"),
  clientRequestId: text("client_request_id"),
  createdAt: time("created_at").notNull().default(sql`now()`),
  expiresAt: time("expires_at").notNull(),
  settledAt: time("settled_at"),
});
