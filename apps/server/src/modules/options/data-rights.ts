// Data rights (modules/privacy): the customer's options records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function optionsUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    optionOrders: await jsonRows(db, "option_orders", sql`t.user_id = ${userId}`),
  };
}

/** How many are still open: open option orders (real money; demo and contest play do not count). */
export const optionsOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(db, "option_orders", sql`t.user_id = ${userId} AND t.mode = 'real' AND t.status = 'open'`);
