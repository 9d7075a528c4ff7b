// Customer earn endpoints (docs/contract.md "Earn"): products (public), buying, my orders,
// totals, one order with its incomes, incomes, early redemption.
import { earnEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { EarnService } from "./service";

export async function earnRoutes(app: FastifyInstance, { service }: { service: EarnService }) {
  route(app, E.products, ({ query, request }) => service.products(request.lang, query.type));
  route(app, E.product, ({ query, request }) => service.product(request.lang, query.id));
  route(app, E.debitBuy, ({ body, user, request }) => service.buy(user.id, body, "debit", request.lang));
  route(app, E.minerBuy, ({ body, user, request }) => service.buy(user.id, body, "miner", request.lang));
  route(app, E.orders, ({ query, user, request }) => service.listMy(user.id, query, request.lang));
  route(app, E.stat, ({ user, query }) => service.orderStat(user.id, query.type));
  route(app, E.order, ({ query, user, request }) => service.detail(user.id, query.id, request.lang));
  route(app, E.incomes, ({ query, user }) => service.incomes(user.id, query));
  route(app, E.redeem, ({ body, user, request }) => service.redeem(user.id, body.id, request.lang));
}
