// The public loss figure and the caller's own results (issue 34 §1).
import { disclosureEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import type { DisclosureService } from "./service";

export const disclosureRoutes: FastifyPluginAsync<{ service: DisclosureService }> = async (app, { service }) => {
  route(app, E.lossRate, () => service.latest());
  route(app, E.myResults, ({ query, user }) => service.myResults(user.id, query.months));
};
