// The earn module: `app.earn` (EarnService), its scheduled jobs on the business clock (the
// daily income run, each order's term end, debt loan starts and maturities) and its routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { accrueDaily, endOrder, JOB_EARN_DAILY, PRICE_WAIT_RETRY_MS } from "./accrual";
import { debtDue, JOB_DEBT_DUE, JOB_DEBT_START, startDebt } from "./debt/claims";
import { earnOperatorRoutes } from "./operator-routes";
import { JOB_EARN_END } from "./orders";
import { quantHooks, quantPlugin, snapshotQuantValues } from "./quant";
import { earnRoutes } from "./routes";
import { EarnService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    earn: EarnService;
  }
}

async function earnPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "earn" });
  const deps = {
    db: app.database.db,
    clock: app.clock,
    market: app.market,
    quant: quantHooks({ market: app.market, clock: app.clock }),
  };
  const service = new EarnService(deps);
  app.decorate("earn", service);

  app.jobs.daily(JOB_EARN_DAILY, async (date) => {
    // Two partitions on PostgreSQL (database and Node work at once); PGlite has one connection.
    const { paid, waiting } = await accrueDaily(deps, date, app.database.kind === "postgres" ? 2 : 1);
    if (paid > 0) log.info({ date, paid }, "earn: daily income paid");
    // Strategies: the value at 00:00 UTC, from which "today's income" is measured.
    await snapshotQuantValues(deps.db, deps.market, date);
    // Mining dates whose day has no recorded close yet: run again (not counted as a failure).
    if (waiting > 0) {
      log.warn({ date, waiting }, "earn: mining output waits for the day's recorded BTCUSDT close");
      return { retryInMs: PRICE_WAIT_RETRY_MS };
    }
    return undefined;
  });
  // Alerts when it gives up: it returns customers' principal.
  app.jobs.register<{ id: number }>(
    JOB_EARN_END,
    async (job) => {
      const waiting = await endOrder(deps, job.payload.id);
      if (waiting) return waiting;
      // The inbox follows ended orders on the bus (after the end committed).
      const ended = await service.endedOrder(job.payload.id);
      if (ended) app.bus.publish("earn.order_ended", ended);
      return undefined;
    },
    { alert: true },
  );
  app.jobs.register<{ id: number }>(JOB_DEBT_START, (job) => startDebt(deps.db, job.payload.id));
  app.jobs.register<{ id: number }>(JOB_DEBT_DUE, (job) => debtDue(deps.db, job.payload.id));

  await app.register(earnRoutes, { service });
  await app.register(earnOperatorRoutes, { service });
  // Automated strategies: the runner (a settler), POST …/stop and GET …/fills.
  await app.register(quantPlugin);
}

export default fp(earnPlugin, {
  name: "earn",
  dependencies: ["database", "market", "auth", "jobs", "clock", "settlement"],
});
