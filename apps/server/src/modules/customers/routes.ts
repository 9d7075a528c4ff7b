// Console endpoints of the customers module: the dashboard (every role) and the customer
// view (profile, balances, sessions, ledger history, trading), read-only except logging a
// customer out of a session. Composes users, KYC, wallet and trading for staff, so those
// modules need nothing from here or from each other for it.
import { customerEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import { revokeCustomerSession } from "../auth/service";
import { listBalanceLog } from "../wallet/service";
import { customerDetail, customerList, dashboardSummary, requireCustomer } from "./overview";
import { customerTradingRoutes } from "./trading-routes";

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(app, E.dashboard, () => dashboardSummary(db));

  await app.register(customerTradingRoutes);

  route(app, E.list, ({ query }) => customerList(db, query));
  route(app, E.detail, ({ query }) => customerDetail(db, app.wallet.rates, query.id));
  route(app, E.ledger, async ({ query: { id, ...query } }) => {
    await requireCustomer(db, id);
    return listBalanceLog(db, id, query, { group: false }); // operators see each side
  });
  route(
    app,
    E.revokeSession,
    async ({ body }) => {
      if (!(await revokeCustomerSession(db, body.userId, body.sessionId))) throw notFound();
      app.bus.publish("access.revoked", { userId: body.userId });
      return null;
    },
    { config: { auditTarget: "customer_session" } },
  );
};
