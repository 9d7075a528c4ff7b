// Country list for the phone and country pickers (public).
import { Country, envelope } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { listCountries } from "./service";

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/app/country/list",
    {
      schema: {
        tags: ["accounts"],
        summary: "Countries with calling codes (default United States / US / 1)",
        response: { 200: envelope(z.array(Country)) },
      },
    },
    async () => ok(await listCountries(app.database.db)),
  );
};
