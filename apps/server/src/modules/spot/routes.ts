// Spot endpoints: place market/limit orders, cancel, my open orders and fills, settings.
import { IdParam, page, SpotListQuery, SpotOrder, SpotOrderBody, SpotSettings } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { SpotService } from "./service";

const tags = ["spot"];

export const spotRoutes: FastifyPluginAsyncZod<{ service: SpotService }> = async (app, { service }) => {
  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSpotOrder/settings",
      auth: "public",
      tags,
      summary: "Fee rate, minimum order value and the tradable symbols with their precision",
      result: SpotSettings,
    },
    () => service.settings(),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/trade/appSpotOrder/create",
      auth: "user",
      tags,
      summary:
        "Market order (fills at once at the ask/bid) or limit order (holds funds until it fills or is cancelled)",
      body: SpotOrderBody,
      result: SpotOrder,
    },
    ({ request, body }) => service.place(currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/trade/appSpotOrder/cancel/:id",
      auth: "user",
      tags,
      summary: "Cancel an open limit order: the held funds are released",
      params: IdParam,
      result: SpotOrder,
    },
    async ({ request, params }) => {
      const order = await service.cancel(currentUser(request).id, params.id);
      app.spotSettler.forget(order.id, order.symbol);
      return order;
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSpotOrder/listMy",
      auth: "user",
      tags,
      summary: "My spot orders, newest first: status=open for open orders, status=filled for fills",
      query: SpotListQuery,
      result: page(SpotOrder),
    },
    ({ request, query }) => service.listMy(currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSpotOrder/detail/:id",
      auth: "user",
      tags,
      summary: "One of my spot orders",
      params: IdParam,
      result: SpotOrder,
    },
    ({ request, params }) => service.detail(currentUser(request).id, params.id),
  );
};
