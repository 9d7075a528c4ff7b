// The business clock (docs/contract.md "Sandbox test clock"): the time every scheduled rule runs
// on — accrual dates, product terms, loan interest, VIP re-evaluation, contest and IEO
// schedules. It is real time plus an offset that only the sandbox can move forward
// (`POST /dev/clock/advance`, like a payment provider's test clock). The offset lives in
// the database (`business_clock`, and `business_now()` for SQL), so every node agrees; a
// node that moves it tells the others on the bus. Market prices always keep real time.
//
//   app.clock.now()    → Date (business time)      app.clock.today() → "2026-11-23" (UTC)
//
// Modules take business timestamps from here, never from Date.now().
import { sql } from "drizzle-orm";
import type { Db } from "../../db";

export const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" of a time, in UTC. */
export const isoDate = (ms: number | Date): string => new Date(ms).toISOString().slice(0, 10);
/** 00:00 UTC of a "YYYY-MM-DD" date, in ms. */
export const dateStartMs = (date: string): number => Date.parse(`${date}T00:00:00.000Z`);
/** The date `days` after a "YYYY-MM-DD" date. */
export const addDays = (date: string, days: number): string => isoDate(dateStartMs(date) + days * DAY_MS);

export class BusinessClock {
  private offset = 0;

  constructor(private readonly db: Db) {}

  /** Business time now. */
  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return Date.now() + this.offset;
  }

  /** Today's business date (UTC), "YYYY-MM-DD". */
  today(): string {
    return isoDate(this.nowMs());
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Reads the shared offset (at start, and when another node moved it). */
  async load(): Promise<void> {
    const result = (await this.db.execute(sql`SELECT offset_ms FROM business_clock WHERE id = 1`)) as unknown as {
      rows: { offset_ms: string | number }[];
    };
    this.offset = Number(result.rows[0]?.offset_ms ?? 0);
  }

  /**
   * Starts a new database's business clock at `startMs` (sandbox: SANDBOX_CLOCK_START, and every
   * test that depends on the date). Only a clock that was never moved, on a database where no
   * job has run yet, is set, and only forward: business time never runs behind real time (the
   * records the database stamps with now()) nor goes back under a job that already ran.
   * Returns whether the clock was set.
   */
  async startAt(startMs: number): Promise<boolean> {
    const wanted = Math.round(startMs - Date.now());
    if (wanted <= 0) return false;
    const result = (await this.db.execute(
      sql`UPDATE business_clock SET offset_ms = ${wanted}::bigint, updated_at = now()
          WHERE id = 1 AND offset_ms = 0 AND NOT EXISTS (SELECT 1 FROM jobs WHERE status <> 'pending')
          RETURNING offset_ms`,
    )) as unknown as { rows: { offset_ms: string | number }[] };
    const row = result.rows[0];
    if (row) this.offset = Number(row.offset_ms);
    return Boolean(row);
  }

  /**
   * Moves business time forward to `targetMs` (never back: a clock that goes backwards would
   * let a job run twice for one date). Returns the new offset.
   */
  async moveTo(targetMs: number): Promise<number> {
    const wanted = Math.max(this.offset, Math.ceil(targetMs - Date.now()));
    const result = (await this.db.execute(
      sql`UPDATE business_clock SET offset_ms = GREATEST(offset_ms, ${wanted}::bigint), updated_at = now()
          WHERE id = 1 RETURNING offset_ms`,
    )) as unknown as { rows: { offset_ms: string | number }[] };
    this.offset = Number(result.rows[0]?.offset_ms ?? wanted);
    return this.offset;
  }
}

/**
 * A business clock that stands at one instant: a service built on it acts "as at" that time
 * (the sandbox samples create a past IEO project and its applications through the IEO service
 * as the console and the app would have then; modules/samples). Never moved, never loaded.
 */
export class PinnedClock extends BusinessClock {
  constructor(
    db: Db,
    private readonly atMs: number,
  ) {
    super(db);
  }

  override nowMs(): number {
    return this.atMs;
  }

  override async load(): Promise<void> {}

  override async startAt(): Promise<boolean> {
    return false;
  }

  override async moveTo(): Promise<number> {
    throw new Error("a pinned clock does not move");
  }
}
