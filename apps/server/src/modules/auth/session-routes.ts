// A signed-in customer's address proof (verifyContact, addContact), sessions (log out, heartbeat, list, revoke) and Google
// authenticator (new secret, bind, unbind, status).
import { authEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import {
  listSessions,
  reportActivity,
  revokeOtherSessions,
  revokeSession,
  revokeUserSession,
} from "../../lib/sessions";
import { addContact, verifyContact } from "./contact-proof";
import { bindGoogleAuth, generateGoogleKey, isGoogleBound, unbindGoogleAuth } from "./google";

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // ---------------------------------------------------------------- proving the address

  route(app, E.verifyContact, ({ user, body }) => verifyContact(db, user.id, body.code));
  route(app, E.addContact, ({ user, body }) => addContact(db, user.id, body));

  // ---------------------------------------------------------------- sessions

  route(app, E.logout, async ({ user }) => {
    await revokeSession(db, user.sessionId);
    app.bus.publish("access.revoked", { userId: user.id });
    return { done: true as const };
  });
  route(app, E.activeReport, async ({ user }) => ({
    lastSeenAt: (await reportActivity(db, user.sessionId)).toISOString(),
  }));
  route(app, E.sessions, ({ user }) => listSessions(db, user.id, user.sessionId));
  route(app, E.revokeSession, async ({ user, body }) => {
    if (!(await revokeUserSession(db, user.id, body.id))) throw notFound();
    app.bus.publish("access.revoked", { userId: user.id });
    return { done: true as const };
  });
  route(app, E.revokeOtherSessions, async ({ user }) => {
    const revoked = await revokeOtherSessions(db, user.id, user.sessionId);
    app.bus.publish("access.revoked", { userId: user.id });
    return { revoked };
  });

  // ---------------------------------------------------------------- Google authenticator

  route(app, E.generateGoogleKey, ({ user }) => generateGoogleKey(db, user.id));
  route(app, E.bindGoogleAuth, async ({ user, body }) => {
    await bindGoogleAuth(db, user.id, body.googleCode, body.password);
    // Rewards (welfare tasks) learn of the second factor.
    app.bus.publish("customer.activity", { userId: user.id, kind: "totp_enabled" });
    return { bound: true };
  });
  route(app, E.unbindGoogleAuth, async ({ user, body }) => {
    await unbindGoogleAuth(db, user.id, body.googleCode, body.password);
    return { bound: false };
  });
  route(app, E.checkGoogleAuth, async ({ user }) => ({ bound: await isGoogleBound(db, user.id) }));
};
