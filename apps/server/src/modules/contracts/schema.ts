// Futures positions (migrations/0006_contracts.sql). Private to modules/contracts.

import type { IndexComponent } from "@candor/domain";
import { sql } from "drizzle-orm";
import { bigint, bigserial, integer, jsonb, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const time = (name: string) => timestamp(name, { withTimezone: true });

export const futuresPositions = pgTable(
  "futures_positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: bigint("user_id", { mode: "number" }).notNull(),
    mode: text("mode").$type<"real" | "demo" | "contest">().notNull(),
    /** The contest of a contest-mode position (0024). */
    contestId: bigint("contest_id", { mode: "number" }),
    currency: text("currency").notNull(),
    symbol: text("symbol").notNull(),
    direction: text("direction").$type<"long" | "short">().notNull(),
    margin: money("margin").notNull(),
    leverage: integer("leverage").notNull(),
    quantity: money("quantity").notNull(),
    openPrice: money("open_price").notNull(),
    openFee: money("open_fee").notNull(),
    closeOutPrice: money("close_out_price").notNull(),
    takeProfit: money("take_profit"),
    stopLoss: money("stop_loss"),
    /** Tick time the take-profit / stop-loss was last set or cleared; null: at open (0008). */
    takeProfitSetAt: time("take_profit_set_at"),
    stopLossSetAt: time("stop_loss_set_at"),
    status: text("status").$type<"open" | "settling" | "closed">().notNull().default("open"),
    closeReason: text("close_reason").$type<"manual" | "takeProfit" | "stopLoss" | "closeOut">(),
    closePrice: money("close_price"),
    closeFee: money("close_fee"),
    pnl: money("pnl"),
    returned: money("returned"),
    /** The symbol's spread when the position opened: it is valued and settled with it (0027). */
    spread: money("spread"),
    openTickPrice: money("open_tick_price").notNull(),
    openTickAt: time("open_tick_at").notNull(),
    closeTickPrice: money("close_tick_price"),
    closeTickAt: time("close_tick_at"),
    /** An index tick's venue readings, the evidence of where the price came from (0035). */
    openTickSources: jsonb("open_tick_sources").$type<IndexComponent[]>(),
    closeTickSources: jsonb("close_tick_sources").$type<IndexComponent[]>(),
    clientRequestId: text("client_request_id"),
    openedAt: time("opened_at").notNull().default(sql`now()`),
    closedAt: time("closed_at"),
    updatedAt: time("updated_at").notNull().default(sql`now()`),
  },
  (t) => [unique("futures_positions_client_request_key").on(t.userId, t.clientRequestId)],
);

export type FuturesPositionRow = typeof futuresPositions.$inferSelect;
