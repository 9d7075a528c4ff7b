// The dead-letter list of background jobs (issue "Money that cannot be gamed", item 11):
// finance and admin see every job that failed its last attempt — the ones that return money
// to customers flagged as alerts — and run one again once its cause is fixed. A re-run is a
// staff change: audit-logged (target "job") like every other. The queue itself is lib/jobs.ts.
import { jobEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { conflict, notFound } from "../../lib/errors";
import { listDeadJobs } from "../../lib/jobs";
import { route } from "../../lib/route";

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, E.deadList, ({ query }) => listDeadJobs(app.database.db, query));
  route(
    app,
    E.rerun,
    async ({ body }) => {
      const job = await app.jobs.rerun(body.id);
      if (job === undefined) throw notFound("jobNotFound", { id: body.id });
      if (job === null) throw conflict("jobNotDeadLettered", { id: body.id });
      return {
        id: job.id,
        name: job.name,
        key: job.key,
        status: job.status,
        attempts: job.attempts,
        lastError: job.lastError,
        reruns: job.reruns,
      };
    },
    { config: { auditTarget: "job" } },
  );
};
