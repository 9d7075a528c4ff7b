// Demo trading account: balance and reset. Demo orders themselves go through the normal
// trading endpoints with `mode: "demo"` (e.g. contractPaths.create).
import { demoEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { type DemoDeps, getDemoBalance, getDemoHoldings, resetDemo } from "./service";

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DemoDeps = { db: app.database.db, market: app.market, bus: app.bus, parts: app.demo };

  route(app, E.balance, ({ user }) => getDemoBalance(deps, user.id));
  route(app, E.holdings, ({ user }) => getDemoHoldings(deps.db, user.id));
  route(app, E.reset, ({ user, body }) => resetDemo(deps, user.id, body));
};
