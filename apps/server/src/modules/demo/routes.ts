// Demo trading account: balance and reset. Demo orders themselves go through the normal
// trading endpoints with `mode: "demo"` (e.g. /api/trade/appTradePositions/create).
import { DemoBalance, DemoHolding, DemoResetBody, DemoResetResult, envelope } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import { type DemoDeps, getDemoBalance, getDemoHoldings, resetDemo } from "./service";

const security = [{ accessToken: [] }];
const tags = ["demo"];

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DemoDeps = { db: app.database.db, market: app.market, bus: app.bus };

  app.get(
    "/api/trade/appDemoAccount/balance",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My virtual (demo) balance; the first call grants 10,000 VUSDT",
        security,
        response: { 200: envelope(DemoBalance) },
      },
    },
    async (request) => ok(await getDemoBalance(deps, currentUser(request).id)),
  );

  app.get(
    "/api/trade/appDemoAccount/holdings",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Every virtual currency of my demo account (VUSDT and what demo spot bought with it)",
        security,
        response: { 200: envelope(z.array(DemoHolding)) },
      },
    },
    async (request) => ok(await getDemoHoldings(deps.db, currentUser(request).id)),
  );

  app.post(
    "/api/trade/appDemoAccount/reset",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Close open demo positions at market and restore the demo balance to 10,000 VUSDT " +
          "(clientRequestId makes a retry a no-op)",
        security,
        body: DemoResetBody,
        response: { 200: envelope(DemoResetResult) },
      },
    },
    async (request) => ok(await resetDemo(deps, currentUser(request).id, request.body)),
  );
};
