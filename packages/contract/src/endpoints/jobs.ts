// The dead-letter list of background jobs (operator): every job that failed its last
// attempt, and running one again (audit-logged, target "job").
import { endpoints } from "../endpoint";
import { DeadJobListQuery, DeadJobPage, JobRerunBody, JobRerunResult } from "../jobs";
import { jobPaths as P } from "../paths/jobs";

const tags = ["operator"];

export const jobEndpoints = endpoints({
  deadList: {
    method: "GET",
    path: P.deadList,
    auth: { roles: ["finance"] },
    tags,
    summary: "Jobs that failed their last attempt (newest first); alert = it returns money to customers",
    query: DeadJobListQuery,
    result: DeadJobPage,
  },
  rerun: {
    method: "POST",
    path: P.rerun,
    auth: { roles: ["finance"] },
    tags,
    summary: "Run a dead-lettered job again now (fresh attempts); answers its state after the run",
    body: JobRerunBody,
    result: JobRerunResult,
  },
});
