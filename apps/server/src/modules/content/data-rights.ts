// Data rights (modules/privacy): the customer's inbox as plain JSON for the data export; a
// closed account's inbox is emptied (nothing more is sent to it).
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

export const inboxUserData = (db: Db, userId: number): Promise<JsonRow[]> =>
  jsonRows(db, "inbox_messages", sql`t.user_id = ${userId}`);

export async function clearInbox(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM inbox_messages WHERE user_id = ${userId}`);
}
