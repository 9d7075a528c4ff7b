// Customer IEO endpoints (docs/contract.md "IEO"): projects (public, with the caller's own
// summary when logged in), the published draw (public), apply (nothing charged), pay
// (winners, before payEnd) and my orders.
import { ieoEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { IeoService } from "./service";

export async function ieoRoutes(app: FastifyInstance, { service }: { service: IeoService }) {
  route(app, E.projectList, ({ query, user, request }) => service.projects(request.lang, user?.id ?? null, query));
  route(app, E.projectDetail, ({ query, user, request }) => service.project(query.id, request.lang, user?.id ?? null));
  route(app, E.draw, ({ query }) => service.draw(query.id));
  route(app, E.apply, ({ body, user }) => service.apply(user.id, body));
  route(app, E.pay, ({ body, user }) => service.pay(user.id, body.id));
  route(app, E.orderList, ({ query, user, request }) => service.orders(user.id, query, request.lang));
}
