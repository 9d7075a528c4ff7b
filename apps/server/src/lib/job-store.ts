// The jobs table's rows: the job shapes, adding a job (in the caller's transaction), reading
// one by key, and the dead-letter list (jobs that failed their last attempt) with putting one
// back in the queue. The queue that claims and runs them is lib/jobs.ts.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db";

export interface Job<P = unknown> {
  id: number;
  name: string;
  key: string;
  payload: P;
  /** 1 on the first run. */
  attempts: number;
  maxAttempts: number;
}

/** Nothing = done. `retryInMs` = run again later without counting it as a failure (e.g. still pending). */
export type JobOutcome = undefined | { retryInMs: number };
/** Resolves to nothing when done (any other value than a JobOutcome is ignored). */
// biome-ignore lint/suspicious/noExplicitAny: handlers choose their own payload type
export type JobHandler<P = any> = (job: Job<P>) => Promise<unknown>;

export interface EnqueueInput {
  name: string;
  /** Unique business key: enqueueing the same key again does nothing (and returns created: false). */
  key: string;
  payload?: unknown;
  /** When it becomes due: `delayMs` from business now (default 0), or at business time `runAt`. */
  delayMs?: number;
  runAt?: Date;
  maxAttempts?: number;
}

export interface JobRow {
  id: number | string;
  name: string;
  job_key: string;
  payload: unknown;
  attempts: number | string;
  max_attempts: number | string;
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Adds a job. Pass the transaction of the business write that needs it, so both commit
 * together (a deposit and the job that confirms it).
 */
export async function enqueueJob(db: Db, input: EnqueueInput): Promise<{ id: number | null; created: boolean }> {
  const runAt = input.runAt
    ? sql`${input.runAt.toISOString()}::timestamptz`
    : sql`business_now() + (${Math.max(0, Math.round(input.delayMs ?? 0))}::int * interval '1 millisecond')`;
  const found = await rows<{ id: number | string }>(
    db,
    sql`INSERT INTO jobs (name, job_key, payload, run_at, max_attempts)
        VALUES (${input.name}, ${input.key}, ${JSON.stringify(input.payload ?? {})}::jsonb, ${runAt},
                ${input.maxAttempts ?? 10})
        ON CONFLICT (job_key) DO NOTHING
        RETURNING id`,
  );
  return found[0] ? { id: Number(found[0].id), created: true } : { id: null, created: false };
}

export interface JobState {
  id: number;
  name: string;
  key: string;
  status: "pending" | "running" | "done" | "failed";
  attempts: number;
  reruns: number;
  alert: boolean;
  runAt: string;
  lastError: string | null;
  finishedAt: string | null;
}

/** A job by key (tests, operator views). */
export async function getJob(db: Db, key: string): Promise<JobState | null> {
  const [r] = await rows<{
    id: number | string;
    name: string;
    job_key: string;
    status: JobState["status"];
    attempts: number | string;
    reruns: number | string;
    alert: boolean;
    run_at: string | Date;
    last_error: string | null;
    finished_at: string | Date | null;
  }>(
    db,
    sql`SELECT id, name, job_key, status, attempts, reruns, alert, run_at, last_error, finished_at
        FROM jobs WHERE job_key = ${key}`,
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    name: r.name,
    key: r.job_key,
    status: r.status,
    attempts: Number(r.attempts),
    reruns: Number(r.reruns),
    alert: Boolean(r.alert),
    runAt: new Date(r.run_at).toISOString(),
    lastError: r.last_error,
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
  };
}

export interface DeadJobRow {
  id: number;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  failedAt: string | null;
  runAt: string;
  alert: boolean;
  reruns: number;
}

/** The dead-letter list: jobs that failed their last attempt, newest failure first. */
export async function listDeadJobs(
  db: Db,
  query: { pageNo: number; pageSize: number; alert?: boolean | undefined },
): Promise<{ records: DeadJobRow[]; total: number; pageNo: number; pageSize: number; alerts: number }> {
  const only = query.alert === undefined ? sql`true` : sql`alert = ${query.alert}`;
  const [counts] = await rows<{ total: string | number; alerts: string | number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${only}) AS total, count(*) FILTER (WHERE alert) AS alerts
        FROM jobs WHERE status = 'failed'`,
  );
  const found = await rows<{
    id: number | string;
    name: string;
    job_key: string;
    payload: unknown;
    attempts: number | string;
    max_attempts: number | string;
    last_error: string | null;
    finished_at: string | Date | null;
    run_at: string | Date;
    alert: boolean;
    reruns: number | string;
  }>(
    db,
    sql`SELECT id, name, job_key, payload, attempts, max_attempts, last_error, finished_at, run_at, alert, reruns
        FROM jobs WHERE status = 'failed' AND ${only}
        ORDER BY finished_at DESC NULLS LAST, id DESC
        LIMIT ${query.pageSize} OFFSET ${(query.pageNo - 1) * query.pageSize}`,
  );
  return {
    records: found.map((r) => ({
      id: Number(r.id),
      name: r.name,
      key: r.job_key,
      payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as Record<string, unknown>,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      lastError: r.last_error,
      failedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
      runAt: new Date(r.run_at).toISOString(),
      alert: Boolean(r.alert),
      reruns: Number(r.reruns),
    })),
    total: Number(counts?.total ?? 0),
    alerts: Number(counts?.alerts ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/**
 * Takes a dead-lettered job back for a re-run, claimed at once by `workerId` (so no poller
 * runs it meanwhile) with a fresh set of attempts. Only a job in the list moves (one re-run at a
 * time, whoever asks): its row, or null when the job is not dead-lettered (anymore); undefined
 * when there is no such job.
 */
export async function claimDeadJob(
  db: Db,
  id: number,
  workerId: string,
  leaseMs: number,
): Promise<JobRow | null | undefined> {
  const [claimed] = await rows<JobRow>(
    db,
    sql`UPDATE jobs SET status = 'running', attempts = 1, run_at = business_now(), finished_at = NULL,
               reruns = reruns + 1, locked_by = ${workerId},
               locked_until = now() + (${leaseMs}::int * interval '1 millisecond'), updated_at = now()
        WHERE id = ${id} AND status = 'failed'
        RETURNING id, name, job_key, payload, attempts, max_attempts`,
  );
  if (claimed) return claimed;
  const [exists] = await rows<{ id: number | string }>(db, sql`SELECT id FROM jobs WHERE id = ${id}`);
  return exists ? null : undefined;
}

export function toJobs(claimed: JobRow[]): Job[] {
  return claimed.map((r) => ({
    id: Number(r.id),
    name: r.name,
    key: r.job_key,
    payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

/**
 * What an operator reads in the dead-letter list: a database error's own message (the query
 * layer wraps it in "Failed query: <SQL>"), else the error's message; at most 2,000 characters.
 */
export function errorText(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause;
  const text = cause instanceof Error ? cause.message : err instanceof Error ? err.message : String(err);
  return text.slice(0, 2000);
}
