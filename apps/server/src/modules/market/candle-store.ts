// Candles: the current candle of every interval per symbol in memory (updated on each
// tick), the stored tiers (1m, 15m, 1h, 1d) written in batches, and klines read back
// from the finest tier that divides the interval, with unwritten changes overlaid.
import {
  aggregateCandles,
  applyTick,
  bucketStart,
  CANDLE_TIERS,
  type Candle,
  type CandleTier,
  DAY_MS,
  dec,
  intervalMs,
  KLINE_INTERVALS,
  type KlineInterval,
  nextBucketStart,
  TIER_FOR_INTERVAL,
} from "@candor/domain";
import type { Database } from "../../db";
import type { MarketTick } from "./types";

/** How long each stored tier is kept (1d forever). */
export const CANDLE_RETENTION_MS: Partial<Record<CandleTier, number>> = {
  "1m": 14 * DAY_MS,
  "15m": 120 * DAY_MS,
  "1h": 800 * DAY_MS,
};

interface CandleRow {
  symbol: string;
  tier: CandleTier;
  open_time: Date | string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const canonical = (v: string) => dec(v).toFixed();

const fromRow = (r: CandleRow): Candle => ({
  time: new Date(r.open_time).getTime(),
  open: canonical(r.open),
  high: canonical(r.high),
  low: canonical(r.low),
  close: canonical(r.close),
  volume: canonical(r.volume),
});

const isTier = (interval: KlineInterval): interval is CandleTier =>
  (CANDLE_TIERS as readonly string[]).includes(interval);

export interface TierRow {
  symbol: string;
  tier: CandleTier;
  candle: Candle;
}

export interface Stats24h {
  open: string | null;
  high: string | null;
  low: string | null;
  volume: string;
}

export class CandleStore {
  private readonly current = new Map<string, Partial<Record<KlineInterval, Candle>>>();
  private dirty = new Map<string, TierRow>();
  private flushing: Promise<number> | null = null;

  constructor(private readonly database: Database) {}

  /** Fold a tick into the current candle of every interval (`persist: false`: not written from this node). */
  apply(tick: MarketTick, persist = true): void {
    let byInterval = this.current.get(tick.symbol);
    if (!byInterval) {
      byInterval = {};
      this.current.set(tick.symbol, byInterval);
    }
    for (const interval of KLINE_INTERVALS) {
      const r = applyTick(byInterval[interval] ?? null, tick, interval);
      if (r.ignored) continue;
      byInterval[interval] = r.candle;
      if (persist && isTier(interval)) {
        this.dirty.set(`${tick.symbol}|${interval}|${r.candle.time}`, {
          symbol: tick.symbol,
          tier: interval,
          candle: r.candle,
        });
      }
    }
  }

  currentCandle(symbol: string, interval: KlineInterval): Candle | undefined {
    return this.current.get(symbol)?.[interval];
  }

  get dirtyCount(): number {
    return this.dirty.size;
  }

  /**
   * Load the latest candle of every interval from the stored tiers: the one still
   * open, or for a closed market the last one before the close.
   */
  async loadCurrent(): Promise<void> {
    const latest = await this.database.query<{ symbol: string; tier: CandleTier; t: Date | string | null }>(
      `SELECT s.symbol, x.tier,
         (SELECT max(open_time) FROM market_candles c WHERE c.symbol = s.symbol AND c.tier = x.tier) AS t
       FROM market_symbols s CROSS JOIN (VALUES ('1m'), ('15m'), ('1h'), ('1d')) AS x(tier)`,
    );
    // Per symbol and tier, the earliest row any interval's latest bucket needs.
    const windows: { symbol: string; tier: CandleTier; from: number }[] = [];
    for (const row of latest) {
      if (row.t === null) continue;
      const t = new Date(row.t).getTime();
      const from = Math.min(
        ...KLINE_INTERVALS.filter((i) => TIER_FOR_INTERVAL[i] === row.tier).map((i) => bucketStart(t, i)),
      );
      windows.push({ symbol: row.symbol, tier: row.tier, from });
    }
    const rows =
      windows.length === 0
        ? []
        : await this.database.query<CandleRow>(
            `SELECT c.symbol, c.tier, c.open_time, c.open, c.high, c.low, c.close, c.volume
             FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS w(symbol, tier, from_ts)
             JOIN market_candles c ON c.symbol = w.symbol AND c.tier = w.tier AND c.open_time >= w.from_ts
             ORDER BY c.symbol, c.tier, c.open_time`,
            [
              windows.map((w) => w.symbol),
              windows.map((w) => w.tier),
              windows.map((w) => new Date(w.from).toISOString()),
            ],
          );
    const bySymbol = new Map<string, Partial<Record<CandleTier, Candle[]>>>();
    for (const r of rows) {
      let tiers = bySymbol.get(r.symbol);
      if (!tiers) {
        tiers = {};
        bySymbol.set(r.symbol, tiers);
      }
      let list = tiers[r.tier];
      if (!list) {
        list = [];
        tiers[r.tier] = list;
      }
      list.push(fromRow(r));
    }
    this.current.clear();
    for (const [symbol, tiers] of bySymbol) {
      const byInterval: Partial<Record<KlineInterval, Candle>> = {};
      for (const interval of KLINE_INTERVALS) {
        const rowsOfTier = tiers[TIER_FOR_INTERVAL[interval]] ?? [];
        const last = rowsOfTier.at(-1);
        if (!last) continue;
        const start = bucketStart(last.time, interval);
        const candle = aggregateCandles(
          rowsOfTier.filter((c) => c.time >= start),
          interval,
        ).at(-1);
        if (candle) byInterval[interval] = candle;
      }
      this.current.set(symbol, byInterval);
    }
  }

  /** Write changed tier candles. Concurrent calls share one write. */
  flush(): Promise<number> {
    if (!this.flushing) {
      this.flushing = this.write().finally(() => {
        this.flushing = null;
      });
    }
    return this.flushing;
  }

  private async write(): Promise<number> {
    if (this.dirty.size === 0) return 0;
    const batch = this.dirty;
    this.dirty = new Map();
    try {
      await this.upsert([...batch.values()]);
      return batch.size;
    } catch (err) {
      // Put back what a newer tick has not already replaced.
      for (const [key, row] of batch) if (!this.dirty.has(key)) this.dirty.set(key, row);
      throw err;
    }
  }

  /** Insert or replace tier rows (chunks of 5,000). */
  async upsert(rows: readonly TierRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 5000) {
      const chunk = rows.slice(i, i + 5000);
      await this.database.query(
        `INSERT INTO market_candles (symbol, tier, open_time, open, high, low, close, volume)
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::numeric[], $5::numeric[],
                              $6::numeric[], $7::numeric[], $8::numeric[])
         ON CONFLICT (symbol, tier, open_time) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high,
           low = EXCLUDED.low, close = EXCLUDED.close, volume = EXCLUDED.volume`,
        [
          chunk.map((r) => r.symbol),
          chunk.map((r) => r.tier),
          chunk.map((r) => new Date(r.candle.time).toISOString()),
          chunk.map((r) => r.candle.open),
          chunk.map((r) => r.candle.high),
          chunk.map((r) => r.candle.low),
          chunk.map((r) => r.candle.close),
          chunk.map((r) => r.candle.volume),
        ],
      );
    }
  }

  /** The latest stored row of each tier of a symbol. */
  async latestRows(symbol: string): Promise<Partial<Record<CandleTier, Candle>>> {
    const out: Partial<Record<CandleTier, Candle>> = {};
    for (const tier of CANDLE_TIERS) {
      const [row] = await this.database.query<CandleRow>(
        `SELECT symbol, tier, open_time, open, high, low, close, volume FROM market_candles
         WHERE symbol = $1 AND tier = $2 ORDER BY open_time DESC LIMIT 1`,
        [symbol, tier],
      );
      if (row) out[tier] = fromRow(row);
    }
    return out;
  }

  /**
   * Candles of `interval`, oldest first: the last `limit` that open before `endTime`
   * (default: up to and including the current candle).
   */
  async klines(symbol: string, interval: KlineInterval, limit: number, endTime?: number): Promise<Candle[]> {
    const tier = TIER_FOR_INTERVAL[interval];
    const factor = Math.ceil(intervalMs(interval) / intervalMs(tier));
    const before = endTime === undefined ? null : nextBucketStart(endTime - 1, interval);
    const rows = await this.database.query<CandleRow>(
      `SELECT symbol, tier, open_time, open, high, low, close, volume FROM market_candles
       WHERE symbol = $1 AND tier = $2 AND ($3::timestamptz IS NULL OR open_time < $3::timestamptz)
       ORDER BY open_time DESC LIMIT $4`,
      [symbol, tier, before === null ? null : new Date(before).toISOString(), (limit + 1) * factor],
    );
    const byTime = new Map<number, Candle>();
    for (let i = rows.length - 1; i >= 0; i--) {
      const c = fromRow(rows[i] as CandleRow);
      byTime.set(c.time, c);
    }
    // Changes not written yet replace what the database has.
    for (const row of this.dirty.values()) {
      if (row.symbol === symbol && row.tier === tier && (before === null || row.candle.time < before)) {
        byTime.set(row.candle.time, row.candle);
      }
    }
    const tierRows = [...byTime.values()].sort((a, b) => a.time - b.time);
    let candles = interval === tier ? tierRows : aggregateCandles(tierRows, interval);
    const live = this.currentCandle(symbol, interval);
    if (live && (endTime === undefined || live.time < endTime)) {
      const last = candles.at(-1);
      if (last && last.time === live.time) candles[candles.length - 1] = live;
      else if (!last || last.time < live.time) candles.push(live);
    }
    if (endTime !== undefined) candles = candles.filter((c) => c.time < endTime);
    return candles.slice(-limit);
  }

  /**
   * Open/high/low/volume over the 24 hours before each symbol's last trade (`ends`:
   * symbol → time of its last tick; for a closed market that is the last session),
   * from the closed 15m buckets, and the open from the first 1m (else 15m) candle of
   * the window. The caller adds the bucket holding the last trade (in memory).
   */
  async stats24h(ends: ReadonlyMap<string, number>): Promise<Map<string, Stats24h>> {
    const out = new Map<string, Stats24h>();
    if (ends.size === 0) return out;
    const symbols = [...ends.keys()];
    const starts = symbols.map((s) => (ends.get(s) as number) - DAY_MS);
    const iso = (t: number) => new Date(t).toISOString();
    const agg = await this.database.query<{ symbol: string; high: string; low: string; volume: string }>(
      `SELECT w.symbol, max(c.high) AS high, min(c.low) AS low, sum(c.volume) AS volume
       FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) AS w(symbol, from_ts, to_ts)
       JOIN market_candles c ON c.symbol = w.symbol AND c.tier = '15m' AND c.open_time >= w.from_ts AND c.open_time < w.to_ts
       GROUP BY w.symbol`,
      [
        symbols,
        starts.map((t) => iso(nextBucketStart(t - 1, "15m"))),
        symbols.map((s) => iso(bucketStart(ends.get(s) as number, "15m"))),
      ],
    );
    const opens = await this.database.query<{ symbol: string; open: string }>(
      `SELECT w.symbol, c.open FROM unnest($1::text[], $2::timestamptz[]) AS w(symbol, from_ts)
       CROSS JOIN LATERAL (SELECT open FROM market_candles
         WHERE symbol = w.symbol AND tier IN ('1m', '15m') AND open_time >= w.from_ts
         ORDER BY open_time, tier LIMIT 1) c`,
      [symbols, starts.map((t) => iso(bucketStart(t, "1m")))],
    );
    for (const r of agg) {
      out.set(r.symbol, { open: null, high: canonical(r.high), low: canonical(r.low), volume: canonical(r.volume) });
    }
    for (const r of opens) {
      const s = out.get(r.symbol) ?? { open: null, high: null, low: null, volume: "0" };
      s.open = canonical(r.open);
      out.set(r.symbol, s);
    }
    return out;
  }

  async prune(now = Date.now()): Promise<void> {
    for (const [tier, ms] of Object.entries(CANDLE_RETENTION_MS)) {
      await this.database.query("DELETE FROM market_candles WHERE tier = $1 AND open_time < $2", [
        tier,
        new Date(now - (ms as number)).toISOString(),
      ]);
    }
  }
}
