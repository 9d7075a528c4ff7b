// A small PostgreSQL-backed job queue (docs/product.md §7): sandbox deposits, payouts, later
// accruals and other background work. Jobs live in the `jobs` table; every node runs a
// worker that claims due jobs with SELECT … FOR UPDATE SKIP LOCKED, so a job is run by
// one worker at a time across any number of nodes. Works on PGlite (one connection) too.
//
//   app.jobs.register("deposit.confirm", async (job) => { …; return { retryInMs: 1000 } });
//   await enqueueJob(tx, { name: "deposit.confirm", key: `deposit-confirm:${id}`, payload: { id } });
//
// A claim is a lease: a worker that dies mid-job leaves it `running` until the lease
// ends, then another worker runs it again. So a handler must be idempotent (ledger
// keys, status guards) — its effect then happens exactly once, and the job is marked
// done exactly once.
//
// A job that fails its last attempt is not dropped: it stays `failed`, the dead-letter list
// (job-store listDeadJobs), which operators see and can run again (`rerun`). A job registered
// with `{ alert: true }` returns money to customers; its dead letter is flagged and logged as
// an alert at error level.
//
// It is also the scheduler: jobs fall due on the business clock (`business_now()`, see
// modules/clock), so the sandbox test clock can bring them forward, and a job can be
// scheduled for a business time (`runAt`). Daily jobs (`daily(name, handler)`) run once per
// business date at 00:00 UTC under the key `<name>:<date>`; each run schedules the next date,
// and a start after downtime finds the missed dates due and runs each once, in order.
import { hostname } from "node:os";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db";
import {
  claimDeadJob,
  type EnqueueInput,
  enqueueJob,
  errorText,
  getJob,
  type Job,
  type JobHandler,
  type JobRow,
  type JobState,
  rows,
  toJobs,
} from "./job-store";

export {
  type DeadJobRow,
  type EnqueueInput,
  enqueueJob,
  getJob,
  type Job,
  type JobHandler,
  type JobOutcome,
  type JobState,
  listDeadJobs,
} from "./job-store";

export interface JobQueueOptions {
  /** Distinguishes this worker's leases; default host:pid:random. */
  workerId?: string;
  /** Idle poll interval. */
  pollMs?: number;
  /** How long a claim lasts before another worker may take the job over. */
  leaseMs?: number;
  /** Jobs claimed per round trip. */
  batchSize?: number;
  log?: { error: (obj: unknown, msg?: string) => void; warn: (obj: unknown, msg?: string) => void };
}

const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 5 * 60_000;
const DONE_RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60_000;

export class JobQueue {
  readonly workerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly alerting = new Set<string>();
  private readonly dailyNames = new Set<string>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastPruneAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions = {},
  ) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
    this.pollMs = options.pollMs ?? 250;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batchSize = options.batchSize ?? 10;
  }

  /**
   * Registers the handler of a job name (every node registers the same ones). `alert`: the job
   * returns money to customers — if it fails its last attempt, its dead letter is an alert.
   */
  register<P>(name: string, handler: JobHandler<P>, options: { alert?: boolean } = {}): void {
    if (this.handlers.has(name)) throw new Error(`job handler ${name} registered twice`);
    this.handlers.set(name, handler);
    if (options.alert) this.alerting.add(name);
  }

  /**
   * Runs a dead-lettered job again (an operator's re-run), here and now, with a fresh set of
   * attempts: claimed in the same statement that takes it off the list, so no other worker runs
   * it meanwhile. Answers its state after the run (done; pending when it failed again and will
   * retry; failed). Null when the job is not in the dead-letter list; undefined when there is no
   * such job.
   */
  async rerun(id: number): Promise<JobState | null | undefined> {
    const row = await claimDeadJob(this.db, id, this.workerId, this.leaseMs);
    if (row === null || row === undefined) return row;
    const [job] = toJobs([row]);
    if (job) await this.execute(job);
    return getJob(this.db, row.job_key);
  }

  /** The job failed its last attempt: to the dead-letter list (an alert for jobs that return money). */
  private async deadLetter(job: Job, message: string): Promise<void> {
    const alert = this.alerting.has(job.name);
    const log = this.options.log;
    if (alert) {
      log?.error(
        { job: job.key, name: job.name, attempts: job.attempts, error: message, alert: true },
        "ALERT: a job that returns money to customers gave up; it is in the dead-letter list (console: Jobs) — fix the cause and re-run it",
      );
    } else {
      log?.warn({ job: job.key, attempts: job.attempts, error: message }, "job failed its last attempt: dead-lettered");
    }
    await this.release(job, sql`status = 'failed', finished_at = now(), last_error = ${message}, alert = ${alert}`);
  }

  /** Enqueues outside a business transaction and wakes the worker. */
  async enqueue(input: EnqueueInput): Promise<{ id: number | null; created: boolean }> {
    const result = await enqueueJob(this.db, input);
    this.poke();
    return result;
  }

  /** Wakes the worker now (after committing a job that is already due). */
  poke(): void {
    this.wake?.();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops claiming and waits for the job in hand to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loop;
    this.loop = null;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let processed = 0;
      try {
        processed = await this.runDue();
        await this.pruneNow();
      } catch (err) {
        if (this.running) this.options.log?.error({ err }, "job queue: claiming failed");
      }
      if (processed === 0 && this.running) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wake = null;
        resolve();
      };
      this.wake = done;
      this.timer = setTimeout(done, this.pollMs);
      this.timer.unref();
    });
  }

  /** Claims and runs the due jobs once (up to the batch size); returns how many ran. */
  async runDue(): Promise<number> {
    return (await this.runDueExcept([])).length;
  }

  /**
   * Same, leaving out the given job ids (the test clock runs each job at most once per
   * advance: a job that asks to be retried waits for real time). Returns the ids run.
   */
  async runDueExcept(except: readonly number[]): Promise<number[]> {
    const where = except.length > 0 ? sql`id <> ALL(${sql.param(except)}::bigint[])` : sql`true`;
    const claimed = await this.claim(where, sql`ORDER BY run_at, id LIMIT ${this.batchSize}`);
    for (const job of claimed) await this.execute(job);
    return claimed.map((j) => j.id);
  }

  /** The earliest business time at or before `until` when a job of ours falls due (null: none). */
  async nextDueAt(until: Date, except: readonly number[] = []): Promise<Date | null> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return null;
    const skip = except.length > 0 ? sql`AND id <> ALL(${sql.param(except)}::bigint[])` : sql``;
    const [r] = await rows<{ at: string | Date | null }>(
      this.db,
      sql`SELECT min(run_at) AS at FROM jobs
          WHERE name = ANY(${sql.param(names)}::text[]) AND status = 'pending'
            AND run_at <= ${until.toISOString()}::timestamptz ${skip}`,
    );
    return r?.at ? new Date(r.at) : null;
  }

  /** Waits (up to `timeoutMs`) until no due job is running on any worker. */
  async settle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [r] = await rows<{ n: string | number }>(
        this.db,
        sql`SELECT count(*) AS n FROM jobs
            WHERE status = 'running' AND run_at <= business_now() AND locked_until >= now()`,
      );
      if (Number(r?.n ?? 0) === 0 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /**
   * A job that runs once per business date at 00:00 UTC: `handler(date)` for "YYYY-MM-DD".
   * It must be idempotent per date and must not assume the dates arrive in order (after
   * downtime, catch up everything due up to `date`). The first date is scheduled at start.
   */
  daily(name: string, handler: (date: string, job: Job<{ date: string }>) => Promise<unknown>): void {
    this.register<{ date: string }>(name, async (job) => {
      const date = job.payload.date;
      const outcome = await handler(date, job);
      const next = new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000);
      await enqueueJob(this.db, dailyJob(name, next));
      return outcome;
    });
    this.dailyNames.add(name);
  }

  /** Makes sure every daily job has its current date scheduled (at start; idempotent). */
  async scheduleDaily(): Promise<void> {
    const [r] = await rows<{ today: string }>(
      this.db,
      sql`SELECT to_char(business_now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today`,
    );
    const today = new Date(`${r?.today ?? new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    for (const name of this.dailyNames) await enqueueJob(this.db, dailyJob(name, today));
  }

  /**
   * Runs one job now if it is due and nobody holds it (e.g. right after the request that
   * enqueued it committed). Returns false when it was not claimable here.
   */
  async runKey(key: string): Promise<boolean> {
    const [job] = await this.claim(sql`job_key = ${key}`, sql``);
    if (!job) return false;
    await this.execute(job);
    return true;
  }

  /**
   * Run the job with this key now; when another worker (this node's poller or another
   * node) already holds it, wait up to `timeoutMs` for that run to finish instead. A due
   * "pending" job that could not be claimed is locked by a claim in progress (its
   * "running" is not committed yet), so it is waited for too, and claimed if that claim
   * went elsewhere.
   */
  async runKeyOrWait(key: string, timeoutMs = 5_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await this.runKey(key))) {
      const [row] = await rows<{ status: string; due: boolean }>(
        this.db,
        sql`SELECT status, run_at <= business_now() AS due FROM jobs WHERE job_key = ${key}`,
      );
      const inHand = row?.status === "running" || (row?.status === "pending" && row.due);
      if (!inHand || Date.now() >= until) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async claim(where: SQL, orderAndLimit: SQL): Promise<Job[]> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return [];
    const claimed = await rows<JobRow>(
      this.db,
      sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
            locked_until = now() + (${this.leaseMs}::int * interval '1 millisecond'), updated_at = now()
          WHERE id IN (
            SELECT id FROM jobs
            WHERE name = ANY(${sql.param(names)}::text[])
              AND ((status = 'pending' AND run_at <= business_now()) OR (status = 'running' AND locked_until < now()))
              AND ${where}
            ${orderAndLimit}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, name, job_key, payload, attempts, max_attempts`,
    );
    return toJobs(claimed).sort((a, b) => a.id - b.id);
  }

  private async execute(job: Job): Promise<void> {
    const handler = this.handlers.get(job.name);
    let outcome: unknown;
    if (job.attempts > job.maxAttempts) {
      // Its last worker died mid-run on the final attempt: give up rather than loop forever.
      await this.deadLetter(job, "worker lost on the last attempt");
      return;
    }
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      outcome = await handler(job);
    } catch (err) {
      const message = errorText(err);
      if (job.attempts >= job.maxAttempts) {
        await this.deadLetter(job, message);
        return;
      }
      this.options.log?.warn({ err, job: job.key, attempts: job.attempts }, "job will retry");
      const delay = Math.min(RETRY_BASE_MS * 2 ** (job.attempts - 1), RETRY_MAX_MS);
      await this.release(
        job,
        sql`status = 'pending', run_at = business_now() + (${delay}::int * interval '1 millisecond'), last_error = ${message}`,
      );
      return;
    }
    const retryInMs = (outcome as { retryInMs?: unknown } | undefined)?.retryInMs;
    if (typeof retryInMs === "number") {
      // Not a failure (e.g. a payment still pending): the attempt is not counted.
      await this.release(
        job,
        sql`status = 'pending', attempts = attempts - 1,
            run_at = business_now() + (${Math.max(0, Math.round(retryInMs))}::int * interval '1 millisecond')`,
      );
      return;
    }
    await this.release(job, sql`status = 'done', finished_at = now(), last_error = NULL`);
  }

  /** Ends this worker's claim; a claim another worker took over after the lease is left alone. */
  private async release(job: Job, set: SQL): Promise<void> {
    await this.db.execute(
      sql`UPDATE jobs SET ${set}, locked_by = NULL, locked_until = NULL, updated_at = now()
          WHERE id = ${job.id} AND status = 'running' AND locked_by = ${this.workerId}`,
    );
  }

  private async pruneNow(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneAt < PRUNE_EVERY_MS) return;
    this.lastPruneAt = now;
    await this.db.execute(
      sql`DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - (${DONE_RETENTION_DAYS}::int * interval '1 day')`,
    );
  }
}

/** The job of a daily job name for the date starting at `day` (00:00 UTC). */
function dailyJob(name: string, day: Date): EnqueueInput {
  const date = day.toISOString().slice(0, 10);
  return { name, key: `${name}:${date}`, payload: { date }, runAt: day, maxAttempts: 100 };
}

declare module "fastify" {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** Decorates `app.jobs`; the worker starts when the app is ready and stops on close. */
async function jobsPlugin(app: FastifyInstance) {
  const queue = new JobQueue(app.database.db, { log: app.log.child({ module: "jobs" }) });
  app.decorate("jobs", queue);
  app.addHook("onReady", async () => {
    // Migrations have run by ready (the OpenAPI generator builds the app on an empty database).
    const [table] = await app.database.query<{ t: string | null }>("SELECT to_regclass('business_clock') AS t");
    if (table?.t) await queue.scheduleDaily();
    queue.start();
  });
  app.addHook("onClose", async () => queue.stop());
}

export default fp(jobsPlugin, { name: "jobs", dependencies: ["database"] });
