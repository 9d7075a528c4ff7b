// Staff login (password, then the authenticator code), the caller's own account and
// logout. Everything else the console does lives under /api/operator (operator-routes.ts).
import { staffEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db";
import { AppError } from "../../lib/errors";
import { route } from "../../lib/route";
import { LoginError } from "../auth/service";
import { staffLogin, staffLoginTotp, ticketOwner } from "./accounts";
import { appendAudit } from "./audit";
import { revokeStaffSession } from "./sessions";

/** Every failed console login is in the audit log (the password step: the name as typed). */
async function auditFailedLogin(
  db: Db,
  step: "password" | "totp",
  username: string,
  staffId: number | null,
  err: unknown,
  ip: string,
): Promise<void> {
  if (!(err instanceof AppError)) return;
  await appendAudit(db, {
    staffId,
    username: username.slice(0, 64),
    role: "",
    action: "login.failed",
    targetType: "staff",
    targetId: staffId ?? undefined,
    after: { step, reason: err.key },
    ip,
  });
}

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    device: String(request.headers["user-agent"] ?? ""),
  });

  route(app, E.login, async ({ body, request, reply }) => {
    try {
      return await staffLogin(db, body, client(request));
    } catch (err) {
      // After a few failures the next try needs the security code (GET /api/app/captchaImage).
      if (err instanceof LoginError && err.challenge.captchaRequired) reply.header("X-Captcha-Required", "true");
      await auditFailedLogin(db, "password", body.username, null, err, request.ip);
      throw err;
    }
  });

  route(app, E.loginTotp, async ({ request, body }) => {
    const session = await staffLoginTotp(db, body, client(request), app.clock.now()).catch(async (err) => {
      const owner = await ticketOwner(db, body.ticket);
      await auditFailedLogin(db, "totp", owner?.username ?? "", owner?.id ?? null, err, request.ip);
      throw err;
    });
    await appendAudit(db, {
      staffId: session.staff.id,
      username: session.staff.username,
      role: session.staff.role,
      action: "login",
      targetType: "staff",
      targetId: session.staff.id,
      after: { device: client(request).device.slice(0, 200) },
      ip: request.ip,
    });
    return session;
  });

  route(app, E.me, async ({ staff }) => {
    const { sessionId: _, ...info } = staff;
    return info;
  });

  route(
    app,
    E.logout,
    async ({ staff }) => {
      await revokeStaffSession(db, staff.sessionId, staff.id);
      app.bus.publish("access.revoked", { staff: true });
      return null;
    },
    { config: { auditTarget: "staff" } },
  );
};
