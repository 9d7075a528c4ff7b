// Console endpoints of the staff module: staff accounts and sessions (admin), the audit
// log and its verification (admin), the dashboard (every role) and the customer view.
import {
  AuditQuery,
  AuditRecord,
  AuditVerification,
  BalanceLogRecord,
  CustomerDetail,
  CustomerIdQuery,
  CustomerLedgerQuery,
  CustomerListQuery,
  CustomerRecord,
  CustomerSessionRevokeBody,
  DashboardSummary,
  envelope,
  IdBody,
  page,
  StaffCreateBody,
  StaffListQuery,
  StaffRecord,
  StaffSessionQuery,
  StaffSessionRecord,
  StaffUpdateBody,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { revokeCustomerSession } from "../auth/service";
import { listBalanceLog } from "../wallet/balances";
import { createStaff, getStaffRecord, listStaff, updateStaff } from "./accounts";
import { listAudit, verifyAuditChain } from "./audit";
import { customerTradingRoutes } from "./customer-trading-routes";
import { customerDetail, customerList, dashboardSummary, requireCustomer } from "./overview";
import { currentStaff } from "./plugin";
import { listStaffSessions, revokeStaffSession } from "./sessions";

const tags = ["operator"];
const security = [{ accessToken: [] }];

export const staffOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
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

  // ---------------------------------------------------------------- staff accounts

  app.get(
    "/api/operator/staff/list",
    {
      onRequest: app.requireRole("admin"),
      schema: {
        tags,
        summary: "Staff accounts",
        security,
        querystring: StaffListQuery,
        response: { 200: envelope(page(StaffRecord)) },
      },
    },
    async (request) => ok(await listStaff(db, request.query)),
  );

  app.post(
    "/api/operator/staff/create",
    {
      onRequest: app.requireRole("admin"),
      config: { auditTarget: "staff" },
      schema: {
        tags,
        summary: "Create a staff account (the authenticator is enrolled at its first login)",
        security,
        body: StaffCreateBody,
        response: { 200: envelope(StaffRecord) },
      },
    },
    async (request) => ok(await createStaff(db, currentStaff(request).id, request.body)),
  );

  app.post(
    "/api/operator/staff/update",
    {
      onRequest: app.requireRole("admin"),
      config: {
        auditTarget: "staff",
        auditBefore: (request) => getStaffRecord(db, (request.body as { id: number }).id),
      },
      schema: {
        tags,
        summary: "Change a staff account's name, role, password, authenticator or disable it (ends its sessions)",
        security,
        body: StaffUpdateBody,
        response: { 200: envelope(StaffRecord) },
      },
    },
    async (request) => ok(await updateStaff(db, currentStaff(request).id, request.body)),
  );

  app.get(
    "/api/operator/staff/sessions",
    {
      onRequest: app.requireRole("admin"),
      schema: {
        tags,
        summary: "Live staff sessions (all staff, or one)",
        security,
        querystring: StaffSessionQuery,
        response: { 200: envelope(page(StaffSessionRecord)) },
      },
    },
    async (request) => ok(await listStaffSessions(db, request.query, currentStaff(request).sessionId)),
  );

  app.post(
    "/api/operator/staff/sessions/revoke",
    {
      onRequest: app.requireRole("admin"),
      config: { auditTarget: "staff_session" },
      schema: { tags, summary: "End a staff session", security, body: IdBody, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      await revokeStaffSession(db, request.body.id, currentStaff(request).id);
      return ok(null);
    },
  );

  // ---------------------------------------------------------------- audit log

  app.get(
    "/api/operator/audit/list",
    {
      onRequest: app.requireRole("admin"),
      schema: {
        tags,
        summary: "Audit log of staff actions, newest first",
        security,
        querystring: AuditQuery,
        response: { 200: envelope(page(AuditRecord)) },
      },
    },
    async (request) => ok(await listAudit(db, request.query)),
  );

  app.get(
    "/api/operator/audit/verify",
    {
      onRequest: app.requireRole("admin"),
      schema: {
        tags,
        summary: "Recompute the audit log's hash chain from the first row",
        security,
        response: { 200: envelope(AuditVerification) },
      },
    },
    async () => ok(await verifyAuditChain(db)),
  );

  // ---------------------------------------------------------------- customers (read-only view)

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
