// Quant endpoints: stop a running strategy (holdings sold at the bid, value back to
// available) and the fills of an order with the tick each executed at.
import { EarnOrder, EarnOrderIdBody, page, QuantFill, QuantFillQuery } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../../lib/route";
import { currentUser } from "../../../plugins/auth";
import type { QuantService } from "./service";

const tags = ["earn"];

export const quantRoutes: FastifyPluginAsyncZod<{ service: QuantService }> = async (app, { service }) => {
  route(
    app,
    {
      method: "POST",
      url: "/api/prod/appProductOrder/stop",
      auth: "user",
      tags,
      summary:
        "Stop a running strategy: what it holds is sold at the bid (fee charged) and its value returns to available; it may be less than was put in",
      body: EarnOrderIdBody,
      result: EarnOrder,
    },
    ({ request, body }) => service.stop(currentUser(request).id, body.id, request.lang),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/prod/appProductOrder/fills",
      auth: "user",
      tags,
      summary: "Fills of one of my strategy orders, newest first, each with the bid/ask and time of its tick",
      query: QuantFillQuery,
      result: page(QuantFill),
    },
    ({ request, query }) => service.fills(currentUser(request).id, query),
  );
};
