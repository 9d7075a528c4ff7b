// Background jobs that gave up (issue "Money that cannot be gamed", item 11): a job that
// failed its last attempt goes to the dead-letter list, which finance and admin see in the
// console and can run again (audit-logged). Jobs that return money to customers (earn
// principal at term end, IEO token delivery, loans falling due) raise an alert when they
// land there.
import { z } from "zod";
import { IsoDate, PageQuery } from "./common";

export const DeadJob = z.object({
  id: z.number().int(),
  /** The job's kind, e.g. "earn.end", "ieo.list", "loans.due". */
  name: z.string(),
  /** Its business key, e.g. "earn-end:42". */
  key: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The error of the last attempt. */
  lastError: z.string().nullable(),
  /** When it gave up. */
  failedAt: IsoDate.nullable(),
  /** Business time it was last due. */
  runAt: IsoDate,
  /** It returns money to customers: its dead letter is an alert. */
  alert: z.boolean(),
  /** How many times staff ran it again. */
  reruns: z.number().int(),
});
export type DeadJob = z.infer<typeof DeadJob>;

export const DeadJobListQuery = PageQuery.extend({
  /** Only the alerting ones (true) or only the others (false). */
  alert: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
});
export type DeadJobListQuery = z.infer<typeof DeadJobListQuery>;

export const DeadJobPage = z.object({
  records: z.array(DeadJob),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  /** Dead letters that alert, in the whole list. */
  alerts: z.number().int(),
});
export type DeadJobPage = z.infer<typeof DeadJobPage>;

export const JobRerunBody = z.object({ id: z.coerce.number().int().positive() });
export type JobRerunBody = z.infer<typeof JobRerunBody>;

/** The job after the re-run: done, pending again (it asked to wait) or failed again (back in the list). */
export const JobRerunResult = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  status: z.enum(["pending", "running", "done", "failed"]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  reruns: z.number().int(),
});
export type JobRerunResult = z.infer<typeof JobRerunResult>;

/*
 * Operator endpoints (finance, admin):
 *   GET  /api/operator/jobs/dead?pageNo&pageSize&alert → DeadJobPage (newest failure first)
 *   POST /api/operator/jobs/rerun  JobRerunBody → JobRerunResult (409 when the job is not in
 *        the dead-letter list, e.g. already re-run; 404 unknown id). Audit-logged.
 */
