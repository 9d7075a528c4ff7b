// Short links: operators save a code for a path inside the app; the app resolves it
// (the seed's GET /api/set/appShortLink/use) and each resolution is counted.
import type { ShortLink } from "@candor/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { notFound } from "../../lib/errors";
import { shortLinks } from "./schema";

type Row = typeof shortLinks.$inferSelect;

const toShortLink = (row: Row): ShortLink => ({
  id: row.id,
  code: row.code,
  target: row.target,
  active: row.active,
  uses: row.uses,
  createdAt: row.createdAt.toISOString(),
});

/** The target of an active code (counted); unknown or switched-off codes → 404. */
export async function useShortLink(db: Db, code: string): Promise<{ code: string; target: string }> {
  const [row] = await db
    .update(shortLinks)
    .set({ uses: sql`${shortLinks.uses} + 1` })
    .where(and(eq(shortLinks.code, code), eq(shortLinks.active, true)))
    .returning({ code: shortLinks.code, target: shortLinks.target });
  if (!row) throw notFound("shortLinkNotFound");
  return row;
}

export async function listShortLinks(db: Db): Promise<ShortLink[]> {
  const rows = await db.select().from(shortLinks).orderBy(desc(shortLinks.id)).limit(500);
  return rows.map(toShortLink);
}

/** Create a code, or change the target / switch of an existing one (the count stays). */
export async function saveShortLink(
  db: Db,
  staffId: number,
  input: { code: string; target: string; active: boolean },
): Promise<ShortLink> {
  const [row] = await db
    .insert(shortLinks)
    .values({ code: input.code, target: input.target, active: input.active, createdBy: staffId })
    .onConflictDoUpdate({
      target: shortLinks.code,
      set: { target: input.target, active: input.active, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error("short link upsert returned nothing");
  return toShortLink(row);
}
