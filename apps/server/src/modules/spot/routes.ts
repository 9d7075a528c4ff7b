// Spot endpoints: place market/limit orders, cancel, my open orders and fills, settings.
import { envelope, IdParam, page, SpotListQuery, SpotOrder, SpotOrderBody, SpotSettings } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import type { SpotService } from "./service";

const security = [{ accessToken: [] }];
const tags = ["spot"];

export const spotRoutes: FastifyPluginAsyncZod<{ service: SpotService }> = async (app, { service }) => {
  app.get(
    "/api/trade/appSpotOrder/settings",
    {
      schema: {
        tags,
        summary: "Fee rate, minimum order value and the tradable symbols with their precision",
        response: { 200: envelope(SpotSettings) },
      },
    },
    async () => ok(await service.settings()),
  );

  app.post(
    "/api/trade/appSpotOrder/create",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Market order (fills at once at the ask/bid) or limit order (holds funds until it fills or is cancelled)",
        security,
        body: SpotOrderBody,
        response: { 200: envelope(SpotOrder) },
      },
    },
    async (request) => ok(await service.place(currentUser(request).id, request.body)),
  );

  app.post(
    "/api/trade/appSpotOrder/cancel/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Cancel an open limit order: the held funds are released",
        security,
        params: IdParam,
        response: { 200: envelope(SpotOrder) },
      },
    },
    async (request) => {
      const order = await service.cancel(currentUser(request).id, request.params.id);
      app.spotSettler.forget(order.id, order.symbol);
      return ok(order);
    },
  );

  app.get(
    "/api/trade/appSpotOrder/listMy",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My spot orders, newest first: status=open for open orders, status=filled for fills",
        security,
        querystring: SpotListQuery,
        response: { 200: envelope(page(SpotOrder)) },
      },
    },
    async (request) => ok(await service.listMy(currentUser(request).id, request.query)),
  );

  app.get(
    "/api/trade/appSpotOrder/detail/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of my spot orders",
        security,
        params: IdParam,
        response: { 200: envelope(SpotOrder) },
      },
    },
    async (request) => ok(await service.detail(currentUser(request).id, request.params.id)),
  );
};
