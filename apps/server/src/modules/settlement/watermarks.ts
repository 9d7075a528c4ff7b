// Replay watermarks: per settler and symbol, the recorded-tick time from which a new
// leader must re-evaluate (everything before it was evaluated and its settlements are
// committed). Settlers that work from ticks (futures TP/SL/close-out) use these in recover().
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { settlementWatermarks } from "./schema";

export async function readWatermarks(db: Db, settler: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ symbol: settlementWatermarks.symbol, tickAt: settlementWatermarks.tickAt })
    .from(settlementWatermarks)
    .where(eq(settlementWatermarks.settler, settler));
  return new Map(rows.map((r) => [r.symbol, r.tickAt.getTime()]));
}

export async function writeWatermarks(db: Db, settler: string, marks: Map<string, number>): Promise<void> {
  if (marks.size === 0) return;
  const values = [...marks].map(([symbol, ts]) => ({ settler, symbol, tickAt: new Date(ts) }));
  await db
    .insert(settlementWatermarks)
    .values(values)
    .onConflictDoUpdate({
      target: [settlementWatermarks.settler, settlementWatermarks.symbol],
      set: { tickAt: sql`excluded.tick_at`, updatedAt: sql`now()` },
    });
}

export async function clearWatermark(db: Db, settler: string, symbol: string): Promise<void> {
  await db
    .delete(settlementWatermarks)
    .where(and(eq(settlementWatermarks.settler, settler), eq(settlementWatermarks.symbol, symbol)));
}
