// Data rights (modules/privacy): the customer's ledger accounts and every transfer that touched
// one of them, as plain JSON for the data export. Kept after an account closes (the law): the
// rows point only at the (anonymised) user id.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

export async function ledgerUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  const mine = sql`(SELECT id FROM ledger_accounts WHERE user_id = ${userId})`;
  return {
    accounts: await jsonRows(db, "ledger_accounts", sql`t.user_id = ${userId}`),
    transfers: await jsonRows(
      db,
      "ledger_transfers",
      sql`(t.debit_account_id IN ${mine} OR t.credit_account_id IN ${mine})`,
    ),
  };
}
