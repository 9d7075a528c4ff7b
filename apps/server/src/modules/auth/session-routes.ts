// A signed-in customer's sessions (log out, heartbeat, list, revoke) and Google
// authenticator (new secret, bind, unbind, status).
import {
  ActiveReport,
  Done,
  GoogleCodeBody,
  GoogleKey,
  GoogleStatus,
  IdBody,
  RevokedCount,
  SessionInfo,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { bindGoogleAuth, generateGoogleKey, isGoogleBound, unbindGoogleAuth } from "./google";
import { listSessions, reportActivity, revokeOtherSessions, revokeSession, revokeUserSession } from "./sessions";

const tags = ["accounts"];

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // ---------------------------------------------------------------- sessions

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/logout",
      auth: "user",
      tags,
      summary: "End the current session",
      result: Done,
    },
    async ({ request }) => {
      await revokeSession(db, currentUser(request).sessionId);
      return { done: true as const };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/activeReport",
      auth: "user",
      tags,
      summary: "Activity heartbeat (every 60 s): updates last-seen only",
      result: ActiveReport,
    },
    async ({ request }) => ({ lastSeenAt: (await reportActivity(db, currentUser(request).sessionId)).toISOString() }),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/user/appUser/sessions",
      auth: "user",
      tags,
      summary: "My live sessions (device, last seen)",
      result: z.array(SessionInfo),
    },
    async ({ request }) => {
      const user = currentUser(request);
      return listSessions(db, user.id, user.sessionId);
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/revokeSession",
      auth: "user",
      tags,
      summary: "End one of my sessions",
      body: IdBody,
      result: Done,
    },
    async ({ request, body }) => {
      if (!(await revokeUserSession(db, currentUser(request).id, body.id))) throw notFound();
      return { done: true as const };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/revokeOtherSessions",
      auth: "user",
      tags,
      summary: "End all my sessions except this one",
      result: RevokedCount,
    },
    async ({ request }) => {
      const user = currentUser(request);
      return { revoked: await revokeOtherSessions(db, user.id, user.sessionId) };
    },
  );

  // ---------------------------------------------------------------- Google authenticator

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/generateGoogleKey",
      auth: "user",
      tags,
      summary: "New authenticator secret (pending until bound)",
      result: GoogleKey,
    },
    ({ request }) => generateGoogleKey(db, currentUser(request).id),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/bindGoogleAuth",
      auth: "user",
      tags,
      summary: "Bind the pending secret with a code from the app and the login password",
      body: GoogleCodeBody,
      result: GoogleStatus,
    },
    async ({ request, body }) => {
      await bindGoogleAuth(db, currentUser(request).id, body.googleCode, body.password);
      // Rewards (welfare tasks) learn of the second factor.
      app.bus.publish("customer.activity", { userId: currentUser(request).id, kind: "totp_enabled" });
      return { bound: true };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/unbindGoogleAuth",
      auth: "user",
      tags,
      summary: "Remove the authenticator (code and login password)",
      body: GoogleCodeBody,
      result: GoogleStatus,
    },
    async ({ request, body }) => {
      await unbindGoogleAuth(db, currentUser(request).id, body.googleCode, body.password);
      return { bound: false };
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/user/appUser/checkGoogleAuth",
      auth: "user",
      tags,
      summary: "Whether Google authenticator is bound",
      result: GoogleStatus,
    },
    async ({ request }) => ({ bound: await isGoogleBound(db, currentUser(request).id) }),
  );
};
