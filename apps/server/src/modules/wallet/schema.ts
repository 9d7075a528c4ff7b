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
  /** The reference of the receipt that credited it: one per provider, any letter case (0028). */
  providerRef: text("provider_ref"),
  /** A reference from before 0028 kept outside that uniqueness (duplicates, the 'operator' placeholder). */
  providerRefLegacy: boolean("provider_ref_legacy").notNull().default(false),
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
  // An on-chain deposit (migration 0036): the transfer that made it, where it was mined
  // and how far it is from being credited. All null for other deposits.
  chainId: bigint("chain_id", { mode: "number" }),
  txHash: text("tx_hash"),
  /** The Transfer log's index in its block; -1 for a native-coin transfer. */
  logIndex: integer("log_index"),
  blockNumber: bigint("block_number", { mode: "number" }),
  blockHash: text("block_hash"),
  confirmations: integer("confirmations"),
  requiredConfirmations: integer("required_confirmations"),
  chainState: text("chain_state").$type<ChainDepositState>(),
});

/** pending (waiting for confirmations), credited, dust (below the minimum: not credited), dropped (reorganised away). */
export type ChainDepositState = "pending" | "credited" | "dust" | "dropped";

/** Customer n's deposit address on a chain, stored when first shown (migration 0036). */
export const evmDepositAddresses = pgTable("evm_deposit_addresses", {
  seq: bigserial("seq", { mode: "number" }).notNull(),
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  /** Lower-case hex. */
  address: text("address").notNull(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  createdAt: at("created_at").notNull().default(sql`now()`),
  /** The block up to which its earlier token transfers were looked up; null: not yet (migration 0045). */
  backfilledTo: bigint("backfilled_to", { mode: "number" }),
});

/** The chain watcher's last processed block (migration 0036) and the one it started at (0045). */
export const evmWatchState = pgTable("evm_watch_state", {
  chainId: bigint("chain_id", { mode: "number" }).primaryKey(),
  lastBlock: bigint("last_block", { mode: "number" }).notNull(),
  firstBlock: bigint("first_block", { mode: "number" }).notNull(),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
});

/** A credited deposit whose block a deeper reorganisation replaced: for an operator (migration 0045). */
export const evmReorgFlags = pgTable("evm_reorg_flags", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  depositId: bigint("deposit_id", { mode: "number" }).notNull(),
  blockNumber: bigint("block_number", { mode: "number" }).notNull(),
  oldBlockHash: text("old_block_hash").notNull(),
  newBlockHash: text("new_block_hash"),
  detectedAt: at("detected_at").notNull().default(sql`now()`),
});

/** Hashes of the last processed blocks, re-checked to notice a reorganisation (migration 0036). */
export const evmBlocks = pgTable("evm_blocks", {
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  number: bigint("number", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
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
  /** Migration 0032: from when withdrawals may go here (business clock; the new-address hold). */
  usableAt: at("usable_at").notNull().default(sql`now()`),
});

/** "This was not me" links sent when an address is added: one use each, only the hash kept (0032). */
export const withdrawalNoticeTokens = pgTable("withdrawal_notice_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  payoutAccountId: bigint("payout_account_id", { mode: "number" })
    .notNull()
    .references(() => payoutAccounts.id),
  createdAt: at("created_at").notNull().default(sql`now()`),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
});

/** A customer's new withdrawals are frozen while a row has no `liftedAt` (0032). */
export const withdrawalFreezes = pgTable("withdrawal_freezes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  payoutAccountId: bigint("payout_account_id", { mode: "number" }).references(() => payoutAccounts.id),
  createdAt: at("created_at").notNull().default(sql`now()`),
  liftedAt: at("lifted_at"),
  liftedBy: bigint("lifted_by", { mode: "number" }).references(() => staff.id),
  liftNote: text("lift_note"),
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
  /** Migration 0044: an on-chain payout's current transaction and its explorer link. */
  txHash: text("tx_hash"),
  explorerUrl: text("explorer_url"),
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

/** Four-eyes requests for staff money movements above the limit (migration 0031, four-eyes.ts). */
export const moneyApprovals = pgTable("money_approvals", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").$type<"adjustment" | "withdrawal">().notNull(),
  status: text("status").$type<"pending" | "approving" | "approved" | "rejected" | "failed">().notNull(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  currency: text("currency").notNull(),
  amount: money("amount").notNull(),
  amountUsdt: money("amount_usdt"),
  reason: text("reason").notNull(),
  withdrawalId: bigint("withdrawal_id", { mode: "number" }).references(() => withdrawals.id),
  clientRequestId: text("client_request_id"),
  requestedBy: bigint("requested_by", { mode: "number" })
    .notNull()
    .references(() => staff.id),
  requestedAt: at("requested_at").notNull().default(sql`now()`),
  decidedBy: bigint("decided_by", { mode: "number" }).references(() => staff.id),
  decidedAt: at("decided_at"),
  decisionNote: text("decision_note"),
  adjustmentId: bigint("adjustment_id", { mode: "number" }),
  failure: text("failure"),
});

// ---- on-chain withdrawals and sweeps (migration 0044; chain/payouts.ts, chain/sweeps.ts) ----

/** The next nonce of a sending address on a chain, allocated under its row lock (chain/nonces.ts). */
export const evmNonces = pgTable("evm_nonces", {
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  address: text("address").notNull(),
  nextNonce: bigint("next_nonce", { mode: "number" }).notNull(),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
});

export type EvmPayoutStatus = "signed" | "broadcast" | "confirmed" | "reverted" | "refused";

/** A withdrawal paid on the chain: its nonce, the current signed transaction and every hash broadcast. */
export const evmPayouts = pgTable("evm_payouts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  withdrawalId: bigint("withdrawal_id", { mode: "number" })
    .notNull()
    .references(() => withdrawals.id),
  fromAddress: text("from_address").notNull(),
  toAddress: text("to_address").notNull(),
  token: text("token"),
  amountUnits: numeric("amount_units", { precision: 78, scale: 0 }).notNull(),
  nonce: bigint("nonce", { mode: "number" }),
  status: text("status").$type<EvmPayoutStatus>().notNull(),
  rawTx: text("raw_tx"),
  txHash: text("tx_hash"),
  hashes: text("hashes").array().notNull().default(sql`'{}'`),
  gasLimit: bigint("gas_limit", { mode: "number" }),
  maxFeePerGas: numeric("max_fee_per_gas", { precision: 78, scale: 0 }),
  maxPriorityFeePerGas: numeric("max_priority_fee_per_gas", { precision: 78, scale: 0 }),
  replacements: integer("replacements").notNull().default(0),
  broadcastBlock: bigint("broadcast_block", { mode: "number" }),
  minedBlock: bigint("mined_block", { mode: "number" }),
  reason: text("reason"),
  createdAt: at("created_at").notNull().default(sql`now()`),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
});

export type EvmSweepStatus = "gas_sent" | "sent" | "done" | "failed";

/** A deposit address's token balance moved to the hot wallet (platform custody only). */
export const evmSweeps = pgTable("evm_sweeps", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  chainId: bigint("chain_id", { mode: "number" }).notNull(),
  userId: bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id),
  address: text("address").notNull(),
  token: text("token").notNull(),
  amountUnits: numeric("amount_units", { precision: 78, scale: 0 }).notNull(),
  status: text("status").$type<EvmSweepStatus>().notNull(),
  gasTxHash: text("gas_tx_hash"),
  gasNonce: bigint("gas_nonce", { mode: "number" }),
  /** The signed top-up and transfer, stored before each is broadcast (sent again if lost; 0052). */
  gasRawTx: text("gas_raw_tx"),
  rawTx: text("raw_tx"),
  txHash: text("tx_hash"),
  reason: text("reason"),
  createdAt: at("created_at").notNull().default(sql`now()`),
  updatedAt: at("updated_at").notNull().default(sql`now()`),
});
