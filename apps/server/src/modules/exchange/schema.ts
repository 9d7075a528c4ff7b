// Flash exchange records (migrations/0007_options_spot_exchange.sql). Only the exchange module reads them.
import { sql } from "drizzle-orm";
import { bigint, bigserial, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const flashExchanges = pgTable("flash_exchanges", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  fromCurrency: text("from_currency").notNull(),
  toCurrency: text("to_currency").notNull(),
  amount: money("amount").notNull(),
  rate: money("rate").notNull(),
  midRate: money("mid_rate").notNull(),
  received: money("received").notNull(),
  spreadCost: money("spread_cost").notNull(),
  spreadCostAmount: money("spread_cost_amount").notNull(),
  fromBid: money("from_bid").notNull(),
  fromAsk: money("from_ask").notNull(),
  toBid: money("to_bid").notNull(),
  toAsk: money("to_ask").notNull(),
  clientRequestId: text("client_request_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
