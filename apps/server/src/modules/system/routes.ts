// Health, server time and the public settings the app reads at start.
import { systemEndpoints as E, envelope, Health, systemPaths } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { route } from "../../lib/route";
import { getSysSet } from "../settings/service";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  // Stays a raw route: besides the envelope it answers a top-level `status` (load balancers), unlimited.
  app.get(
    systemPaths.health,
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary: "Ready once migrations and seed data are done",
        response: { 200: envelope(Health).extend({ status: z.literal("ok") }) },
      },
    },
    async () => ({ ...ok({ status: "ok" as const }), status: "ok" as const }),
  );

  route(app, E.time, async () => {
    const now = new Date();
    return { ts: now.getTime(), iso: now.toISOString() };
  });

  route(app, E.publicSettings, async () => ({
    sysSet: await getSysSet(app.database.db),
    sandbox: app.config.sandbox,
    marketFeed: app.config.marketFeed,
  }));
};
