// Automated strategies (earn quant): the runner (a settler of the settlement engine, run by
// the leader), the service behind the stop/fills routes, and the routes. Registered once by
// the earn module (or app.ts): `await app.register(quantPlugin)`.
import type { EarnOrder, Lang } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerSettler } from "../../settlement/service";
import type { EarnOrderRow } from "./engine";
import { quantRoutes } from "./routes";
import { QuantRunner } from "./runner";
import { presentQuantOrder, QuantService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    quant: { runner: QuantRunner; service: QuantService };
  }
}

export interface QuantPluginOptions {
  /** How the earn module presents an order (its listMy record); default presentQuantOrder. */
  present?: (row: EarnOrderRow, lang: Lang) => Promise<EarnOrder>;
}

async function quantPlugin(app: FastifyInstance, options: QuantPluginOptions) {
  const log = app.log.child({ module: "earn-quant" });
  const db = app.database.db;
  // Fills, stops and "today" are on the business clock.
  const now = () => app.clock.now();
  const runner = new QuantRunner(db, app.market, log, {
    concurrency: app.database.kind === "postgres" ? 4 : 1,
    now,
  });
  registerSettler(app, runner);
  const service = new QuantService({
    db,
    market: app.market,
    now,
    // The same record as listMy when the earn module is there.
    present:
      options.present ??
      (async (row, lang) => {
        if (!app.hasDecorator("earn")) return presentQuantOrder({ db, market: app.market, now }, row, lang);
        const [record] = await app.earn.views([row], lang);
        if (!record) throw new Error(`earn order ${row.id} has no record`);
        return record;
      }),
    onStopped: (id) => runner.forget(id),
  });
  app.decorate("quant", { runner, service });
  await app.register(quantRoutes, { service });
}

export default fp(quantPlugin, {
  name: "earn-quant",
  dependencies: ["database", "clock", "market", "auth", "settlement"],
});
