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
  envelope,
  page,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { revokeCustomerSession } from "../auth/service";
import { listBalanceLog } from "../wallet/balances";
import { customerDetail, customerList, dashboardSummary, requireCustomer } from "./overview";
import { customerTradingRoutes } from "./trading-routes";

const tags = ["operator"];
const security = [{ accessToken: [] }];

export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/operator/dashboard",
    {
      onRequest: app.requireRole("support", "compliance", "finance"),
      schema: {
        tags,
        summary: "Queues at a glance, today's deposits and withdrawals, ledger balance check",
        security,
        response: { 200: envelope(DashboardSummary) },
      },
    },
    async () => ok(await dashboardSummary(db)),
  );

  await app.register(customerTradingRoutes);

  const viewers = ["support", "compliance", "finance"] as const;

  app.get(
    "/api/operator/customers/list",
    {
      onRequest: app.requireRole(...viewers),
      schema: {
        tags,
        summary: "Customers, newest first; search by id, username, e-mail or phone",
        security,
        querystring: CustomerListQuery,
        response: { 200: envelope(page(CustomerRecord)) },
      },
    },
    async (request) => ok(await customerList(db, request.query)),
  );

  app.get(
    "/api/operator/customers/detail",
    {
      onRequest: app.requireRole(...viewers),
      schema: {
        tags,
        summary: "A customer's profile, balances and live sessions",
        security,
        querystring: CustomerIdQuery,
        response: { 200: envelope(CustomerDetail) },
      },
    },
    async (request) => ok(await customerDetail(db, app.wallet.rates, request.query.id)),
  );

  app.get(
    "/api/operator/customers/ledger",
    {
      onRequest: app.requireRole(...viewers),
      schema: {
        tags,
        summary: "A customer's balance log (read-only ledger history), newest first",
        security,
        querystring: CustomerLedgerQuery,
        response: { 200: envelope(page(BalanceLogRecord)) },
      },
    },
    async (request) => {
      const { id, ...query } = request.query;
      await requireCustomer(db, id);
      return ok(await listBalanceLog(db, id, query));
    },
  );

  app.post(
    "/api/operator/customers/sessions/revoke",
    {
      onRequest: app.requireRole("support"),
      config: { auditTarget: "customer_session" },
      schema: {
        tags,
        summary: "Log a customer out of one session (e.g. a lost phone)",
        security,
        body: CustomerSessionRevokeBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      if (!(await revokeCustomerSession(db, request.body.userId, request.body.sessionId))) throw notFound();
      return ok(null);
    },
  );
};
