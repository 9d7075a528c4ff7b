// Who is online in support chat, and which agent takes a new conversation. A customer
// is online with an open chat socket (refreshed by its pings) or a session used in the
// last 2 minutes (the app's 60 s activity heartbeat); agents (support and admin staff) the same with the
// operator chat socket or a console session. Nothing else about customers is tracked.
import { and, count, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { activeUsersSince } from "../auth/service";
import { activeStaffSince, listChatAgentIds } from "../staff/service";
import { ACTIVITY_PRESENCE_MS, SOCKET_PRESENCE_MS } from "./rows";
import { chatAgentPresence, chatConversations } from "./schema";

export async function onlineAgents(db: Db, now: Date): Promise<number[]> {
  const operators = await listChatAgentIds(db);
  if (operators.length === 0) return [];
  const bySocket = await db
    .select({ userId: chatAgentPresence.userId })
    .from(chatAgentPresence)
    .where(gt(chatAgentPresence.socketAt, new Date(now.getTime() - SOCKET_PRESENCE_MS)));
  const active = await activeStaffSince(db, operators, new Date(now.getTime() - ACTIVITY_PRESENCE_MS));
  for (const r of bySocket) active.add(Number(r.userId));
  return operators.filter((id) => active.has(id));
}

/** The least busy online agent (fewest open conversations; lowest id on a tie), or null: the queue. */
export async function pickAgent(db: Db, now: Date): Promise<number | null> {
  const online = await onlineAgents(db, now);
  if (online.length === 0) return null;
  const loads = await db
    .select({ agentId: chatConversations.agentId, n: count() })
    .from(chatConversations)
    .where(and(eq(chatConversations.status, "open"), inArray(chatConversations.agentId, online)))
    .groupBy(chatConversations.agentId);
  const load = new Map(loads.map((r) => [Number(r.agentId), Number(r.n)]));
  return [...online].sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a - b)[0] ?? null;
}

export async function touchAgentSocket(db: Db, agentId: number, now: Date): Promise<void> {
  await db
    .insert(chatAgentPresence)
    .values({ userId: agentId, socketAt: now })
    .onConflictDoUpdate({ target: chatAgentPresence.userId, set: { socketAt: now } });
}

export async function clearAgentSocket(db: Db, agentId: number): Promise<void> {
  await db.delete(chatAgentPresence).where(eq(chatAgentPresence.userId, agentId));
}

export async function touchCustomerSocket(db: Db, conversationId: number, now: Date | null): Promise<void> {
  await db.update(chatConversations).set({ customerSocketAt: now }).where(eq(chatConversations.id, conversationId));
}

/** Which of these conversations' customers are online now. */
export async function onlineCustomers(
  db: Db,
  rows: { id: number; userId: number | null; customerSocketAt: Date | null }[],
  now: Date,
): Promise<Set<number>> {
  const socketSince = now.getTime() - SOCKET_PRESENCE_MS;
  const users = rows.filter((r) => r.userId !== null).map((r) => r.userId as number);
  const active = await activeUsersSince(db, users, new Date(now.getTime() - ACTIVITY_PRESENCE_MS));
  return new Set(
    rows
      .filter(
        (r) =>
          (r.customerSocketAt !== null && r.customerSocketAt.getTime() > socketSince) ||
          (r.userId !== null && active.has(r.userId)),
      )
      .map((r) => r.id),
  );
}
