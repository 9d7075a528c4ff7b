// Wallet tables (migrations/0005_wallet.sql): currencies, deposit addresses, deposits,
// payout accounts, withdrawals and their events, operator adjustments. Balances are not
// here: they live in the ledger, which these records reference.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { staff } from "../staff/schema";
import { users } from "../users/schema";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });
const at = (name: string) => timestamp(name, { withTimezone: true });

export const walletCurrencies = pgTable("wallet_currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  precision: integer("precision").notNull(),
  networks: jsonb("networks").$type<string[]>().notNull(),
  minDeposit: money("min_deposit").notNull(),
  minWithdrawal: money("min_withdrawal").notNull(),
  withdrawalFee: money("withdrawal_fee").notNull(),
  depositEnabled: boolean("deposit_enabled").notNull().default(true),
  withdrawalEnabled: boolean("withdrawal_enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
});

export const depositAddresses = pgTable("deposit_addresses", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  currency: text("currency")
    .notNull()
    .references(() => walletCurrencies.code),
  network: text("network").notNull(),
  address: text("address").notNull(),
  provider: text("provider").notNull(),
  createdAt: at("created_at").notNull().default(sql`now()`),
});

export const deposits = pgTable("deposits", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  currency: text("currency")
    .notNull()
    .references(() => walletCurrencies.code),
  method: text("method").$type<"crypto" | "bank">().notNull(),
  network: text("network"),
  address: text("address"),
  amount: money("amount").notNull(),
  status: smallint("status").notNull().default(0),
  provider: text("provider").notNull(),
  providerRef: text("provider_ref"),
  reason: text("reason"),
  clientRequestId: text("client_request_id"),
  createdAt: at("created_at").notNull().default(sql`now()`),
  completedAt: at("completed_at"),
  /** What the provider confirmed arrived (migration 0009); the ledger credits this. */
  receivedAmount: money("received_amount"),
  receivedCurrency: text("received_currency"),
  receivedNetwork: text("received_network"),
  /** Why a confirmation was not credited (the deposit stays under review for an operator). */
  flag: text("flag"),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
});

export const payoutAccounts = pgTable("payout_accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  type: text("type").$type<"wallet" | "bank">().notNull(),
  currency: text("currency").references(() => walletCurrencies.code),
  network: text("network"),
  address: text("address"),
  bankName: text("bank_name"),
  realName: text("real_name"),
  account: text("account"),
  createdAt: at("created_at").notNull().default(sql`now()`),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
  deletedAt: at("deleted_at"),
});

/** Where a withdrawal goes, copied from the payout account when the customer asked. */
export type WithdrawalDestination =
  | { type: "wallet"; currency: string; network: string; address: string }
  | { type: "bank"; bankName: string; realName: string; account: string };

export const withdrawals = pgTable("withdrawals", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  currency: text("currency")
    .notNull()
    .references(() => walletCurrencies.code),
  amount: money("amount").notNull(),
  fee: money("fee").notNull(),
  receive: money("receive").notNull(),
  amountUsdt: money("amount_usdt").notNull(),
  usdtRate: money("usdt_rate").notNull(),
  accountId: bigint("account_id", { mode: "number" })
    .notNull()
    .references(() => payoutAccounts.id),
  destination: jsonb("destination").$type<WithdrawalDestination>().notNull(),
  status: smallint("status").notNull().default(0),
  cancelled: boolean("cancelled").notNull().default(false),
  reason: text("reason"),
  holdTransferId: bigint("hold_transfer_id", { mode: "number" }),
  provider: text("provider").notNull(),
  providerRef: text("provider_ref"),
  reviewedBy: bigint("reviewed_by", { mode: "number" }).references(() => staff.id),
  reviewDueAt: at("review_due_at").notNull(),
  clientRequestId: text("client_request_id"),
  createdAt: at("created_at").notNull().default(sql`now()`),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
  /** Migration 0009: approval time (the payout is in flight from then on). */
  payoutStartedAt: at("payout_started_at"),
  /** Set when an operator fails an approved withdrawal: waiting for the provider to confirm the cancellation. */
  failingSince: at("failing_since"),
  /** The provider did not answer in time: an operator must look (never voided blindly). */
  flaggedAt: at("flagged_at"),
  flag: text("flag"),
});

export type WithdrawalEventName =
  | "requested"
  | "cancelled"
  | "approved"
  | "paid"
  | "rejected"
  | "failing"
  | "failed"
  | "flagged";

export const withdrawalEvents = pgTable("withdrawal_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  withdrawalId: bigint("withdrawal_id", { mode: "number" })
    .notNull()
    .references(() => withdrawals.id),
  event: text("event").$type<WithdrawalEventName>().notNull(),
  status: smallint("status").notNull(),
  actor: text("actor").$type<"customer" | "operator" | "system">().notNull(),
  note: text("note"),
  createdAt: at("created_at").notNull().default(sql`now()`),
});

export const balanceAdjustments = pgTable("balance_adjustments", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  operatorId: bigint("operator_id", { mode: "number" })
    .notNull()
    .references(() => staff.id),
  currency: text("currency")
    .notNull()
    .references(() => walletCurrencies.code),
  amount: money("amount").notNull(),
  reason: text("reason").notNull(),
  clientRequestId: text("client_request_id"),
  createdAt: at("created_at").notNull().default(sql`now()`),
});
