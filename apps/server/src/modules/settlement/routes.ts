// Operator view of the settlement engine (is this node the leader, which settlers run, how
// far behind the recorded tick sequence they are).
import { settlementEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, E.status, async () => app.settlement.statusWithLag());
};
