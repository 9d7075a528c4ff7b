// The sandbox test clock's advance: move business time forward and, before answering, run
// every scheduled job that came due, in time order, each once (docs/contract.md "Sandbox test
// clock"). It steps from one due time to the next: the clock stands at a job's due time
// while it runs, so a job scheduled by another (tomorrow's accrual, a term end) runs at its
// own time within the same advance. A job that asks to be retried (a payment still pending)
// is not re-run within the advance: it waits for real time like any retry.
import type { JobQueue } from "../../lib/jobs";
import type { BusinessClock } from "./service";

/** More steps than this in one advance means something keeps rescheduling itself. */
const MAX_STEPS = 100_000;

let running: Promise<unknown> = Promise.resolve();

export interface AdvanceResult {
  now: Date;
  offsetMs: number;
  jobsRun: number;
}

export function advanceClock(clock: BusinessClock, jobs: JobQueue, seconds: number): Promise<AdvanceResult> {
  // One advance at a time per node: two overlapping ones would interleave their steps.
  const next = running.then(() => advance(clock, jobs, seconds));
  running = next.catch(() => undefined);
  return next;
}

async function advance(clock: BusinessClock, jobs: JobQueue, seconds: number): Promise<AdvanceResult> {
  await clock.load();
  const target = new Date(clock.nowMs() + seconds * 1000);
  const ran: number[] = [];
  for (let step = 0; step < MAX_STEPS; step++) {
    const due = await jobs.nextDueAt(target, ran);
    if (!due) break;
    if (due.getTime() > clock.nowMs()) await clock.moveTo(due.getTime());
    await runAllDue(jobs, ran);
  }
  await clock.moveTo(target.getTime());
  await runAllDue(jobs, ran);
  return { now: clock.now(), offsetMs: clock.offsetMs, jobsRun: ran.length };
}

async function runAllDue(jobs: JobQueue, ran: number[]): Promise<void> {
  for (;;) {
    const ids = await jobs.runDueExcept(ran);
    if (ids.length === 0) break;
    ran.push(...ids);
  }
  // A worker on this or another node may hold a due job: wait for it to finish.
  await jobs.settle();
}
