// The IEO module: `app.ieo` (service), the draw / expire / listing jobs on the business
// clock, and the customer and operator routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ieoOperatorRoutes } from "./operator-routes";
import { JOB_IEO_CLOSE, JOB_IEO_DRAW, JOB_IEO_EXPIRE, JOB_IEO_LIST } from "./projects";
import { ieoRoutes } from "./routes";
import { IeoService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    ieo: { service: IeoService };
  }
}

async function ieoPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "ieo" });
  const service = new IeoService({ db: app.database.db, clock: app.clock, market: app.market, bus: app.bus, log });
  app.decorate("ieo", { service });

  app.jobs.register<{ id: number }>(JOB_IEO_CLOSE, (job) => service.runClose(job.payload.id));
  app.jobs.register<{ id: number }>(JOB_IEO_DRAW, (job) => service.runDraw(job.payload.id));
  app.jobs.register<{ id: number }>(JOB_IEO_EXPIRE, (job) => service.runExpire(job.payload.id));
  // Alerts when it gives up: it delivers the tokens winners paid for.
  app.jobs.register<{ id: number }>(JOB_IEO_LIST, (job) => service.runList(job.payload.id), { alert: true });

  await app.register(ieoRoutes, { service });
  await app.register(ieoOperatorRoutes, { service });
}

export default fp(ieoPlugin, {
  name: "ieo",
  dependencies: ["database", "market", "auth", "jobs", "clock", "bus"],
});
