// Data rights (modules/privacy): the customer's deposits, withdrawals and payout addresses as
// plain JSON for the data export; withdrawals still in progress (an account closes only when
// none is); payout addresses removed when the account closes.
import { RecordStatuses } from "@candor/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function walletUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    deposits: await jsonRows(db, "deposits", sql`t.user_id = ${userId}`),
    withdrawals: await jsonRows(db, "withdrawals", sql`t.user_id = ${userId}`),
    payoutAccounts: await jsonRows(db, "payout_accounts", sql`t.user_id = ${userId}`),
    depositAddresses: await jsonRows(db, "deposit_addresses", sql`t.user_id = ${userId}`),
  };
}

/** Withdrawals under review or being paid out. */
export const withdrawalsInProgress = (db: Db, userId: number): Promise<number> =>
  countRows(
    db,
    "withdrawals",
    sql`t.user_id = ${userId} AND NOT t.cancelled AND t.status IN (${RecordStatuses.pending}, ${RecordStatuses.completed})`,
  );

/**
 * Transfers to the customer's chain address seen and still confirming: money on its way in
 * (it could not be credited once the account is closed).
 */
export const depositsInProgress = (db: Db, userId: number): Promise<number> =>
  countRows(
    db,
    "deposits",
    sql`t.user_id = ${userId} AND t.status = ${RecordStatuses.pending} AND t.chain_state = 'pending'`,
  );

/**
 * A closed account's payout addresses and bank accounts go (soft-deleted: the withdrawals made
 * to them are financial records the law keeps, and they point at these rows).
 */
export async function removePayoutAccounts(db: Db, userId: number): Promise<void> {
  await db.execute(sql`UPDATE payout_accounts SET deleted_at = now() WHERE user_id = ${userId} AND deleted_at IS NULL`);
}
