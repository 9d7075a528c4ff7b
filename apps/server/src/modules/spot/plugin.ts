// The spot module: the service (`app.spotService`), its settler (`app.spotSettler`,
// registered with the settlement engine), the demo-reset step, and the routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerSettler } from "../settlement/service";
import { startOrderExpiry } from "./expiry";
import { spotRoutes } from "./routes";
import { resetDemoSpot, SpotService } from "./service";
import { SpotSettler } from "./settler";

declare module "fastify" {
  interface FastifyInstance {
    spotService: SpotService;
    spotSettler: SpotSettler;
  }
}

async function spotPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "spot" });
  let settler: SpotSettler | null = null;
  const service = new SpotService({
    database: app.database,
    market: app.market,
    onNewLimitOrder: (order) => settler?.track(order),
    tradeModes: app.tradeModes,
  });
  settler = new SpotSettler(service, app.market, log, { concurrency: app.database.kind === "postgres" ? 4 : 1 });
  registerSettler(app, settler);
  app.demo.registerResetStep("spot", async (tx, userId) => {
    await resetDemoSpot(tx, userId);
    return undefined;
  });
  app.decorate("spotService", service);
  app.decorate("spotSettler", settler);
  // Migrations have run by ready (the OpenAPI generator builds the app on an empty database).
  let stopExpiry: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    const [table] = await app.database.query<{ t: string | null }>("SELECT to_regclass('spot_orders') AS t");
    if (table?.t) {
      stopExpiry = startOrderExpiry(app.database.db, app.config.spotOrderMaxAgeDays * 86_400_000, log);
    }
  });
  app.addHook("onClose", async () => {
    await stopExpiry?.();
  });
  await app.register(spotRoutes, { service });
}

export default fp(spotPlugin, { name: "spot", dependencies: ["database", "market", "auth", "settlement", "demo"] });
