// Console endpoints of the staff module: staff accounts and sessions (admin), the audit
// log and its verification (admin). The dashboard and the customer view are the
// customers module's.
import { staffEndpoints as E } from "@candor/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { createStaff, getStaffRecord, listStaff, updateStaff } from "./accounts";
import { listAudit, verifyAuditChain } from "./audit";
import { listStaffSessions, revokeStaffSession } from "./sessions";

export const staffOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // ---------------------------------------------------------------- staff accounts

  route(app, E.list, ({ query }) => listStaff(db, query, app.clock.now()));
  route(app, E.create, ({ staff, body }) => createStaff(db, staff.id, body), { config: { auditTarget: "staff" } });
  route(
    app,
    E.update,
    async ({ staff, body }) => {
      const record = await updateStaff(db, staff.id, body);
      // Disabled, demoted or re-credentialed: its agent sockets close on every node.
      app.bus.publish("access.revoked", { staff: true });
      return record;
    },
    {
      config: {
        auditTarget: "staff",
        auditBefore: (request: FastifyRequest) => getStaffRecord(db, (request.body as { id: number }).id),
      },
    },
  );
  route(app, E.sessions, ({ staff, query }) => listStaffSessions(db, query, staff.sessionId));
  route(
    app,
    E.revokeSession,
    async ({ staff, body }) => {
      await revokeStaffSession(db, body.id, staff.id);
      app.bus.publish("access.revoked", { staff: true });
      return null;
    },
    { config: { auditTarget: "staff_session" } },
  );

  // ---------------------------------------------------------------- audit log

  route(app, E.auditList, ({ query }) => listAudit(db, query));
  route(app, E.auditVerify, () => verifyAuditChain(db));
};
