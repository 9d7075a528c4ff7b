// Operator view of the settlement engine (is this node the leader, which settlers run).
import { envelope, SettlementStatus } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/operator/settlement/status",
    {
      onRequest: app.requireRole("finance"),
      schema: {
        tags: ["operator"],
        summary: "Settlement engine on this node: leadership, settlers, ticks seen",
        security: [{ accessToken: [] }],
        response: { 200: envelope(SettlementStatus) },
      },
    },
    async () => ok(app.settlement.status()),
  );
};
