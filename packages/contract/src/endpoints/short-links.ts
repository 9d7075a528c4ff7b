// Short links: the app resolves a code (public), operators list and save them (admin).
import { z } from "zod";
import { endpoints } from "../endpoint";
import { shortLinkPaths as P } from "../paths/short-links";
import { ShortLink, ShortLinkBody, ShortLinkQuery, ShortLinkTarget } from "../seed-api";

const admin = { roles: ["admin"] } as const;

export const shortLinkEndpoints = endpoints({
  use: {
    method: "GET",
    path: P.use,
    auth: "public",
    tags: ["system"],
    summary: "Resolve a short link (query: code) to its target, a path inside the app; unknown or switched off → 404",
    query: ShortLinkQuery,
    result: ShortLinkTarget,
    errors: [404],
  },
  operatorList: {
    method: "GET",
    path: P.operatorList,
    auth: admin,
    tags: ["operator"],
    summary: "Short links with their use counts, newest first",
    result: z.array(ShortLink),
  },
  operatorSave: {
    method: "POST",
    path: P.operatorSave,
    auth: admin,
    tags: ["operator"],
    summary: "Create a short link, or change an existing code's target or switch it off (paths inside the app only)",
    body: ShortLinkBody,
    result: ShortLink,
  },
});
