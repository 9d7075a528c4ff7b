// The caller's own profile and passwords.
import { ChangePasswordBody, envelope, MyUserInfo, PersonalInfo, UpdatePersonalInfoBody } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import { changePassword } from "../auth/service";
import { getPersonalInfo } from "../users/service";
import { getMyUserInfo, updatePersonalInfo } from "./service";

const tags = ["accounts"];
const security = [{ accessToken: [] }];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/user/appUser/getMyUserInfo",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The logged-in customer's profile",
        security,
        response: { 200: envelope(MyUserInfo) },
      },
    },
    async (request) => ok(await getMyUserInfo(db, currentUser(request).id)),
  );

  app.get(
    "/api/user/appUser/getPersonalInfo",
    {
      onRequest: app.requireUser,
      schema: { tags, summary: "Personal data", security, response: { 200: envelope(PersonalInfo) } },
    },
    async (request) => ok(await getPersonalInfo(db, currentUser(request).id)),
  );

  app.post(
    "/api/user/appUser/updatePersonalInfo",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Update personal data (absent fields stay, null clears); country is fixed after KYC",
        security,
        body: UpdatePersonalInfoBody,
        response: { 200: envelope(PersonalInfo) },
      },
    },
    async (request) => ok(await updatePersonalInfo(db, currentUser(request).id, request.body)),
  );

  app.post(
    "/api/user/appUser/changePassword",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Change the login or withdrawal password; wrong old password → 400",
        security,
        body: ChangePasswordBody,
        response: { 200: envelope(z.object({ revokedSessions: z.number().int() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return ok(await changePassword(db, user.id, user.sessionId, request.body));
    },
  );
};
