// The seed's login-screen check (SEED-API.md GET /api/app/checkGoogleAuth): whether the
// account typed in has Google authenticator bound, so the screen can ask for the code.
// Like /api/app/checkAccount it is public; an unknown account answers `bound: false`
// (it reveals nothing checkAccount does not).
import { CheckAccountQuery, envelope, GoogleStatus } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { findUserByLogin } from "../users/service";
import { isGoogleBound } from "./google";

export const seedAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/app/checkGoogleAuth",
    {
      schema: {
        tags: ["accounts"],
        summary:
          "Login screen: whether this account (e-mail, phone or username) has Google authenticator bound; unknown accounts: false",
        querystring: CheckAccountQuery,
        response: { 200: envelope(GoogleStatus) },
      },
    },
    async (request) => {
      const { user } = await findUserByLogin(db, request.query.account, request.query.countryCode);
      return ok({ bound: user ? await isGoogleBound(db, user.id) : false });
    },
  );
};
