// Data rights (modules/privacy): the customer's futures records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function futuresUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    futuresPositions: await jsonRows(db, "futures_positions", sql`t.user_id = ${userId}`),
  };
}

/** How many are still open: open futures positions (real money; demo and contest play do not count). */
export const futuresOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(
    db,
    "futures_positions",
    sql`t.user_id = ${userId} AND t.mode = 'real' AND t.status IN ('open', 'settling')`,
  );
