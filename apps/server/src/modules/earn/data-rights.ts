// Data rights (modules/privacy): the customer's earn records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function earnUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    earnOrders: await jsonRows(db, "earn_orders", sql`t.user_id = ${userId}`),
    earnIncomes: await jsonRows(db, "earn_incomes", sql`t.user_id = ${userId}`),
  };
}

/** How many are still open: earn orders still running. */
export const earnOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(db, "earn_orders", sql`t.user_id = ${userId} AND t.status IN ('running', 'frozen', 'not_started')`);
