// Spot order table (migrations/0007_options_spot_exchange.sql). Only the spot module reads it.
import type { IndexComponent } from "@candor/domain";
import { sql } from "drizzle-orm";
import { bigint, bigserial, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { marketSymbols } from "../market/schema";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const time = (name: string) => timestamp(name, { withTimezone: true });

export const spotOrders = pgTable("spot_orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  mode: text("mode").notNull(),
  /** The contest of a contest-mode order (0024). */
  contestId: bigint("contest_id", { mode: "number" }),
  symbol: text("symbol")
    .notNull()
    .references(() => marketSymbols.symbol),
  baseCurrency: text("base_currency").notNull(),
  quoteCurrency: text("quote_currency").notNull(),
  side: text("side").notNull(),
  type: text("type").notNull(),
  quantity: money("quantity").notNull(),
  limitPrice: money("limit_price"),
  feeRate: money("fee_rate").notNull(),
  heldAmount: money("held_amount"),
  holdTransferId: bigint("hold_transfer_id", { mode: "number" }),
  status: text("status").notNull(),
  fillPrice: money("fill_price"),
  notional: money("notional"),
  fee: money("fee"),
  fillTickPrice: money("fill_tick_price"),
  fillTickAt: time("fill_tick_at"),
  fillBid: money("fill_bid"),
  fillAsk: money("fill_ask"),
  /** The fill tick's venue readings when it was an index price (0038). */
  fillTickSources: jsonb("fill_tick_sources").$type<IndexComponent[]>(),
  clientRequestId: text("client_request_id"),
  createdAt: time("created_at").notNull().default(sql`now()`),
  filledAt: time("filled_at"),
  cancelledAt: time("cancelled_at"),
  cancelReason: text("cancel_reason"),
});
