// Ledger tables (migrations/0004_ledger.sql, 0013_ledger_platform_shards.sql). Private to modules/ledger: every other module
// goes through ./service, and test/ledger/ownership.test.ts fails if anything else imports
// these tables or names them in SQL.
import { sql } from "drizzle-orm";
import { bigint, bigserial, numeric, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const ledgerAccounts = pgTable("ledger_accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** NULL for platform accounts. */
  userId: bigint("user_id", { mode: "number" }),
  currency: text("currency").notNull(),
  kind: text("kind").notNull(),
  /** 0 for customer accounts; platform accounts are split into shards (migrations/0013, ./shards). */
  shard: smallint("shard").notNull().default(0),
  debitsPosted: money("debits_posted").notNull().default("0"),
  creditsPosted: money("credits_posted").notNull().default("0"),
  debitsPending: money("debits_pending").notNull().default("0"),
  creditsPending: money("credits_pending").notNull().default("0"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  /** Set when the owner closed their account (migrations/0051): credits may never exceed it. */
  closedCredits: money("closed_credits"),
});

/** Customers whose accounts are closed: no new account of theirs can be created (migrations/0051). */
export const ledgerClosedOwners = pgTable("ledger_closed_owners", {
  userId: bigint("user_id", { mode: "number" }).primaryKey(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export const ledgerTransfers = pgTable("ledger_transfers", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  phase: text("phase").notNull(),
  pendingId: bigint("pending_id", { mode: "number" }),
  debitAccountId: bigint("debit_account_id", { mode: "number" }).notNull(),
  creditAccountId: bigint("credit_account_id", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  amount: money("amount").notNull(),
  kind: text("kind").notNull(),
  referenceType: text("reference_type").notNull(),
  referenceId: text("reference_id").notNull(),
  memo: text("memo").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});
