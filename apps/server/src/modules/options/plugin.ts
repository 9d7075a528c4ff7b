// The options module: the service (decorated as `app.optionService`), its settler
// (`app.optionSettler`, registered with the settlement engine, which runs it on the
// leader), the demo-reset step, and the routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerSettler } from "../settlement/service";
import { optionRoutes } from "./routes";
import { cancelOpenDemoOptions, OptionsService } from "./service";
import { OptionSettler } from "./settler";

declare module "fastify" {
  interface FastifyInstance {
    optionService: OptionsService;
    optionSettler: OptionSettler;
  }
}

async function optionsPlugin(app: FastifyInstance) {
  const log = app.log.child({ module: "options" });
  let settler: OptionSettler | null = null;
  const service = new OptionsService({
    database: app.database,
    market: app.market,
    config: app.config,
    log,
    onNewOrder: (order) => settler?.track(order),
    onSettled: ({ order, price, payout }) =>
      app.bus.publish("options.settled", {
        userId: order.userId,
        orderId: order.id,
        symbol: order.symbol,
        price,
        payout,
        currency: order.currency,
      }),
  });
  settler = new OptionSettler(service, log, { concurrency: app.database.kind === "postgres" ? 4 : 1 });
  registerSettler(app, settler);
  app.demo.registerResetStep("options", async (tx, userId) => {
    await cancelOpenDemoOptions(tx, userId);
    return undefined;
  });
  app.decorate("optionService", service);
  app.decorate("optionSettler", settler);
  await app.register(optionRoutes, { service });
}

export default fp(optionsPlugin, {
  name: "options",
  dependencies: ["database", "market", "auth", "settlement", "demo"],
});
