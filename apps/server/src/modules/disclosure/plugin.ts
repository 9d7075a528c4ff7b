// The truth about losses (issue 34 §1): `app.disclosure` (DisclosureService), the daily loss
// figure on the business clock (today's is due at start, so a fresh start computes it), and
// its routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { disclosureRoutes } from "./routes";
import { DisclosureService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    disclosure: DisclosureService;
  }
}

export const JOB_LOSS_RATE_DAILY = "disclosure.loss_rate.daily";

async function disclosurePlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "disclosure" });
  const service = new DisclosureService({
    db: app.database.db,
    clock: app.clock,
    usdtRate: (c) => app.market.usdtRate(c),
    minimumSample: app.config.lossRateMinSample,
  });
  app.decorate("disclosure", service);

  // One figure per business date, over the 12 months before its 00:00 UTC.
  app.jobs.daily(JOB_LOSS_RATE_DAILY, async (date) => {
    const figure = await service.computeFor(date);
    log.info({ date, products: figure.products }, "disclosure: loss rate computed");
  });

  await app.register(disclosureRoutes, { service });
}

export default fp(disclosurePlugin, {
  name: "disclosure",
  dependencies: ["database", "auth", "jobs", "clock", "market"],
});
