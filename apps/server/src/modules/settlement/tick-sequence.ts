// The settlement leader's reader of the recorded tick sequence (issue 32 §3). The feed
// leader records every tick in market_ticks before publishing it; its id is the sequence
// (`seq`). The leader keeps a cursor (the last seq it delivered, in settlement_cursor) and
// reads `seq > cursor ORDER BY seq` page by page, delivering each tick once, in order, then
// moving the cursor on (persisted after every page, so a new leader resumes where this one
// stopped: a crash re-delivers at most the last page, and evaluating a tick is idempotent).
// What makes it read: a tick on the bus (a wake-up; a tick whose seq the cursor has passed
// is ignored) and a timer (`pollMs`) for the wake-ups the bus lost.
//
// Holes. A seq can be missing for good (an insert rolled back; PostgreSQL skipping sequence
// values after a crash; ticks pruned by retention) or for a while (a transaction holding a
// lower seq commits after a higher one). With the one feed-leader writer there is no such
// overlap: it writes one batch at a time, so its commits come in seq order
// (market/tick-store.ts). Two writers (a leadership handover, two nodes without Redis)
// could overlap, so a hole is not passed at once: the reader delivers up to it and waits
// for it to fill, and passes it only after `holeWaitMs` (counted in `skipped`).
import type { Database } from "../../db";
import type { MarketTick } from "../market/service";

/** The cursor row's name (one recorded sequence, one cursor; tests give their engines others). */
export const TICK_CURSOR = "ticks";

export interface RecordedTicks {
  ticksAfter(seq: number, limit: number): Promise<MarketTick[]>;
  lastRecordedSeq(): Promise<number>;
}

export interface TickSequenceOptions {
  pageSize?: number;
  /** How long a missing seq is waited for before it is passed (ms). */
  holeWaitMs?: number;
  /** The cursor's row in settlement_cursor (default TICK_CURSOR). */
  cursorName?: string;
  /** A read failed (the next wake-up or poll tries again). */
  onError?: (err: unknown) => void;
}

export interface SettlementLag {
  /** The last seq delivered to the settlers. */
  cursor: number;
  /** The highest seq recorded. */
  head: number;
  /** Recorded ticks not delivered yet. */
  ticks: number;
  /** Age of the oldest tick not delivered yet; with none waiting, of the last one delivered (ms). */
  ms: number | null;
}

export class TickSequence {
  cursor = 0;
  /** The time of the tick at the cursor (null: the cursor starts on no known tick). */
  cursorTs: number | null = null;
  /** Seqs passed as holes (never recorded, rolled back or pruned). */
  skipped = 0;
  private readonly pageSize: number;
  private readonly holeWaitMs: number;
  private hole: { at: number; since: number } | null = null;
  private reading: Promise<void> | null = null;
  private again = false;
  private open = false;

  constructor(
    private readonly database: Database,
    private readonly source: RecordedTicks,
    private readonly deliver: (tick: MarketTick) => void,
    private readonly options: TickSequenceOptions = {},
  ) {
    this.pageSize = options.pageSize ?? 1000;
    this.holeWaitMs = options.holeWaitMs ?? 2000;
  }

  /** Leadership starts: resume from the persisted cursor (the first leader starts at the head). */
  async begin(): Promise<void> {
    const [row] = await this.database.query<{ seq: string | number; tick_at: Date | string | null }>(
      "SELECT seq, tick_at FROM settlement_cursor WHERE name = $1",
      [this.options.cursorName ?? TICK_CURSOR],
    );
    this.hole = null;
    if (row) {
      this.cursor = Number(row.seq);
      this.cursorTs = row.tick_at === null ? null : new Date(row.tick_at).getTime();
    } else {
      this.cursor = await this.source.lastRecordedSeq();
      this.cursorTs = null;
      await this.persist();
    }
    this.open = true;
  }

  /** Leadership ends: no more reads; resolves when one in progress has stopped. */
  async end(): Promise<void> {
    this.open = false;
    await this.reading?.catch(() => {});
  }

  /** A wake-up: read unless the cursor has passed `seq` already. */
  wake(seq?: number): void {
    if (seq !== undefined && seq <= this.cursor) return;
    void this.read().catch((err) => this.options.onError?.(err));
  }

  /** Read and deliver everything recorded after the cursor (one read at a time; a call meanwhile reads once more after). */
  read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.again = false;
          while (this.open && (await this.page())) {}
        } while (this.again && this.open);
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  /** One page: delivers up to a hole; true when a full page was delivered (read on). */
  private async page(): Promise<boolean> {
    const ticks = await this.source.ticksAfter(this.cursor, this.pageSize);
    if (!this.open) return false;
    let delivered = 0;
    for (const tick of ticks) {
      const seq = tick.seq as number;
      if (seq !== this.cursor + 1 && !this.passHole(seq)) break;
      this.deliver(tick);
      this.cursor = seq;
      this.cursorTs = tick.ts;
      delivered++;
    }
    if (delivered > 0) await this.persist();
    return delivered === this.pageSize;
  }

  /** A tick after a hole: pass it only once the hole has been waited for long enough. */
  private passHole(seq: number): boolean {
    const at = this.cursor + 1;
    const now = Date.now();
    if (!this.hole || this.hole.at !== at) this.hole = { at, since: now };
    if (now - this.hole.since < this.holeWaitMs) return false;
    this.skipped += seq - at;
    this.hole = null;
    return true;
  }

  private async persist(): Promise<void> {
    // Never backwards: a leader that lost its lock late cannot undo a newer leader's cursor.
    await this.database.query(
      `INSERT INTO settlement_cursor (name, seq, tick_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET seq = excluded.seq, tick_at = excluded.tick_at, updated_at = now()
       WHERE settlement_cursor.seq <= excluded.seq`,
      [
        this.options.cursorName ?? TICK_CURSOR,
        this.cursor,
        this.cursorTs === null ? null : new Date(this.cursorTs).toISOString(),
      ],
    );
  }

  /** Settler lag: recorded ticks not delivered yet and how old the oldest of them is. */
  async lag(now = Date.now()): Promise<SettlementLag> {
    const head = await this.source.lastRecordedSeq();
    const [next] = head > this.cursor ? await this.source.ticksAfter(this.cursor, 1) : [];
    const ts = next?.ts ?? this.cursorTs;
    return {
      cursor: this.cursor,
      head,
      ticks: Math.max(0, head - this.cursor),
      ms: ts === null || ts === undefined ? null : Math.max(0, now - ts),
    };
  }
}
