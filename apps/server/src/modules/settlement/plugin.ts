// The settlement module: decorates `app.settlement` (the engine), starts competing for
// leadership when the app is ready and stops (settlers drained, lock released) on close.
// Settling modules register with `registerSettler(app, …)` from ./engine and declare
// `dependencies: ["settlement"]` in their fastify-plugin.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SettlementEngine } from "./engine";
import { settlementRoutes } from "./routes";

declare module "fastify" {
  interface FastifyInstance {
    settlement: SettlementEngine;
  }
}

export interface SettlementPluginOptions {
  /** How often a node that does not lead tries to take over (ms). */
  retryMs?: number;
}

async function settlementPlugin(app: FastifyInstance, opts: SettlementPluginOptions) {
  const engine = new SettlementEngine({
    database: app.database,
    market: app.market,
    log: app.log.child({ module: "settlement" }),
    ...(opts.retryMs ? { retryMs: opts.retryMs } : {}),
  });
  app.decorate("settlement", engine);
  app.addHook("onReady", async () => {
    await engine.start();
  });
  app.addHook("onClose", async () => {
    await engine.stop();
  });
  await app.register(settlementRoutes);
}

export default fp(settlementPlugin, { name: "settlement", dependencies: ["database", "market"] });
