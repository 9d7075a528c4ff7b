// Customer IEO endpoints (CONTRACT.md "IEO"): projects (public, with the caller's own
// summary when logged in), the published draw (public), apply (nothing charged), pay
// (winners, before payEnd) and my orders.
import {
  IeoApplyBody,
  IeoApplyResult,
  IeoDraw,
  IeoIdQuery,
  IeoOrder,
  IeoOrderListQuery,
  IeoPayBody,
  IeoPayResult,
  IeoProject,
  IeoProjectListQuery,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { IeoService } from "./service";

const tags = ["ieo"];
const P = "/api/prod";

export async function ieoRoutes(app: FastifyInstance, { service }: { service: IeoService }) {
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: `${P}/appProdIoe/listMy`,
      auth: "public",
      tags,
      summary: "IEO projects, newest first, with status from the business clock and seedHash (seed after the draw)",
      query: IeoProjectListQuery,
      result: z.array(IeoProject),
    },
    ({ query, request }) => service.projects(request.lang, request.user?.id ?? null, query),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProdIoe/detail`,
      auth: "public",
      tags,
      summary: "One IEO project with description, risk text and (logged in) my applied/won units",
      query: IeoIdQuery,
      result: IeoProject,
    },
    ({ query, request }) => service.project(query.id, request.lang, request.user?.id ?? null),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appProdIoe/draw`,
      auth: "public",
      tags,
      summary:
        "The published draw: seed, seedHash, algorithm, entries and winners, enough to recompute the result (409 before the draw)",
      query: IeoIdQuery,
      result: IeoDraw,
    },
    ({ query }) => service.draw(query.id),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appOrderIoe/apply`,
      auth: "user",
      tags,
      summary:
        "Apply for units during the apply window. Nothing is charged at apply time: winners pay after the draw. " +
        "Above maxPerCustomer (all my applications together) → 400; outside the window → 409; idempotent with requestId",
      body: IeoApplyBody,
      result: IeoApplyResult,
    },
    ({ body, request }) => service.apply(user(request), body),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/appOrderIoe/pay`,
      auth: "user",
      tags,
      summary:
        "Pay a won order (wonQuantity × drawPrice USDT from available) before payEnd; paying again charges nothing; " +
        "not won or past payEnd → 409, another's order → 404",
      body: IeoPayBody,
      result: IeoPayResult,
    },
    ({ body, request }) => service.pay(user(request), body.id),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/appOrderIoe/listMy`,
      auth: "user",
      tags,
      summary: "My IEO orders, newest first",
      query: IeoOrderListQuery,
      result: page(IeoOrder),
    },
    ({ query, request }) => service.orders(user(request), query, request.lang),
  );
}
