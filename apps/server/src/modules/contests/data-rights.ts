// Data rights (modules/privacy): the customer's contests records as plain JSON for the data
// export, and what is still open (an account closes only when nothing is). Through service.ts.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { countRows, type JsonRow, jsonRows } from "../../db/json-rows";

export async function contestsUserData(db: Db, userId: number): Promise<Record<string, JsonRow[]>> {
  return {
    contestEntries: await jsonRows(db, "contest_entries", sql`t.user_id = ${userId}`),
  };
}

/** How many are still open: contest entries joined or running. */
export const contestsOpenCount = (db: Db, userId: number): Promise<number> =>
  countRows(db, "contest_entries", sql`t.user_id = ${userId} AND t.status IN (0, 1)`);
