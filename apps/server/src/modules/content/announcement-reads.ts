// Read state of announcements per customer: opening one while logged in marks it read,
// and the seed's listByUser shows each announcement with it.
import type { ArticleSummary, Page } from "@candor/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { announcementReads } from "./schema";

export async function markAnnouncementRead(db: Db, userId: number, itemId: number): Promise<void> {
  await db.insert(announcementReads).values({ userId, itemId }).onConflictDoNothing();
}

export async function withReadState(
  db: Db,
  userId: number,
  page: Page<ArticleSummary>,
): Promise<Page<ArticleSummary & { read: boolean }>> {
  const ids = page.records.map((r) => r.id);
  const read =
    ids.length === 0
      ? []
      : await db
          .select({ itemId: announcementReads.itemId })
          .from(announcementReads)
          .where(and(eq(announcementReads.userId, userId), inArray(announcementReads.itemId, ids)));
  const seen = new Set(read.map((r) => Number(r.itemId)));
  return { ...page, records: page.records.map((r) => ({ ...r, read: seen.has(r.id) })) };
}
