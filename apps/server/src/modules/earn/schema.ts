// Earn tables (migrations/0014_earn_and_clock.sql). Only the earn module reads them.
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
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const ts = (name: string) => timestamp(name, { withTimezone: true });

export type LocalizedJson = Record<string, string>;

export const earnProducts = pgTable("earn_products", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  type: text("type").$type<"arbitrage" | "quant" | "mining" | "debt">().notNull(),
  name: jsonb("name").$type<LocalizedJson>().notNull(),
  description: jsonb("description").$type<LocalizedJson>().notNull().default({}),
  riskNotice: jsonb("risk_notice").$type<LocalizedJson>().notNull(),
  currency: text("currency").notNull(),
  termDays: integer("term_days").notNull(),
  dailyRate: money("daily_rate"),
  minAmount: money("min_amount").notNull(),
  maxAmount: money("max_amount").notNull(),
  perCustomerLimit: money("per_customer_limit"),
  vipLevel: integer("vip_level").notNull().default(0),
  status: text("status").$type<"open" | "paused" | "ended">().notNull().default("open"),
  earlyRedemption: boolean("early_redemption").notNull().default(false),
  saleStartAt: ts("sale_start_at"),
  saleEndAt: ts("sale_end_at"),
  totalAmount: money("total_amount"),
  soldAmount: money("sold_amount").notNull().default("0"),
  config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
  debtState: text("debt_state").$type<"raising" | "running" | "overdue" | "repaid" | "defaulted" | "cancelled">(),
  loanStartAt: ts("loan_start_at"),
  sort: integer("sort").notNull().default(0),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});

export const earnOrders = pgTable("earn_orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  productId: bigint("product_id", { mode: "number" })
    .notNull()
    .references(() => earnProducts.id),
  type: text("type").$type<"arbitrage" | "quant" | "mining" | "debt">().notNull(),
  currency: text("currency").notNull(),
  amount: money("amount").notNull(),
  status: text("status").$type<"running" | "ended" | "frozen" | "not_started" | "cancelled">().notNull(),
  termDays: integer("term_days").notNull(),
  dailyRate: money("daily_rate"),
  earlyRedemption: boolean("early_redemption").notNull(),
  startAt: ts("start_at").notNull(),
  endAt: ts("end_at").notNull(),
  accruedDays: integer("accrued_days").notNull().default(0),
  lastAccrualDate: date("last_accrual_date", { mode: "string" }),
  totalIncome: money("total_income").notNull().default("0"),
  endReason: text("end_reason").$type<"term" | "stopped" | "redeemed" | "repaid" | "defaulted" | "cancelled">(),
  endedAt: ts("ended_at"),
  returnedAmount: money("returned_amount"),
  hashrate: money("hashrate"),
  quantCash: money("quant_cash"),
  quantQty: money("quant_qty"),
  quantState: jsonb("quant_state").$type<Record<string, unknown>>(),
  clientRequestId: text("client_request_id"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});

export const earnIncomes = pgTable("earn_incomes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => earnOrders.id),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  incomeKey: text("income_key").notNull(),
  incomeDate: date("income_date", { mode: "string" }).notNull(),
  kind: text("kind").$type<"interest" | "mining" | "repayment" | "recovery" | "forfeit">().notNull(),
  amount: money("amount").notNull(),
  inputs: jsonb("inputs").$type<Record<string, string | number | null>>().notNull().default({}),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const quantFills = pgTable("quant_fills", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => earnOrders.id),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  fillKey: text("fill_key").notNull(),
  symbol: text("symbol").notNull(),
  side: text("side").$type<"buy" | "sell">().notNull(),
  price: money("price").notNull(),
  quantity: money("quantity").notNull(),
  fee: money("fee").notNull(),
  reason: text("reason").notNull(),
  tickBid: money("tick_bid").notNull(),
  tickAsk: money("tick_ask").notNull(),
  tickTs: bigint("tick_ts", { mode: "number" }).notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});
