// Contest tables (migrations/0024_contests.sql). Only the contests module reads them.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** 0 to start, 1 in progress, -2 ended (entries also -3 exited). */
export type ContestStatusValue = 0 | 1 | -2 | -3;

export const contests = pgTable("contests", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  name: jsonb("name").$type<Record<string, string>>().notNull(),
  rules: jsonb("rules").$type<Record<string, string>>().notNull().default({}),
  startAt: ts("start_at").notNull(),
  endAt: ts("end_at").notNull(),
  entryStart: ts("entry_start").notNull(),
  entryEnd: ts("entry_end").notNull(),
  prize: money("prize").notNull(),
  prizeSplit: jsonb("prize_split").$type<string[]>().notNull(),
  entryFunds: money("entry_funds").notNull(),
  currency: text("currency").notNull().default("CUSDT"),
  symbols: jsonb("symbols").$type<string[]>().notNull(),
  status: integer("status").$type<0 | 1 | -2>().notNull().default(0),
  prizesPaid: money("prizes_paid").notNull().default("0"),
  /** Prize rules (0027): closed contest trades needed to be ranked for prizes; a prize needs a profit. */
  minClosedTrades: integer("min_closed_trades").notNull().default(1),
  prizeNeedsProfit: boolean("prize_needs_profit").notNull().default(true),
  endedAt: ts("ended_at"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
export type ContestRow = typeof contests.$inferSelect;

export const contestEntries = pgTable("contest_entries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  contestId: bigint("contest_id", { mode: "number" }).notNull(),
  userId: bigint("user_id", { mode: "number" }).notNull(),
  status: integer("status").$type<ContestStatusValue>().notNull(),
  entryFunds: money("entry_funds").notNull(),
  joinedAt: ts("joined_at").notNull(),
  exitedAt: ts("exited_at"),
  equity: money("equity").notNull(),
  yieldRate: money("yield_rate").notNull().default("0"),
  rank: integer("rank"),
  dayEquity: money("day_equity").notNull(),
  dayDate: date("day_date", { mode: "string" }),
  prize: money("prize"),
  prizeTransferId: bigint("prize_transfer_id", { mode: "number" }),
  /** Closed contest trades (futures positions closed, spot orders filled), counted at exit/end (0027). */
  closedTrades: integer("closed_trades").notNull().default(0),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
export type ContestEntryRow = typeof contestEntries.$inferSelect;
