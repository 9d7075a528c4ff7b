// Health, server time and the public settings the app reads at start.
import { envelope, Health, PublicSettings, ServerTime } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { route } from "../../lib/route";
import { getSysSet } from "../settings/service";

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
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

  route(
    app,
    {
      method: "GET",
      url: "/api/sys/time",
      auth: "public",
      tags: ["system"],
      summary: "Server time",
      result: ServerTime,
    },
    async () => {
      const now = new Date();
      return { ts: now.getTime(), iso: now.toISOString() };
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/sys/settings/public",
      auth: "public",
      tags: ["system"],
      summary: "Settings the app reads at start",
      result: PublicSettings,
    },
    async () => ({
      sysSet: await getSysSet(app.database.db),
      sandbox: app.config.sandbox,
      marketFeed: app.config.marketFeed,
    }),
  );
};
