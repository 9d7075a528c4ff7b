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

/**
 * A tick-watching settler's watermarks (futures TP/SL/close-out, loans), per symbol: the
 * last tick it evaluated, held back to the oldest tick whose work is still queued or was
 * given up when leadership ended mid-retry, so that a new leader replays from there.
 * Written to the table when they change.
 */
export class WatermarkBook {
  private readonly evaluated = new Map<string, number>();
  private readonly unsettled = new Map<string, number>();
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly settler: string,
    /** The settler's queued work: its ticks hold the marks back until it is settled. */
    private readonly queued: () => Iterable<{ symbol: string; tick: { ts: number } }>,
  ) {}

  /** Forget everything (the settler's index is cleared: leadership started or ended). */
  clear(): void {
    this.evaluated.clear();
    this.written.clear();
    this.unsettled.clear();
  }

  /** A tick of `symbol` has been evaluated. */
  evaluatedAt(symbol: string, ts: number): void {
    const previous = this.evaluated.get(symbol);
    if (previous === undefined || ts > previous) this.evaluated.set(symbol, ts);
  }

  /** Work at `ts` was given up unsettled (leadership ended): the mark stays at or before it. */
  holdAt(symbol: string, ts: number): void {
    const held = this.unsettled.get(symbol);
    if (held === undefined || ts < held) this.unsettled.set(symbol, ts);
  }

  /** Per symbol: the last evaluated tick, held back to the oldest trigger not settled yet. */
  current(): Map<string, number> {
    const marks = new Map(this.evaluated);
    const holdAt = (symbol: string, ts: number) => {
      const m = marks.get(symbol);
      if (m === undefined || ts < m) marks.set(symbol, ts);
    };
    for (const item of this.queued()) holdAt(item.symbol, item.tick.ts);
    for (const [symbol, ts] of this.unsettled) holdAt(symbol, ts);
    return marks;
  }

  /** Write the marks that changed since the last write. */
  async flush(): Promise<void> {
    const changed = new Map<string, number>();
    for (const [symbol, ts] of this.current()) if (this.written.get(symbol) !== ts) changed.set(symbol, ts);
    if (changed.size === 0) return;
    await writeWatermarks(this.db, this.settler, changed);
    for (const [symbol, ts] of changed) this.written.set(symbol, ts);
  }
}
