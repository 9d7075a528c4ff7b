// Data rights (modules/privacy): the customer's spot records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function spotUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    spotOrders: await jsonRows(db, "spot_orders", sql`t.user_id = ${userId}`),
  };
}

/** How many are still open: open spot orders (real money; demo and contest play do not count). */
export const spotOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(db, "spot_orders", sql`t.user_id = ${userId} AND t.mode = 'real' AND t.status = 'open'`);
