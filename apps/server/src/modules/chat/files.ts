// Chat files (README "Security"): private to their conversation. The conversation's chat
// token (guest or customer) reads them; the messages carry short-lived signed URLs so an
// <img> or <video> shows them without a token; agents read them with their staff session
// (uploads module). A guest's uploads count against a daily quota per device and address;
// the files of a conversation closed longer than CHAT_FILE_RETENTION_DAYS are removed by a
// daily job on the business clock.
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db";
import { uploads } from "../../db/schema";
import { FILES_URL_PREFIX, removeUploads } from "../uploads/service";
import type { ChatIdentity } from "./identity";
import { chatConversations, chatGuests, chatMessages, chatUploads } from "./schema";

/** The identity's conversation id, without creating one (null: it has none). */
async function conversationIdOf(db: Db, identity: ChatIdentity): Promise<number | null> {
  const owner =
    identity.kind === "customer"
      ? eq(chatConversations.userId, identity.userId)
      : eq(chatConversations.guestId, identity.guestId);
  const [row] = await db.select({ id: chatConversations.id }).from(chatConversations).where(owner).limit(1);
  return row ? Number(row.id) : null;
}

/** Whether a chat identity may read a file: uploaded for, or sent in, its own conversation. */
export async function identityCanRead(db: Db, identity: ChatIdentity, name: string): Promise<boolean> {
  const conversationId = await conversationIdOf(db, identity);
  if (conversationId === null) return false;
  const [uploaded] = await db
    .select({ name: chatUploads.name })
    .from(chatUploads)
    .where(and(eq(chatUploads.name, name), eq(chatUploads.conversationId, conversationId)))
    .limit(1);
  if (uploaded) return true;
  const [sent] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.content, `${FILES_URL_PREFIX}${name}`)))
    .limit(1);
  return Boolean(sent);
}

/** The device a guest registered with (for the upload quota). */
export async function guestDevice(db: Db, guestId: number): Promise<string> {
  const [row] = await db.select({ deviceId: chatGuests.deviceId }).from(chatGuests).where(eq(chatGuests.id, guestId));
  return row?.deviceId ?? `guest:${guestId}`;
}

/**
 * Removes the files of conversations closed before `cutoff` (business time). A conversation
 * that reopened has no closed_at and keeps its files. Returns how many files went.
 */
export async function removeExpiredChatFiles(db: Db, dataDir: string, cutoff: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await db
      .select({ name: chatUploads.name })
      .from(chatUploads)
      .innerJoin(chatConversations, eq(chatConversations.id, chatUploads.conversationId))
      .where(and(eq(chatConversations.status, "closed"), lt(chatConversations.closedAt, cutoff)))
      .limit(500);
    if (rows.length === 0) return removed;
    const names = rows.map((r) => r.name);
    // Only chat files: a file that also became something else (an older identity document) stays.
    const chatFiles = await db
      .select({ name: uploads.name })
      .from(uploads)
      .where(and(inArray(uploads.name, names), eq(uploads.purpose, "chat")));
    removed += await removeUploads(
      db,
      dataDir,
      chatFiles.map((f) => f.name),
    );
    await db.delete(chatUploads).where(inArray(chatUploads.name, names));
  }
}
