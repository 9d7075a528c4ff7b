// The caller's own profile and passwords.
import { profileEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { changePassword } from "../auth/service";
import { getPersonalInfo } from "../users/service";
import { getMyUserInfo, updatePersonalInfo } from "./service";

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(app, E.myUserInfo, ({ user }) => getMyUserInfo(db, user.id));
  route(app, E.personalInfo, ({ user }) => getPersonalInfo(db, user.id));
  route(app, E.updatePersonalInfo, ({ user, body }) => updatePersonalInfo(db, user.id, body));
  route(app, E.changePassword, async ({ user, body }) => {
    const result = await changePassword(db, user.id, user.sessionId, body);
    // The other sessions ended: their sockets close too, on every node.
    if (result.revokedSessions > 0) app.bus.publish("access.revoked", { userId: user.id });
    return result;
  });
};
