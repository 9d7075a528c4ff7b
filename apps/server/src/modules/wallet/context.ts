// What the wallet's services work with: the database, market rates, the payment
// provider and the job queue. Built once by the wallet plugin.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { AppEvents, EventBus } from "../../lib/event-bus";
import type { JobOutcome, JobQueue } from "../../lib/jobs";
import type { MarketService } from "../market/service";
import type { Notifier } from "../notifier/service";
import type { ChainDeposits } from "./chain/deposits";
import type { Rates } from "./currencies";
import type { PaymentProvider } from "./provider";
import type { withdrawals } from "./schema";

/** What a customer owes (principal and interest outstanding), per currency: the loans module's outstandingLoans. */
export type DebtsReader = (db: Db, userId: number) => Promise<{ currency: string; amount: string }[]>;

export interface WalletContext {
  db: Db;
  /** USDT rates (the market service itself). */
  rates: Rates;
  market: MarketService;
  provider: PaymentProvider;
  jobs: Pick<JobQueue, "poke" | "runKey" | "runKeyOrWait">;
  /** Announces deposit and withdrawal outcomes (events.ts); absent in some tests. */
  bus?: Pick<EventBus<AppEvents>, "publish">;
  /** The business clock: the new-address hold runs on it. */
  clock: { now(): Date };
  /** WITHDRAWAL_ADDRESS_COOLDOWN_HOURS (0 = no hold). */
  addressCooldownHours: number;
  /** Sends the "new withdrawal address" notice; absent in some tests. */
  notifier?: Pick<Notifier, "send">;
  /** PUBLIC_URL: base of the "this was not me" link. */
  publicUrl: string;
  /** On-chain deposits (CHAIN_EVM_*); absent when no chain is configured. */
  chain?: ChainDeposits;
  /** Loans owed, for net assets (given by app.ts; absent: nothing owed). */
  debts?: DebtsReader;
  /** Withdrawals paid on the chain through the signer (chain/payouts.ts); absent: the provider pays all. */
  chainPayouts?: ChainPayoutPort;
}

/** What the payout and cancel jobs ask of the chain payouts (chain/payouts.ts). */
export interface ChainPayoutPort {
  pays(row: typeof withdrawals.$inferSelect): boolean;
  start(row: typeof withdrawals.$inferSelect): Promise<JobOutcome>;
  inFlight(withdrawalId: number): Promise<boolean>;
}

export const JOB_DEPOSIT_CONFIRM = "wallet.deposit.confirm";
export const JOB_WITHDRAWAL_PAYOUT = "wallet.withdrawal.payout";
export const JOB_WITHDRAWAL_CANCEL = "wallet.withdrawal.cancel";

/**
 * Serialises one customer's wallet writes inside `tx` (until it commits): limits that
 * span several records (daily withdrawal total, number of payout accounts) stay exact
 * under concurrent requests. The balance itself is guarded by the ledger either way.
 */
export async function lockCustomer(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`candor:wallet:${userId}`}, 0))`);
}

export const iso = (d: Date | string): string => new Date(d).toISOString();
