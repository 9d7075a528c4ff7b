// The seed's login-screen check (docs/seed-api.md GET /api/app/checkGoogleAuth): whether the
// account typed in has Google authenticator bound, so the screen can ask for the code.
// Like /api/app/checkAccount it is public, and shares its rate limits per client address
// and per account; an unknown account answers `bound: false` (it reveals nothing
// checkAccount does not).
import { authEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { clientContext } from "./client-context";
import { isGoogleBound } from "./google";
import { lookupAccount } from "./service";

export const seedAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(app, E.accountGoogleAuth, async ({ query, request }) => {
    const { user } = await lookupAccount(db, query.account, query.countryCode, clientContext(request));
    return { bound: user ? await isGoogleBound(db, user.id) : false };
  });
};
