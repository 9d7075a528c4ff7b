// Who is chatting: a customer (session token) or a guest (a random secret issued by
// POST /api/chat/guest, stored only as a hash). The device id is recorded with the
// guest but opens nothing: only the token does. Logging in merges the guest's
// conversation into the customer's, after which the guest token is dead.
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { hashToken, resolveSession } from "../auth/service";
import { chatConversations, chatGuests, chatMessages, chatUploads } from "./schema";

export type ChatIdentity = { kind: "customer"; userId: number; username: string } | { kind: "guest"; guestId: number };

/** Guest tokens carry a prefix so they are never looked up as sessions (and vice versa). */
export const GUEST_TOKEN_PREFIX = "cg_";

export async function createGuest(db: Db, deviceId: string): Promise<{ token: string }> {
  const token = `${GUEST_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  await db.insert(chatGuests).values({ tokenHash: hashToken(token), deviceId: deviceId.slice(0, 200) });
  return { token };
}

export async function findGuest(db: Db, token: string): Promise<number | null> {
  if (!token.startsWith(GUEST_TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({ id: chatGuests.id })
    .from(chatGuests)
    .where(and(eq(chatGuests.tokenHash, hashToken(token)), isNull(chatGuests.mergedUserId)))
    .limit(1);
  return row ? Number(row.id) : null;
}

/** A chat token (session or guest) → identity; operators are not chat customers. */
export async function identify(db: Db, token: string | undefined): Promise<ChatIdentity | null> {
  if (!token) return null;
  if (token.startsWith(GUEST_TOKEN_PREFIX)) {
    const guestId = await findGuest(db, token);
    return guestId === null ? null : { kind: "guest", guestId };
  }
  const user = await resolveSession(db, token);
  if (user?.role !== "customer") return null;
  return { kind: "customer", userId: user.id, username: user.username };
}

/**
 * Move a guest's conversation to the customer who just logged in or registered. When the
 * customer has no conversation yet the guest's becomes theirs (same id); otherwise its
 * messages and files move into the customer's. Returns the customer's conversation id and
 * how many messages moved; null when the guest token is unknown or already merged.
 */
export async function mergeGuest(
  db: Db,
  userId: number,
  guestToken: string,
): Promise<{ conversationId: number; moved: number } | null> {
  if (!guestToken.startsWith(GUEST_TOKEN_PREFIX)) return null;
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: chatGuests.id })
      .from(chatGuests)
      .where(and(eq(chatGuests.tokenHash, hashToken(guestToken)), isNull(chatGuests.mergedUserId)))
      .for("update")
      .limit(1);
    if (!guest) return null;
    await tx.update(chatGuests).set({ mergedUserId: userId, mergedAt: new Date() }).where(eq(chatGuests.id, guest.id));
    const [guestConv] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.guestId, guest.id))
      .for("update");
    const [userConv] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.userId, userId))
      .for("update");
    if (!guestConv) {
      if (userConv) return { conversationId: Number(userConv.id), moved: 0 };
      const [created] = await tx.insert(chatConversations).values({ userId }).returning({ id: chatConversations.id });
      return { conversationId: Number(created?.id), moved: 0 };
    }
    if (!userConv) {
      await tx.update(chatConversations).set({ userId, guestId: null }).where(eq(chatConversations.id, guestConv.id));
      const moved = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, guestConv.id));
      return { conversationId: Number(guestConv.id), moved: moved.length };
    }
    const moved = await tx
      .update(chatMessages)
      .set({ conversationId: userConv.id })
      .where(eq(chatMessages.conversationId, guestConv.id))
      .returning({ id: chatMessages.id });
    await tx
      .update(chatUploads)
      .set({ conversationId: userConv.id })
      .where(eq(chatUploads.conversationId, guestConv.id));
    const lastAt = [userConv.lastMessageAt, guestConv.lastMessageAt]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    await tx
      .update(chatConversations)
      .set({
        agentId: userConv.agentId ?? guestConv.agentId,
        lastMessageAt: lastAt ?? null,
        ...(moved.length > 0 ? { status: "open", closedAt: null } : {}),
      })
      .where(eq(chatConversations.id, userConv.id));
    await tx
      .update(chatConversations)
      .set({ status: "closed", closedAt: new Date(), lastMessageAt: null })
      .where(eq(chatConversations.id, guestConv.id));
    return { conversationId: Number(userConv.id), moved: moved.length };
  });
}
