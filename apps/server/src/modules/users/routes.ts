// The caller's own profile.
import { envelope, MyUserInfo } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import { getMyUserInfo } from "./service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/user/appUser/getMyUserInfo",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["accounts"],
        summary: "The logged-in customer's profile",
        security: [{ accessToken: [] }],
        response: { 200: envelope(MyUserInfo) },
      },
    },
    async (request) => ok(await getMyUserInfo(app.database.db, currentUser(request).id)),
  );
};
