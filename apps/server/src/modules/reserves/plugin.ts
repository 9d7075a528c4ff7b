// The proof of reserves module: `app.reserves` (ReserveService), the daily proof on the
// business clock, and its routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { reserveRoutes } from "./routes";
import { ReserveService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    reserves: ReserveService;
  }
}

export const JOB_PROOF_DAILY = "reserves.proof.daily";

async function reservesPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "reserves" });
  const service = new ReserveService({
    db: app.database.db,
    now: () => app.clock.now(),
    chain: app.config.chainEvm,
  });
  app.decorate("reserves", service);

  // One proof per business date, made at its 00:00 UTC.
  app.jobs.daily(JOB_PROOF_DAILY, async (date) => {
    const proof = await service.make({ businessDate: date });
    log.info(
      { date, id: proof.id, root: proof.root, block: proof.block, leaves: proof.leaves },
      "reserves: proof made",
    );
    const pruned = await service.prune();
    if (pruned.length > 0) log.info({ pruned }, "reserves: trees of old proofs pruned");
  });

  await app.register(reserveRoutes, { service });
}

export default fp(reservesPlugin, {
  name: "reserves",
  dependencies: ["database", "auth", "jobs", "clock"],
});
