// The customers' inbox: messages stored as a key and parameters (one per event source),
// rendered in the reader's language when listed; read state, counts by category.
import type { InboxCategory, InboxMessage, InboxUnread, Lang, Page } from "@candor/contract";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import { renderInbox } from "./inbox-texts";
import { inboxMessages } from "./schema";

const iso = (d: Date | string) => new Date(d).toISOString();

export class InboxService {
  constructor(private readonly db: Db) {}

  /** Adds one message for an event; the same source twice adds nothing. */
  async notify(
    userId: number,
    category: InboxCategory,
    messageKey: string,
    params: Record<string, string | number>,
    sourceKey: string,
  ): Promise<void> {
    await this.db
      .insert(inboxMessages)
      .values({ userId, category, messageKey, params, sourceKey })
      .onConflictDoNothing();
  }

  private record(row: typeof inboxMessages.$inferSelect, lang: Lang): InboxMessage {
    return {
      id: row.id,
      category: row.category,
      ...renderInbox(lang, row.messageKey, row.params),
      read: row.readAt !== null,
      createdAt: iso(row.createdAt),
    };
  }

  async list(userId: number, lang: Lang, q: { category: "all" | InboxCategory; pageNo: number; pageSize: number }) {
    const where = and(
      eq(inboxMessages.userId, userId),
      ...(q.category === "all" ? [] : [eq(inboxMessages.category, q.category)]),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(inboxMessages)
        .where(where)
        .orderBy(desc(inboxMessages.id))
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      this.db.select({ n: count() }).from(inboxMessages).where(where),
    ]);
    return {
      records: rows.map((r) => this.record(r, lang)),
      total: Number(total?.n ?? 0),
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    } satisfies Page<InboxMessage>;
  }

  async message(userId: number, id: number, lang: Lang): Promise<InboxMessage> {
    const [row] = await this.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.id, id), eq(inboxMessages.userId, userId)));
    if (!row) throw notFound("contentNotFound");
    return this.record(row, lang);
  }

  /** Marks the customer's own messages read; an id that is not theirs: 404, nothing changes. */
  async markRead(userId: number, ids: number[]): Promise<InboxUnread> {
    const wanted = [...new Set(ids)];
    const mine = await this.db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, userId), inArray(inboxMessages.id, wanted)));
    if (mine.length !== wanted.length) throw notFound("contentNotFound");
    await this.db
      .update(inboxMessages)
      .set({ readAt: sql`now()` })
      .where(and(eq(inboxMessages.userId, userId), inArray(inboxMessages.id, wanted), isNull(inboxMessages.readAt)));
    return this.unread(userId);
  }

  async markAllRead(userId: number, category: "all" | InboxCategory): Promise<InboxUnread> {
    await this.db
      .update(inboxMessages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(inboxMessages.userId, userId),
          isNull(inboxMessages.readAt),
          ...(category === "all" ? [] : [eq(inboxMessages.category, category)]),
        ),
      );
    return this.unread(userId);
  }

  async unread(userId: number): Promise<InboxUnread> {
    const rows = await this.db
      .select({ category: inboxMessages.category, n: count() })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.userId, userId), isNull(inboxMessages.readAt)))
      .groupBy(inboxMessages.category);
    const by = (c: InboxCategory) => Number(rows.find((r) => r.category === c)?.n ?? 0);
    const result = { system: by("system"), task: by("task"), transaction: by("transaction") };
    return { count: result.system + result.task + result.transaction, ...result };
  }
}
