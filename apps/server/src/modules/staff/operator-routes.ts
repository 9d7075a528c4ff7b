// Console endpoints of the staff module: staff accounts and sessions (admin), the audit
// log and its verification (admin). The dashboard and the customer view are the
// customers module's.
import {
  AuditQuery,
  AuditRecord,
  AuditVerification,
  IdBody,
  page,
  StaffCreateBody,
  StaffListQuery,
  StaffRecord,
  StaffSessionQuery,
  StaffSessionRecord,
  StaffUpdateBody,
} from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { createStaff, getStaffRecord, listStaff, updateStaff } from "./accounts";
import { listAudit, verifyAuditChain } from "./audit";
import { currentStaff } from "./plugin";
import { listStaffSessions, revokeStaffSession } from "./sessions";

const tags = ["operator"];
const admin = { roles: ["admin" as const] };

export const staffOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const op = (method: "GET" | "POST", url: string, summary: string) => ({ method, url, auth: admin, tags, summary });

  // ---------------------------------------------------------------- staff accounts

  route(
    app,
    { ...op("GET", "/api/operator/staff/list", "Staff accounts"), query: StaffListQuery, result: page(StaffRecord) },
    ({ query }) => listStaff(db, query),
  );
  route(
    app,
    {
      ...op(
        "POST",
        "/api/operator/staff/create",
        "Create a staff account (the authenticator is enrolled at its first login)",
      ),
      config: { auditTarget: "staff" },
      body: StaffCreateBody,
      result: StaffRecord,
    },
    ({ request, body }) => createStaff(db, currentStaff(request).id, body),
  );
  route(
    app,
    {
      ...op(
        "POST",
        "/api/operator/staff/update",
        "Change a staff account's name, role, password, authenticator or disable it (ends its sessions)",
      ),
      config: {
        auditTarget: "staff",
        auditBefore: (request: FastifyRequest) => getStaffRecord(db, (request.body as { id: number }).id),
      },
      body: StaffUpdateBody,
      result: StaffRecord,
    },
    ({ request, body }) => updateStaff(db, currentStaff(request).id, body),
  );
  route(
    app,
    {
      ...op("GET", "/api/operator/staff/sessions", "Live staff sessions (all staff, or one)"),
      query: StaffSessionQuery,
      result: page(StaffSessionRecord),
    },
    ({ request, query }) => listStaffSessions(db, query, currentStaff(request).sessionId),
  );
  route(
    app,
    {
      ...op("POST", "/api/operator/staff/sessions/revoke", "End a staff session"),
      config: { auditTarget: "staff_session" },
      body: IdBody,
      result: z.null(),
    },
    async ({ request, body }) => {
      await revokeStaffSession(db, body.id, currentStaff(request).id);
      return null;
    },
  );

  // ---------------------------------------------------------------- audit log

  route(
    app,
    {
      ...op("GET", "/api/operator/audit/list", "Audit log of staff actions, newest first"),
      query: AuditQuery,
      result: page(AuditRecord),
    },
    ({ query }) => listAudit(db, query),
  );
  route(
    app,
    {
      ...op("GET", "/api/operator/audit/verify", "Recompute the audit log's hash chain from the first row"),
      result: AuditVerification,
    },
    () => verifyAuditChain(db),
  );
};
