// Data rights (modules/privacy): the customer's ieo records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function ieoUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    ieoOrders: await jsonRows(db, "ieo_orders", sql`t.user_id = ${userId}`),
  };
}

/** How many are still open: IEO applications pending (applied, won and not paid, or paid and not delivered). */
export const ieoOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(db, "ieo_orders", sql`t.user_id = ${userId} AND t.status IN ('applied', 'won', 'paid')`);
