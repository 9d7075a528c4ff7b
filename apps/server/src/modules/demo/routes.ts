// Demo trading account: balance and reset. Demo orders themselves go through the normal
// trading endpoints with `mode: "demo"` (e.g. /api/trade/appTradePositions/create).
import { DemoBalance, DemoHolding, DemoResetBody, DemoResetResult } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { type DemoDeps, getDemoBalance, getDemoHoldings, resetDemo } from "./service";

const tags = ["demo"];

export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: DemoDeps = { db: app.database.db, market: app.market, bus: app.bus };

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appDemoAccount/balance",
      auth: "user",
      tags,
      summary: "My virtual (demo) balance; the first call grants 10,000 VUSDT",
      result: DemoBalance,
    },
    ({ request }) => getDemoBalance(deps, currentUser(request).id),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appDemoAccount/holdings",
      auth: "user",
      tags,
      summary: "Every virtual currency of my demo account (VUSDT and what demo spot bought with it)",
      result: z.array(DemoHolding),
    },
    ({ request }) => getDemoHoldings(deps.db, currentUser(request).id),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/trade/appDemoAccount/reset",
      auth: "user",
      tags,
      summary:
        "Close open demo positions at market and restore the demo balance to 10,000 VUSDT " +
        "(clientRequestId makes a retry a no-op)",
      body: DemoResetBody,
      result: DemoResetResult,
    },
    ({ request, body }) => resetDemo(deps, currentUser(request).id, body),
  );
};
