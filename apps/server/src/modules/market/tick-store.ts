// Recent ticks: a ring buffer per symbol in memory, and every tick recorded durably
// (batched) in market_ticks for a retention window, so settlement can find "the first
// recorded tick at or after expiry" even after a restart or on another node.
import { dec } from "@candor/domain";
import type { Database } from "../../db";
import { RingBuffer } from "./ring-buffer";
import type { FeedSource, MarketTick } from "./types";

/** Ticks waiting for the database, at most (older ones are dropped if the database is down that long). */
const MAX_PENDING = 200_000;

interface TickRow {
  symbol: string;
  ts: Date | string;
  price: string;
  volume: string;
  source: string;
}

const fromRow = (r: TickRow): MarketTick => ({
  symbol: r.symbol,
  ts: new Date(r.ts).getTime(),
  price: dec(r.price).toFixed(),
  volume: dec(r.volume).toFixed(),
  source: r.source as FeedSource,
});

export class TickStore {
  private readonly rings = new Map<string, RingBuffer<MarketTick>>();
  private pending: MarketTick[] = [];
  private flushing: Promise<number> | null = null;
  dropped = 0;

  constructor(
    private readonly database: Database,
    private readonly capacity = 2048,
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
  }

  /** In-memory recent ticks of a symbol, oldest first. */
  recent(symbol: string): MarketTick[] {
    return this.rings.get(symbol)?.toArray() ?? [];
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Write the ticks recorded since the last flush. Concurrent calls share one write. */
  flush(): Promise<number> {
    if (!this.flushing) {
      this.flushing = this.write().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async write(): Promise<number> {
    if (this.pending.length === 0) return 0;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.database.query(
        `INSERT INTO market_ticks (symbol, ts, price, volume, source)
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::numeric[], $4::numeric[], $5::text[])`,
        [
          batch.map((t) => t.symbol),
          batch.map((t) => new Date(t.ts).toISOString()),
          batch.map((t) => t.price),
          batch.map((t) => t.volume),
          batch.map((t) => t.source),
        ],
      );
      return batch.length;
    } catch (err) {
      // Keep them for the next attempt (bounded by MAX_PENDING).
      this.pending = batch.concat(this.pending).slice(-MAX_PENDING);
      throw err;
    }
  }

  async prune(retentionMinutes: number): Promise<void> {
    await this.database.query("DELETE FROM market_ticks WHERE ts < $1", [
      new Date(Date.now() - retentionMinutes * 60_000).toISOString(),
    ]);
  }

  /** The latest recorded tick of each symbol (to resume after a restart). */
  async latestStored(): Promise<MarketTick[]> {
    const rows = await this.database.query<TickRow>(
      `SELECT s.symbol, t.ts, t.price, t.volume, t.source FROM market_symbols s
       CROSS JOIN LATERAL (SELECT ts, price, volume, source FROM market_ticks
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
      `SELECT symbol, ts, price, volume, source FROM market_ticks
       WHERE symbol = $1 AND ts >= $2 ORDER BY ts, id LIMIT 1`,
      [symbol, new Date(timeMs).toISOString()],
    );
    if (rows[0]) return fromRow(rows[0]);
    return ring?.toArray().find((t) => t.ts >= timeMs) ?? null;
  }

  /** Recorded ticks in [fromMs, toMs], oldest first, at most `limit` (database plus unflushed memory). */
  async between(symbol: string, fromMs: number, toMs: number, limit = 1000): Promise<MarketTick[]> {
    const rows = await this.database.query<TickRow>(
      `SELECT symbol, ts, price, volume, source FROM market_ticks
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
