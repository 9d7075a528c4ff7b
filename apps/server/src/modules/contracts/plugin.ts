// The contracts (futures) module: routes, and the futures settler registered with the
// settlement engine (`app.futures` exposes it for tests, the bench and the status view).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerSettler } from "../settlement/service";
import { contractRoutes } from "./routes";
import { closeAllAtMarket, getFuturesEquity, publishClosed } from "./service";
import { FuturesSettler } from "./settler";

declare module "fastify" {
  interface FastifyInstance {
    futures: { settler: FuturesSettler };
  }
}

async function contractsPlugin(app: FastifyInstance) {
  const settler = new FuturesSettler(
    { db: app.database.db, market: app.market, bus: app.bus, log: app.log.child({ module: "futures" }) },
    {
      concurrency: app.database.kind === "postgres" ? 4 : 1,
      tickRetentionMinutes: app.config.marketTickRetentionMinutes,
      reconcileMs: app.config.settlementReconcileMs,
    },
  );
  registerSettler(app, settler);
  // A demo reset closes the open demo positions at market; the demo balance counts them.
  app.demo.registerResetStep("futures", async (tx, userId, deps) => {
    const closed = await closeAllAtMarket(deps, tx, userId, "demo");
    return { closedPositions: closed.length, afterCommit: () => publishClosed(deps, closed) };
  });
  app.demo.registerEquitySource("futures", (deps, userId) => getFuturesEquity(deps.db, deps.market, userId, "demo"));
  app.decorate("futures", { settler });
  await app.register(contractRoutes);
}

export default fp(contractsPlugin, {
  name: "contracts",
  dependencies: ["database", "market", "bus", "settlement", "demo"],
});
