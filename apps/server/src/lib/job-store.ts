// The jobs table's rows: the job shapes, adding a job (in the caller's transaction) and
// reading one by key. The queue that claims and runs them is lib/jobs.ts.
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
    run_at: string | Date;
    last_error: string | null;
    finished_at: string | Date | null;
  }>(
    db,
    sql`SELECT id, name, job_key, status, attempts, run_at, last_error, finished_at FROM jobs WHERE job_key = ${key}`,
  );
  if (!r) return null;
  return {
    id: Number(r.id),
    name: r.name,
    key: r.job_key,
    status: r.status,
    attempts: Number(r.attempts),
    runAt: new Date(r.run_at).toISOString(),
    lastError: r.last_error,
    finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
  };
}
