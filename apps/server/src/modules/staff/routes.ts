// Staff login (password, then the authenticator code), the caller's own account and
// logout. Everything else the console does lives under /api/operator (operator-routes.ts).
import {
  envelope,
  StaffInfo,
  StaffLoginBody,
  StaffLoginTicket,
  StaffSessionCreated,
  StaffTotpBody,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { route } from "../../lib/route";
import { LoginError } from "../auth/service";
import { staffLogin, staffLoginTotp } from "./accounts";
import { appendAudit } from "./audit";
import { currentStaff } from "./plugin";
import { revokeStaffSession } from "./sessions";

const tags = ["staff"];
const security = [{ accessToken: [] }];

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const client = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    device: String(request.headers["user-agent"] ?? ""),
  });

  app.post(
    "/api/staff/login",
    {
      schema: {
        tags,
        summary:
          "Console login, step 1: username and password → a ticket (and a secret to enrol on first login); " +
          "after failures the answer carries X-Captcha-Required and the next try needs captcha + captchaKey",
        body: StaffLoginBody,
        response: { 200: envelope(StaffLoginTicket) },
      },
    },
    async (request, reply) => {
      try {
        return ok(await staffLogin(db, request.body, client(request)));
      } catch (err) {
        // After a few failures the next try needs the security code (GET /api/app/captchaImage).
        if (err instanceof LoginError && err.challenge.captchaRequired) reply.header("X-Captcha-Required", "true");
        throw err;
      }
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/staff/login/totp",
      auth: "public",
      tags,
      summary: "Console login, step 2: the authenticator code → a staff session (12 h, 30 min idle)",
      body: StaffTotpBody,
      result: StaffSessionCreated,
    },
    async ({ request, body }) => {
      const session = await staffLoginTotp(db, body, client(request));
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
    },
  );

  app.get(
    "/api/staff/me",
    {
      onRequest: app.requireStaff,
      schema: { tags, summary: "The logged-in staff member", security, response: { 200: envelope(StaffInfo) } },
    },
    async (request) => {
      const { sessionId: _, ...info } = currentStaff(request);
      return ok(info);
    },
  );

  app.post(
    "/api/staff/logout",
    {
      onRequest: app.requireStaff,
      config: { auditTarget: "staff" },
      schema: { tags, summary: "End this console session", security, response: { 200: envelope(z.null()) } },
    },
    async (request) => {
      const me = currentStaff(request);
      await revokeStaffSession(db, me.sessionId, me.id);
      return ok(null);
    },
  );
};
