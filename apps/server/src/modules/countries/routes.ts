// Country list for the phone and country pickers (public).
import { Country } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { listCountries } from "./service";

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    {
      method: "GET",
      url: "/api/app/country/list",
      auth: "public",
      tags: ["accounts"],
      summary: "Countries with calling codes (default United States / US / 1)",
      result: z.array(Country),
    },
    () => listCountries(app.database.db),
  );
};
