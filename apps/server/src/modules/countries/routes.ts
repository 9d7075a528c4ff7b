// Country list for the phone and country pickers (public).
import { countryEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { listCountries } from "./service";

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, E.list, () => listCountries(app.database.db));
};
