// Console endpoints of the customers module: the dashboard (every role) and the customer
// view (profile, balances, sessions, ledger history, trading), read-only except logging a
// customer out of a session. Composes users, KYC, wallet and trading for staff, so those
// modules need nothing from here or from each other for it.
import {
  BalanceLogRecord,
  CustomerDetail,
  CustomerIdQuery,
  CustomerLedgerQuery,
  CustomerListQuery,
  CustomerRecord,
  CustomerSessionRevokeBody,
  DashboardSummary,
  page,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import { revokeCustomerSession } from "../auth/service";
import { listBalanceLog } from "../wallet/service";
import { customerDetail, customerList, dashboardSummary, requireCustomer } from "./overview";
import { customerTradingRoutes, VIEWERS } from "./trading-routes";

const tags = ["operator"];

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/dashboard",
      auth: VIEWERS,
      tags,
      summary: "Queues at a glance, today's deposits and withdrawals, ledger balance check",
      result: DashboardSummary,
    },
    () => dashboardSummary(db),
  );

  await app.register(customerTradingRoutes);

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/customers/list",
      auth: VIEWERS,
      tags,
      summary: "Customers, newest first; search by id, username, e-mail or phone",
      query: CustomerListQuery,
      result: page(CustomerRecord),
    },
    ({ query }) => customerList(db, query),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/operator/customers/detail",
      auth: VIEWERS,
      tags,
      summary: "A customer's profile, balances and live sessions",
      query: CustomerIdQuery,
      result: CustomerDetail,
    },
    ({ query }) => customerDetail(db, app.wallet.rates, query.id),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/operator/customers/ledger",
      auth: VIEWERS,
      tags,
      summary: "A customer's balance log (read-only ledger history), newest first",
      query: CustomerLedgerQuery,
      result: page(BalanceLogRecord),
    },
    async ({ query: { id, ...query } }) => {
      await requireCustomer(db, id);
      return listBalanceLog(db, id, query);
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/operator/customers/sessions/revoke",
      auth: { roles: ["support"] },
      config: { auditTarget: "customer_session" },
      tags,
      summary: "Log a customer out of one session (e.g. a lost phone)",
      body: CustomerSessionRevokeBody,
      result: z.null(),
    },
    async ({ body }) => {
      if (!(await revokeCustomerSession(db, body.userId, body.sessionId))) throw notFound();
      return null;
    },
  );
};
