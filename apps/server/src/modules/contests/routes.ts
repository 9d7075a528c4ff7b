// Customer contest endpoints (docs/contract.md "Contests", pinned) plus my contest account
// for the contest trading view. list/detail/ranking are public (with "mine" when signed in).
import { contestEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { ContestsService } from "./service";

export async function contestRoutes(app: FastifyInstance, { service }: { service: ContestsService }) {
  route(app, E.list, ({ query, user, request }) => service.list(user?.id ?? null, query, request.lang));
  route(app, E.detail, ({ query, user, request }) => service.detail(user?.id ?? null, query.id, request.lang));
  route(app, E.join, ({ body, user }) => service.join(user.id, body.id));
  route(app, E.exit, ({ body, user }) => service.exit(user.id, body.id));
  route(app, E.myEntries, ({ query, user, request }) => service.myEntries(user.id, query, request.lang));
  route(app, E.ranking, ({ query, user }) => service.ranking(user?.id ?? null, query));
  route(app, E.account, ({ query, user }) => service.account(user.id, query.id));
}
