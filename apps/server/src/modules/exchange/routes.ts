// Flash exchange endpoints (docs/contract.md "Money"): currencies, quote (shown before
// confirming), execute, records (/shanduiOrder) and one record.
import { exchangeEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { ExchangeService } from "./service";

export const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ExchangeService(app.database.db, app.market);

  route(app, E.currencies, () => service.currencies());
  route(app, E.quote, ({ user, query }) => service.quote(user.id, query));
  route(app, E.flashExchange, ({ user, body }) => service.execute(user.id, body));
  route(app, E.listMy, ({ user, query }) => service.list(user.id, query));
  route(app, E.detail, ({ user, params }) => service.detail(user.id, params.id));
};
