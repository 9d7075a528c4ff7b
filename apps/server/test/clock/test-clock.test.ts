// The business clock and the scheduler (docs/contract.md "Sandbox test clock"; issue 10):
// POST /dev/clock/advance runs every job that came due, in time order, once, with the clock
// standing at each job's due time; daily jobs run once per date, catch up after downtime
// once per missed date, and run once when two scheduler processes compete; outside
// sandbox the endpoints do not exist.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../src/db";
import { enqueueJob, JobQueue } from "../../src/lib/jobs";
import { addDays, DAY_MS } from "../../src/modules/clock/service";
import { uniq } from "../factory";
import { onPostgres, setupApp } from "../helper";
import { databaseUrlFor } from "../pg-urls";

const { app, database } = await setupApp();
const db = database.db;

const advance = (seconds: unknown) => app.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds } });
const businessNow = async () => {
  const res = await app.inject({ method: "GET", url: "/dev/clock" });
  return Date.parse(res.json().result.now);
};

describe("sandbox test clock", () => {
  it("GET /dev/clock starts at real time and advance moves it forward", async () => {
    const res = await app.inject({ method: "GET", url: "/dev/clock" });
    expect(res.statusCode).toBe(200);
    const before = Date.parse(res.json().result.now);
    expect(Math.abs(before - Date.now())).toBeLessThan(5_000);

    const askedAt = Date.now();
    const moved = await advance(3600);
    const answeredAt = Date.now();
    expect(moved.statusCode).toBe(200);
    const after = Date.parse(moved.json().result.now);
    expect(after - before).toBeGreaterThanOrEqual(3600_000);
    expect(after - before).toBeLessThan(3600_000 + 5_000);
    // The clock stands at the asked instant (its start + 1 h) when the advance ends, so the
    // offset is 1 h less the real time the advance took (70 ms on a busy CI machine).
    expect(app.clock.nowMs() - Date.now()).toBeGreaterThanOrEqual(3600_000 - (answeredAt - askedAt));
  });

  it.each([[-5], [0], ["abc"], [1.5], [400 * 86_400], [null]])("rejects seconds = %s with 400", async (seconds) => {
    const res = await advance(seconds);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/seconds/);
  });

  it("runs due jobs in time order, each once, with the clock at its due time", async () => {
    const name = `test.ordered.${uniq()}`.toLowerCase();
    const seen: Array<{ n: number; clockAt: number }> = [];
    app.jobs.register<{ n: number }>(name, async (job) => {
      seen.push({ n: job.payload.n, clockAt: app.clock.nowMs() });
    });
    const start = await businessNow();
    // Enqueued out of order: 3 h, 1 h, 2 h from now; one beyond the advance (5 h).
    for (const n of [3, 1, 2, 5]) {
      await enqueueJob(db, { name, key: `${name}:${n}`, payload: { n }, runAt: new Date(start + n * 3600_000) });
    }
    const res = await advance(4 * 3600);
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().result.jobsRun).toBe("number");
    expect(seen.map((s) => s.n)).toEqual([1, 2, 3]);
    for (const s of seen) {
      expect(s.clockAt).toBeGreaterThanOrEqual(start + s.n * 3600_000);
      expect(s.clockAt).toBeLessThan(start + s.n * 3600_000 + 60_000);
    }
    await advance(2 * 3600);
    expect(seen.map((s) => s.n)).toEqual([1, 2, 3, 5]);
  });

  it("a job that asks to be retried does not keep one advance stepping through its retries", async () => {
    const name = `test.retry.${uniq()}`.toLowerCase();
    let runs = 0;
    app.jobs.register(name, async () => {
      runs += 1;
      return { retryInMs: 1000 };
    });
    await enqueueJob(db, { name, key: `${name}:1` });
    // A retry every business second over a day would be 86,400 runs; the advance runs it once
    // (the background worker may retry it meanwhile, at its own polling pace).
    const res = await advance(86_400);
    expect(res.statusCode).toBe(200);
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThan(20);
  });
});

describe("daily jobs", () => {
  it("run once per business date as the clock advances, each date once", async () => {
    const name = `test.daily.${uniq()}`.toLowerCase();
    const dates: string[] = [];
    app.jobs.daily(name, async (date) => {
      dates.push(date);
    });
    await app.jobs.scheduleDaily();
    await app.jobs.scheduleDaily(); // idempotent
    const today = app.clock.today();
    await advance(3 * 86_400);
    expect(dates).toEqual([today, addDays(today, 1), addDays(today, 2), addDays(today, 3)]);
    await advance(60);
    await app.jobs.scheduleDaily();
    await app.jobs.runDue();
    expect(new Set(dates).size).toBe(dates.length);
  });

  it("catch up after downtime: every missed date once, not twice, not zero — with two scheduler processes", async () => {
    const name = `test.catchup.${uniq()}`.toLowerCase();
    // The "process" that was running: schedules today's date, then goes down.
    const first = new JobQueue(db, { workerId: "first" });
    first.daily(name, async () => {});
    await first.scheduleDaily();
    await first.runDue();
    const today = app.clock.today();

    // Three days pass while no scheduler runs (the clock moves without running jobs).
    await app.clock.moveTo(app.clock.nowMs() + 3 * DAY_MS);

    // Two processes start on the same database and compete for the missed dates.
    let second: Database = database;
    if (onPostgres && process.env.DATABASE_URL) {
      const [current] = await database.query<{ name: string }>("SELECT current_database() AS name");
      second = await openPostgres(databaseUrlFor(process.env.DATABASE_URL, current?.name ?? ""), 4);
    }
    const paid: string[] = [];
    const handler = async (date: string) => {
      // What a real daily job does: an idempotent write keyed by date.
      const result = (await second.db.execute(
        sql`INSERT INTO settings (key, value) VALUES (${`${name}:${date}`}, '1'::jsonb)
            ON CONFLICT (key) DO NOTHING RETURNING key`,
      )) as unknown as { rows: unknown[] };
      if (result.rows.length > 0) paid.push(date);
    };
    const a = new JobQueue(db, { workerId: "a", pollMs: 10 });
    const b = new JobQueue(second.db, { workerId: "b", pollMs: 10 });
    a.daily(name, handler);
    b.daily(name, handler);
    await Promise.all([a.scheduleDaily(), b.scheduleDaily()]);
    for (let i = 0; i < 20; i++) await Promise.all([a.runDue(), b.runDue()]);
    expect(paid.sort()).toEqual([addDays(today, 1), addDays(today, 2), addDays(today, 3)]);
    const done = (await db.execute(
      sql`SELECT count(*) AS n FROM jobs WHERE name = ${name} AND status = 'done'`,
    )) as unknown as { rows: { n: string | number }[] };
    expect(Number(done.rows[0]?.n)).toBe(4);
    if (second !== database) await second.close();
  });
});

describe("outside sandbox", () => {
  it("the clock endpoints are 404", async () => {
    const { buildApp } = await import("../../src/app");
    const { testConfig } = await import("../helper");
    const prod = await buildApp({
      config: testConfig({ sandbox: false, paymentProvider: "manual" }),
      database,
      logger: false,
    });
    await prod.ready();
    afterAll(() => prod.close());
    expect((await prod.inject({ method: "GET", url: "/dev/clock" })).statusCode).toBe(404);
    expect(
      (await prod.inject({ method: "POST", url: "/dev/clock/advance", payload: { seconds: 60 } })).statusCode,
    ).toBe(404);
  });
});
