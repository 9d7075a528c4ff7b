// Staff access for the operator console. `app.requireRole("finance")` is the one-line
// declaration every /api/operator route carries (admin is always admitted); the plugin
// records each operator route's roles (the authz matrix test walks them) and writes an
// audit row for every successful staff change (POST), with the route's "before" when it
// names one (`config.auditBefore`).

import path from "node:path";
import { staffPaths } from "@candor/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../../lib/errors";
import { appendAudit, checkpointAudit, startKeyedChain } from "./audit";
import { resolveAuditKey, useAuditKeyring } from "./audit-key";
import { admittedRoles, STAFF_ROLES, type StaffRole } from "./roles";
import { resolveStaffSession, type StaffPrincipal } from "./sessions";

export type RoleHook = ((request: FastifyRequest) => Promise<void>) & { staffRoles: readonly StaffRole[] };

export interface OperatorRoute {
  method: string;
  url: string;
  /** Roles admitted; null when the route declares none (the matrix test fails on it). */
  roles: readonly StaffRole[] | null;
}

declare module "fastify" {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
    auditBefore: unknown;
  }
  interface FastifyInstance {
    requireRole: (...roles: StaffRole[]) => RoleHook;
    /** Any logged-in staff member. */
    requireStaff: RoleHook;
    /**
     * Admin only: for operator routes that do not name their roles yet (e.g. declared
     * through a shared route helper). Prefer `requireRole(...)`; the authz matrix test
     * lists every operator route with the roles it admits either way.
     */
    requireOperator: RoleHook;
    operatorRoutes: OperatorRoute[];
  }
  interface FastifyContextConfig {
    /** What the audit row's "before" is (read before the handler runs). */
    auditBefore?: (request: FastifyRequest) => Promise<unknown>;
    /** The audit row's target type (its id is the body's `id` or `userId`, or `auditTargetId`'s). */
    auditTarget?: string;
    /** The audit row's target id, for a route whose body names its target otherwise (a symbol). */
    auditTargetId?: (request: FastifyRequest) => string | number | undefined;
    /** false: not audited (the route writes its own row). */
    audit?: boolean;
  }
}

/** The logged-in staff member; only call after a role hook. */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized("staffLoginRequired");
  return request.staff;
}

const tokenOf = (request: FastifyRequest) => {
  const header = request.headers["x-access-token"];
  return (Array.isArray(header) ? header[0] : header) ?? "";
};

function hookRoles(onRequest: unknown): readonly StaffRole[] | null {
  const hooks = Array.isArray(onRequest) ? onRequest : onRequest ? [onRequest] : [];
  for (const hook of hooks) {
    const roles = (hook as Partial<RoleHook>).staffRoles;
    if (roles) return roles;
  }
  return null;
}

const actionOf = (url: string) =>
  url
    .replace(/^\/api\/(operator|staff)\//, "")
    .replace(/\//g, ".")
    .replace(/[^A-Za-z0-9_.:-]/g, "");

const AUDIT_CHECKPOINT_EVERY_MS = 60 * 60 * 1000;

async function staffPlugin(app: FastifyInstance) {
  const db = app.database.db;
  // The audit log's key and checkpoint live outside the database (audit-key.ts).
  const auditDir = app.config.auditDir ?? path.join(app.config.dataDir, "audit");
  useAuditKeyring(db, { key: resolveAuditKey(app.config.auditKey, auditDir), dir: auditDir, chain: null });
  const checkpoint = () =>
    checkpointAudit(db).catch((err) => app.log.error({ err }, "audit: writing the checkpoint failed"));
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await startKeyedChain(db);
    await checkpoint();
    // Besides every append on this node: at least hourly (other nodes' appends).
    timer = setInterval(checkpoint, AUDIT_CHECKPOINT_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
  app.decorateRequest("staff", null);
  app.decorateRequest("auditBefore", undefined);

  const requireRole = (...named: StaffRole[]): RoleHook => {
    const roles = admittedRoles(named);
    const hook = async (request: FastifyRequest) => {
      const token = tokenOf(request);
      const principal = token ? await resolveStaffSession(db, token) : null;
      // A customer's session is known but never staff: 403. No or a dead token: 401.
      if (!principal) throw request.user ? forbidden("staffRoleForbidden") : unauthorized("staffLoginRequired");
      request.staff = principal;
      if (!roles.includes(principal.role)) throw forbidden("staffRoleForbidden");
    };
    return Object.assign(hook, { staffRoles: roles });
  };
  app.decorate("requireRole", requireRole);
  app.decorate("requireStaff", requireRole(...STAFF_ROLES));
  app.decorate("requireOperator", requireRole());

  const operatorRoutes: OperatorRoute[] = [];
  app.decorate("operatorRoutes", operatorRoutes);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(staffPaths.operatorPrefix)) return;
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      operatorRoutes.push({ method, url: route.url, roles: hookRoles(route.onRequest) });
    }
  });

  // Callback hooks: a customer's or a visitor's request costs no promise here.
  app.addHook("preHandler", (request, _reply, done) => {
    const before = request.routeOptions.config.auditBefore;
    if (!request.staff || !before) return done();
    Promise.resolve(request)
      .then(before)
      .then((value) => {
        request.auditBefore = value;
        done();
      }, done);
  });

  // A staff request refused (403: a role that may not, a rule against this member) is
  // audited too, before the answer leaves.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.staff || reply.statusCode !== 403) return done(null, payload);
    const url = request.routeOptions.url ?? request.url;
    appendAudit(db, {
      staffId: request.staff.id,
      username: request.staff.username,
      role: request.staff.role,
      action: `refused.${actionOf(url)}`,
      targetType: url.split("/")[3] ?? "",
      after: { method: request.method, status: reply.statusCode },
      ip: request.ip,
    }).then(
      () => done(null, payload),
      (err) => done(err),
    );
  });

  // Every successful staff change is audited before the answer leaves.
  app.addHook("preSerialization", (request, reply, payload, done) => {
    const config = request.routeOptions.config;
    if (!request.staff || request.method === "GET" || reply.statusCode !== 200 || config.audit === false) {
      return done(null, payload);
    }
    audit(request, payload).then(() => done(null, payload), done);
  });

  async function audit(request: FastifyRequest, payload: unknown): Promise<void> {
    const config = request.routeOptions.config;
    if (!request.staff) return;
    // A route that takes no body ignores whatever was sent: nothing of it goes into the log
    // (an arbitrary, e.g. deeply nested, body must not break the answer).
    const takesBody = Boolean(request.routeOptions.schema?.body);
    const sent = takesBody ? (request.body ?? null) : null;
    const body = (sent ?? {}) as { id?: unknown; userId?: unknown };
    const targetId = config.auditTargetId
      ? config.auditTargetId(request)
      : typeof body.id === "number"
        ? body.id
        : typeof body.userId === "number"
          ? body.userId
          : undefined;
    const result = (payload as { result?: unknown } | null)?.result;
    const url = request.routeOptions.url ?? request.url;
    await appendAudit(db, {
      staffId: request.staff.id,
      username: request.staff.username,
      role: request.staff.role,
      action: actionOf(url),
      targetType: config.auditTarget ?? url.split("/")[3] ?? "",
      targetId,
      before: request.auditBefore,
      after: { request: sent, result: result ?? null },
      ip: request.ip,
    });
  }
}

export default fp(staffPlugin, { name: "staff", dependencies: ["database", "envelope", "auth"] });
