// Data rights (modules/privacy): the customer's loans records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function loansUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    loanOrders: await jsonRows(db, "loan_orders", sql`t.user_id = ${userId}`),
    loanRepayments: await jsonRows(
      db,
      "loan_repayments",
      sql`t.order_id IN (SELECT id FROM loan_orders WHERE user_id = ${userId})`,
    ),
  };
}

/** How many are still open: loans not repaid (or still under review). */
export const loansOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(db, "loan_orders", sql`t.user_id = ${userId} AND t.status IN ('under_review', 'passed', 'overdue')`);
