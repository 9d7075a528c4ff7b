// Recent ticks: a ring buffer per symbol in memory, and every tick recorded durably in
// market_ticks for a retention window, so settlement can find "the first recorded tick at
// or after expiry" even after a restart or on another node.
//
// The recorded sequence (issue 32 §3): market_ticks.id numbers the ticks in the order they
// were written; settlement reads `id > cursor ORDER BY id` (settlement/tick-sequence.ts).
// This store is the feed leader's only writer of ticks, and it writes one batch at a time
// (group commit: a batch starts as soon as a tick is waiting and no write is in flight;
// what arrives meanwhile goes in the next one), so batches commit in id order and a reader
// never sees a higher id before a lower one of the same writer. After a batch commits,
// `onWritten` gets its ticks with their `seq` (the feed publishes them on the bus then).
import { dec, type IndexComponent } from "@candor/domain";
import type { Database } from "../../db";
import { RingBuffer } from "./ring-buffer";
import type { FeedSource, MarketTick } from "./types";

/** Ticks waiting for the database, at most (older ones are dropped if the database is down that long). */
const MAX_PENDING = 200_000;

interface TickRow {
  id?: string | number;
  symbol: string;
  ts: Date | string;
  price: string;
  volume: string;
  source: string;
  /** An index tick's venue readings (migration 0035), else null. */
  components: IndexComponent[] | string | null;
}

const fromRow = (r: TickRow): MarketTick => ({
  symbol: r.symbol,
  ts: new Date(r.ts).getTime(),
  price: dec(r.price).toFixed(),
  volume: dec(r.volume).toFixed(),
  source: r.source as FeedSource,
  ...(r.components ? { components: typeof r.components === "string" ? JSON.parse(r.components) : r.components } : {}),
  ...(r.id === undefined ? {} : { seq: Number(r.id) }),
});

/** After a failed write, the next attempt (the batch is kept). */
const RETRY_MS = 500;

export class TickStore {
  private readonly rings = new Map<string, RingBuffer<MarketTick>>();
  private pending: MarketTick[] = [];
  private writing: Promise<number> | null = null;
  private scheduled = false;
  private retryTimer: NodeJS.Timeout | null = null;
  dropped = 0;
  /** Batches written and the last seq written (status, bench). */
  readonly written = { batches: 0, ticks: 0, lastSeq: 0 };

  constructor(
    private readonly database: Database,
    private readonly capacity = 2048,
    /** A batch committed: its ticks, in order, each with its `seq`. */
    private readonly onWritten: (ticks: MarketTick[]) => void = () => {},
  ) {}

  /** `persist: false` (a follower node): kept in memory only; the feed leader writes it. */
  record(tick: MarketTick, persist = true): void {
    let ring = this.rings.get(tick.symbol);
    if (!ring) {
      ring = new RingBuffer(this.capacity);
      this.rings.set(tick.symbol, ring);
    }
    ring.push(tick);
    if (!persist) return;
    this.pending.push(tick);
    if (this.pending.length > MAX_PENDING) {
      const over = this.pending.length - MAX_PENDING;
      this.pending.splice(0, over);
      this.dropped += over;
    }
    this.schedule();
  }

  /** Start a write once this turn's ticks are in (ticks emitted together go in one batch). */
  private schedule(): void {
    if (this.scheduled || this.writing || this.retryTimer) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.writing) void this.flush().catch(() => this.retryLater());
    });
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.pending.length > 0) void this.flush().catch(() => this.retryLater());
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  /** In-memory recent ticks of a symbol, oldest first. */
  recent(symbol: string): MarketTick[] {
    return this.rings.get(symbol)?.toArray() ?? [];
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /**
   * Write every tick recorded so far (one batch at a time, in order); resolves when they are
   * committed and handed to `onWritten`. Returns how many were written.
   */
  async flush(): Promise<number> {
    let n = 0;
    for (;;) {
      if (this.writing) {
        n += await this.writing;
        continue;
      }
      if (this.pending.length === 0) return n;
      this.writing = this.write().finally(() => {
        this.writing = null;
        // Ticks that came in while this batch was written: the next batch, now.
        if (this.pending.length > 0) this.schedule();
      });
    }
  }

  private async write(): Promise<number> {
    if (this.pending.length === 0) return 0;
    const batch = this.pending;
    this.pending = [];
    let ids: Array<{ id: string | number }>;
    try {
      // ORDER BY the input's order: ids (nextval per row, as rows are inserted) follow it.
      ids = await this.database.query<{ id: string | number }>(
        `INSERT INTO market_ticks (symbol, ts, price, volume, source, components)
         SELECT symbol, ts, price, volume, source, components
         FROM unnest($1::text[], $2::timestamptz[], $3::numeric[], $4::numeric[], $5::text[], $6::jsonb[])
           WITH ORDINALITY AS t(symbol, ts, price, volume, source, components, n)
         ORDER BY n
         RETURNING id`,
        [
          batch.map((t) => t.symbol),
          batch.map((t) => new Date(t.ts).toISOString()),
          batch.map((t) => t.price),
          batch.map((t) => t.volume),
          batch.map((t) => t.source),
          batch.map((t) => (t.components ? JSON.stringify(t.components) : null)),
        ],
      );
    } catch (err) {
      // Keep them for the next attempt (bounded by MAX_PENDING).
      this.pending = batch.concat(this.pending).slice(-MAX_PENDING);
      this.retryLater();
      throw err;
    }
    // RETURNING's row order is not promised: the ids sorted are the rows in insertion order.
    const seqs = ids.map((r) => Number(r.id)).sort((x, y) => x - y);
    const recorded = batch.map((t, i) => ({ ...t, seq: seqs[i] as number }));
    this.written.batches++;
    this.written.ticks += recorded.length;
    this.written.lastSeq = Math.max(this.written.lastSeq, seqs.at(-1) ?? 0);
    this.onWritten(recorded);
    return recorded.length;
  }

  /** Recorded ticks after `seq`, in sequence order, at most `limit` (settlement's reader). */
  async after(seq: number, limit: number): Promise<MarketTick[]> {
    const rows = await this.database.query<TickRow>(
      `SELECT id, symbol, ts, price, volume, source, components FROM market_ticks WHERE id > $1 ORDER BY id LIMIT $2`,
      [seq, limit],
    );
    return rows.map(fromRow);
  }

  /** The highest recorded seq (0 when none). */
  async lastSeq(): Promise<number> {
    const [row] = await this.database.query<{ id: string | number | null }>("SELECT max(id) AS id FROM market_ticks");
    return Number(row?.id ?? 0);
  }

  async prune(retentionMinutes: number): Promise<void> {
    await this.database.query("DELETE FROM market_ticks WHERE ts < $1", [
      new Date(Date.now() - retentionMinutes * 60_000).toISOString(),
    ]);
  }

  /** The latest recorded tick of each symbol (to resume after a restart). */
  async latestStored(): Promise<MarketTick[]> {
    const rows = await this.database.query<TickRow>(
      `SELECT s.symbol, t.ts, t.price, t.volume, t.source, t.components FROM market_symbols s
       CROSS JOIN LATERAL (SELECT ts, price, volume, source, components FROM market_ticks
         WHERE symbol = s.symbol ORDER BY ts DESC, id DESC LIMIT 1) t`,
    );
    return rows.map(fromRow);
  }

  /** The first tick at or after `timeMs` (memory first, then the database); null if none yet. */
  async firstAtOrAfter(symbol: string, timeMs: number): Promise<MarketTick | null> {
    const ring = this.rings.get(symbol);
    const oldest = ring?.oldest();
    // The ring holds every tick since its oldest one, so if that is early enough the answer is in it.
    if (ring && oldest && oldest.ts <= timeMs) return ring.toArray().find((t) => t.ts >= timeMs) ?? null;
    const rows = await this.database.query<TickRow>(
      `SELECT symbol, ts, price, volume, source, components FROM market_ticks
       WHERE symbol = $1 AND ts >= $2 ORDER BY ts, id LIMIT 1`,
      [symbol, new Date(timeMs).toISOString()],
    );
    if (rows[0]) return fromRow(rows[0]);
    return ring?.toArray().find((t) => t.ts >= timeMs) ?? null;
  }

  /** Recorded ticks in [fromMs, toMs], oldest first, at most `limit` (database plus unflushed memory). */
  async between(symbol: string, fromMs: number, toMs: number, limit = 1000): Promise<MarketTick[]> {
    const rows = await this.database.query<TickRow>(
      `SELECT symbol, ts, price, volume, source, components FROM market_ticks
       WHERE symbol = $1 AND ts >= $2 AND ts <= $3 ORDER BY ts, id LIMIT $4`,
      [symbol, new Date(fromMs).toISOString(), new Date(toMs).toISOString(), limit],
    );
    const out = rows.map(fromRow);
    const lastStored = out.at(-1)?.ts ?? Number.NEGATIVE_INFINITY;
    for (const t of this.pending) {
      if (out.length >= limit) break;
      if (t.symbol === symbol && t.ts >= fromMs && t.ts <= toMs && t.ts >= lastStored) out.push(t);
    }
    return out;
  }
}
