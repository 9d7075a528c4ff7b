// Data rights (modules/privacy): the customer's support conversations, their messages and the
// names of the files sent in them, as plain JSON for the data export.
import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { type JsonRow, jsonRows } from "../../db/json-rows";

export async function chatUserData(
  db: Db,
  userId: number,
): Promise<{ conversations: JsonRow[]; messages: JsonRow[]; fileNames: string[] }> {
  const mine = sql`(SELECT id FROM chat_conversations WHERE user_id = ${userId})`;
  const files = await jsonRows(db, "chat_uploads", sql`t.conversation_id IN ${mine}`);
  return {
    conversations: await jsonRows(db, "chat_conversations", sql`t.user_id = ${userId}`),
    messages: await jsonRows(db, "chat_messages", sql`t.conversation_id IN ${mine}`),
    fileNames: files.map((f) => String(f.name)),
  };
}
