// The market module: decorates `app.market` (service) and `app.marketHub` (websocket
// fan-out), registers the REST and websocket routes, starts the feed when the app is
// ready (MARKET_AUTOSTART) and stops everything on close.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createFeed, type MarketFeed } from "./feeds";
import { marketRoutes } from "./routes";
import { MarketService } from "./service";
import { type HubOptions, MarketHub, marketWebsocketRoutes } from "./websocket";

declare module "fastify" {
  interface FastifyInstance {
    market: MarketService;
    marketHub: MarketHub;
  }
}

export interface MarketPluginOptions {
  /** Replace the configured feed (tests, bench). */
  feed?: { feed: MarketFeed; seed: number };
  hub?: HubOptions;
}

async function marketPlugin(app: FastifyInstance, opts: MarketPluginOptions) {
  const { feed, seed } = opts.feed ?? createFeed(app.config);
  const market = new MarketService({
    database: app.database,
    bus: app.bus,
    config: app.config,
    log: app.log.child({ module: "market" }),
    feed,
    seed,
  });
  await market.load();
  const hub = new MarketHub(market, opts.hub);
  app.decorate("market", market);
  app.decorate("marketHub", hub);

  app.addHook("onReady", async () => {
    if (app.config.marketAutostart) await market.start();
  });
  app.addHook("onClose", async () => {
    hub.stop();
    await market.stop();
  });

  await app.register(marketRoutes);
  await app.register(marketWebsocketRoutes, { hub });
}

export default fp(marketPlugin, { name: "market", dependencies: ["database", "bus", "websocket"] });
