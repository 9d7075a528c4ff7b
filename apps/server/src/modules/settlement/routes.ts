// Operator view of the settlement engine (is this node the leader, which settlers run).
import { SettlementStatus } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    {
      method: "GET",
      url: "/api/operator/settlement/status",
      auth: { roles: ["finance"] },
      tags: ["operator"],
      summary: "Settlement engine on this node: leadership, settlers, ticks seen",
      result: SettlementStatus,
    },
    async () => app.settlement.status(),
  );
};
