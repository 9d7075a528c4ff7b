// Console endpoints of the staff module: staff accounts and sessions (admin), the audit
// log and its verification (admin). The dashboard and the customer view are the
// customers module's.
import {
  AuditQuery,
  AuditRecord,
  AuditVerification,
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
import { createStaff, getStaffRecord, listStaff, updateStaff } from "./accounts";
import { listAudit, verifyAuditChain } from "./audit";
import { currentStaff } from "./plugin";
import { listStaffSessions, revokeStaffSession } from "./sessions";

const tags = ["operator"];
const security = [{ accessToken: [] }];

export const staffOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
};
