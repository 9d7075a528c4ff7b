// Loan tables (migrations/0017_loans.sql). Only the loans module reads them.
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

export type LoanTypeValue = "credit" | "pledge";
export type LoanStatusValue = "under_review" | "passed" | "rejected" | "repaid" | "liquidated" | "overdue";

export const loanSets = pgTable("loan_sets", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  type: text("type").$type<LoanTypeValue>().notNull(),
  name: jsonb("name").$type<Record<string, string>>().notNull(),
  riskNotice: jsonb("risk_notice").$type<Record<string, string>>().notNull().default({}),
  currency: text("currency").notNull(),
  minAmount: money("min_amount").notNull(),
  maxAmount: money("max_amount").notNull(),
  days: jsonb("days").$type<number[]>().notNull(),
  dailyRate: money("daily_rate").notNull(),
  interestFreeDays: integer("interest_free_days").notNull().default(0),
  overdueRate: money("overdue_rate").notNull(),
  collateralCurrencies: jsonb("collateral_currencies").$type<string[]>(),
  initialLtv: money("initial_ltv"),
  marginCallLtv: money("margin_call_ltv"),
  liquidationLtv: money("liquidation_ltv"),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
export type LoanSetRow = typeof loanSets.$inferSelect;

export const loanOrders = pgTable("loan_orders", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  setId: bigint("set_id", { mode: "number" })
    .notNull()
    .references(() => loanSets.id),
  type: text("type").$type<LoanTypeValue>().notNull(),
  currency: text("currency").notNull(),
  amount: money("amount").notNull(),
  days: integer("days").notNull(),
  dailyRate: money("daily_rate").notNull(),
  interestFreeDays: integer("interest_free_days").notNull(),
  overdueRate: money("overdue_rate").notNull(),
  totalInterest: money("total_interest").notNull(),
  status: text("status").$type<LoanStatusValue>().notNull(),
  principalOutstanding: money("principal_outstanding").notNull(),
  interestOutstanding: money("interest_outstanding").notNull().default("0"),
  interestPaid: money("interest_paid").notNull().default("0"),
  overdueInterest: money("overdue_interest").notNull().default("0"),
  accruedDays: integer("accrued_days").notNull().default(0),
  collateralCurrency: text("collateral_currency"),
  collateralSymbol: text("collateral_symbol"),
  collateralAmount: money("collateral_amount"),
  initialLtv: money("initial_ltv"),
  marginCallLtv: money("margin_call_ltv"),
  liquidationLtv: money("liquidation_ltv"),
  marginCall: boolean("margin_call").notNull().default(false),
  lastPrice: money("last_price"),
  lastPriceAt: ts("last_price_at"),
  reason: text("reason"),
  requestId: text("request_id"),
  startAt: ts("start_at"),
  endAt: ts("end_at"),
  closedAt: ts("closed_at"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
export type LoanOrderRow = typeof loanOrders.$inferSelect;

export const loanEvents = pgTable("loan_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => loanOrders.id),
  status: text("status").$type<LoanStatusValue>().notNull(),
  event: text("event").notNull(),
  reason: text("reason"),
  params: jsonb("params").$type<Record<string, string | number>>().notNull().default({}),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const loanAccruals = pgTable("loan_accruals", {
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => loanOrders.id),
  day: integer("day").notNull(),
  date: date("date").notNull(),
  kind: text("kind").$type<"free" | "interest" | "overdue">().notNull(),
  principal: money("principal").notNull(),
  amount: money("amount").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const loanRepayments = pgTable("loan_repayments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => loanOrders.id),
  kind: text("kind").$type<"repay" | "liquidation">().notNull(),
  amount: money("amount").notNull(),
  interest: money("interest").notNull(),
  principal: money("principal").notNull(),
  outstandingAfter: money("outstanding_after").notNull(),
  requestId: text("request_id"),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const loanEvidence = pgTable("loan_evidence", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orderId: bigint("order_id", { mode: "number" })
    .notNull()
    .references(() => loanOrders.id),
  kind: text("kind").$type<"margin_call" | "margin_call_cleared" | "liquidation">().notNull(),
  symbol: text("symbol").notNull(),
  price: money("price").notNull(),
  bid: money("bid").notNull(),
  ask: money("ask").notNull(),
  tickAt: ts("tick_at").notNull(),
  ltv: money("ltv").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const loanLiquidations = pgTable("loan_liquidations", {
  orderId: bigint("order_id", { mode: "number" })
    .primaryKey()
    .references(() => loanOrders.id),
  price: money("price").notNull(),
  quantitySold: money("quantity_sold").notNull(),
  proceeds: money("proceeds").notNull(),
  applied: money("applied").notNull(),
  surplus: money("surplus").notNull(),
  collateralReturned: money("collateral_returned").notNull(),
  shortfall: money("shortfall").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

export const loanIdentityChecks = pgTable("loan_identity_checks", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id),
  state: text("state").$type<"start" | "pending" | "retry" | "passed">().notNull(),
  realName: text("real_name"),
  idNumber: text("id_number"),
  photoUploadId: bigint("photo_upload_id", { mode: "number" }),
  photo: text("photo"),
  reason: text("reason"),
  submittedAt: ts("submitted_at"),
  decidedAt: ts("decided_at"),
  decidedBy: bigint("decided_by", { mode: "number" }),
  createdAt: ts("created_at").notNull().default(sql`now()`),
  updatedAt: ts("updated_at").notNull().default(sql`now()`),
});
