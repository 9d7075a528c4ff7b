// The caller's own profile and passwords.
import { ChangePasswordBody, MyUserInfo, PersonalInfo, UpdatePersonalInfoBody } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { changePassword } from "../auth/service";
import { getPersonalInfo } from "../users/service";
import { getMyUserInfo, updatePersonalInfo } from "./service";

const tags = ["accounts"];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: "/api/user/appUser/getMyUserInfo",
      auth: "user",
      tags,
      summary: "The logged-in customer's profile",
      result: MyUserInfo,
    },
    ({ request }) => getMyUserInfo(db, me(request)),
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/user/appUser/getPersonalInfo",
      auth: "user",
      tags,
      summary: "Personal data",
      result: PersonalInfo,
    },
    ({ request }) => getPersonalInfo(db, me(request)),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/updatePersonalInfo",
      auth: "user",
      tags,
      summary: "Update personal data (absent fields stay, null clears); country is fixed after KYC",
      body: UpdatePersonalInfoBody,
      result: PersonalInfo,
    },
    ({ request, body }) => updatePersonalInfo(db, me(request), body),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/user/appUser/changePassword",
      auth: "user",
      tags,
      summary: "Change the login or withdrawal password; wrong old password → 400",
      body: ChangePasswordBody,
      result: z.object({ revokedSessions: z.number().int() }),
    },
    ({ request, body }) => {
      const user = currentUser(request);
      return changePassword(db, user.id, user.sessionId, body);
    },
  );
};
