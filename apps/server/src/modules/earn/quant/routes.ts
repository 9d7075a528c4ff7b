// Quant endpoints: stop a running strategy (holdings sold at the bid, value back to
// available) and the fills of an order with the tick each executed at.
import { earnEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../../lib/route";
import type { QuantService } from "./service";

export const quantRoutes: FastifyPluginAsyncZod<{ service: QuantService }> = async (app, { service }) => {
  route(app, E.stop, ({ user, body, request }) => service.stop(user.id, body.id, request.lang));
  route(app, E.fills, ({ user, query }) => service.fills(user.id, query));
};
