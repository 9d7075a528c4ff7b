// Spot endpoints: place market/limit orders, cancel, my open orders and fills, settings.
import { spotEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import type { SpotService } from "./service";

export const spotRoutes: FastifyPluginAsyncZod<{ service: SpotService }> = async (app, { service }) => {
  route(app, E.settings, () => service.settings());
  route(app, E.create, ({ user, body }) => service.place(user.id, body));
  route(app, E.cancel, async ({ user, params }) => {
    const order = await service.cancel(user.id, params.id);
    app.spotSettler.forget(order.id, order.symbol);
    return order;
  });
  route(app, E.listMy, ({ user, query }) => service.listMy(user.id, query));
  route(app, E.detail, ({ user, params }) => service.detail(user.id, params.id));
};
