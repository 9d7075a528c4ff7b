// Quant endpoints: stop a running strategy (holdings sold at the bid, value back to
// available) and the fills of an order with the tick each executed at.
import { EarnOrder, EarnOrderIdBody, envelope, page, QuantFill, QuantFillQuery } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../../lib/envelope";
import { currentUser } from "../../../plugins/auth";
import type { QuantService } from "./service";

const security = [{ accessToken: [] }];
const tags = ["earn"];

export const quantRoutes: FastifyPluginAsyncZod<{ service: QuantService }> = async (app, { service }) => {
  app.post(
    "/api/prod/appProductOrder/stop",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Stop a running strategy: what it holds is sold at the bid (fee charged) and its value returns to available; it may be less than was put in",
        security,
        body: EarnOrderIdBody,
        response: { 200: envelope(EarnOrder) },
      },
    },
    async (request) => ok(await service.stop(currentUser(request).id, request.body.id, request.lang)),
  );

  app.get(
    "/api/prod/appProductOrder/fills",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Fills of one of my strategy orders, newest first, each with the bid/ask and time of its tick",
        security,
        querystring: QuantFillQuery,
        response: { 200: envelope(page(QuantFill)) },
      },
    },
    async (request) => ok(await service.fills(currentUser(request).id, request.query)),
  );
};
