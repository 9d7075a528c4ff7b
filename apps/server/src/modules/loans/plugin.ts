// The loans module: `app.loans` (service and the pledge-loan settler), the daily interest run
// and the end-of-term job on the business clock, and the customer and operator routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerSettler } from "../settlement/service";
import { accrueDaily, accrueOne, JOB_LOAN_DUE, JOB_LOANS_DAILY } from "./accrual";
import { loanOperatorRoutes } from "./operator-routes";
import { loanRoutes } from "./routes";
import { LoansService } from "./service";
import { LoanSettler } from "./settler";

declare module "fastify" {
  interface FastifyInstance {
    loans: { service: LoansService; settler: LoanSettler };
  }
}

async function loansPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "loans" });
  const deps = { db: app.database.db, clock: app.clock, market: app.market, bus: app.bus, log };
  const service = new LoansService(deps);
  const settler = new LoanSettler(deps, {
    concurrency: app.database.kind === "postgres" ? 4 : 1,
    tickRetentionMinutes: app.config.marketTickRetentionMinutes,
  });
  registerSettler(app, settler);
  app.decorate("loans", { service, settler });

  app.jobs.daily(JOB_LOANS_DAILY, async (date) => {
    const loans = await accrueDaily(deps, date);
    if (loans > 0) log.info({ date, loans }, "loans: interest accrued");
  });
  // Alerts when it gives up: it settles a loan falling due (money owed back and forth).
  app.jobs.register<{ id: number }>(JOB_LOAN_DUE, (job) => accrueOne(deps, job.payload.id), { alert: true });

  await app.register(loanRoutes, { service });
  await app.register(loanOperatorRoutes, { service });
}

export default fp(loansPlugin, {
  name: "loans",
  dependencies: ["database", "market", "auth", "jobs", "clock", "settlement", "bus"],
});
