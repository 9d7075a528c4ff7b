// The country list for the phone and country pickers (public).
import { z } from "zod";
import { Country } from "../accounts";
import { endpoints } from "../endpoint";
import { countryPaths as P } from "../paths/countries";

export const countryEndpoints = endpoints({
  list: {
    method: "GET",
    path: P.list,
    auth: "public",
    tags: ["accounts"],
    summary: "Countries with calling codes (default United States / US / 1)",
    result: z.array(Country),
  },
});
