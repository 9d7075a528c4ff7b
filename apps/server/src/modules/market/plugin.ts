// The market module: decorates `app.market` (service) and `app.marketHub` (websocket
// fan-out), registers the REST and websocket routes, starts the feed when the app is
// ready (MARKET_AUTOSTART) and stops everything on close. With REDIS_URL (several nodes)
// the feed runs on the one node that holds the feed leader lock (leader.ts); the others
// follow its ticks from the bus.
import { marketPaths } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { ok } from "../../lib/envelope";
import { createFeed, type MarketFeed, type SimSeed } from "./feeds";
import { FeedLeader } from "./leader";
import { marketOperatorRoutes } from "./operator-routes";
import { marketRoutes } from "./routes";
import { MarketService } from "./service";
import { type HubOptions, MarketHub, marketWebsocketRoutes } from "./websocket";

declare module "fastify" {
  interface FastifyInstance {
    market: MarketService;
    marketHub: MarketHub;
    feedLeader: FeedLeader | null;
  }
}

export interface MarketPluginOptions {
  /** Replace the configured feed (tests, bench). */
  feed?: { feed: MarketFeed; seed: SimSeed };
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
  const leader = app.config.redisUrl
    ? new FeedLeader({ database: app.database, market, log: app.log.child({ module: "market" }) })
    : null;
  app.decorate("feedLeader", leader);

  app.addHook("onReady", async () => {
    if (!app.config.marketAutostart) return;
    // SANDBOX=false: refuse the start (not just this node's feed) while a tradable symbol would be simulated.
    market.assertRealPrices();
    if (leader) leader.start();
    else await market.start();
  });
  app.addHook("onClose", async () => {
    hub.stop();
    await leader?.stop();
    await market.stop();
  });

  // Raw, not route(): its result has no documented shape (one would change the OpenAPI document).
  app.get(
    marketPaths.operatorFeed,
    {
      onRequest: app.requireRole("finance"),
      schema: {
        tags: ["operator"],
        summary: "The market feed on this node: single node, or feed leader / follower (REDIS_URL)",
        security: [{ accessToken: [] }],
      },
    },
    async () =>
      ok({
        mode: leader ? "multi-node" : "single",
        leader: leader ? leader.leading : market.running,
        terms: leader?.terms ?? 0,
        feedRunning: market.running,
      }),
  );

  await app.register(marketRoutes);
  await app.register(marketOperatorRoutes);
  await app.register(marketWebsocketRoutes, { hub });
}

export default fp(marketPlugin, { name: "market", dependencies: ["database", "bus", "websocket"] });
