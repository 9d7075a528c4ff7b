// Short links: the app resolves a code (public), operators list and save them (admin).
import { ShortLink, ShortLinkBody, ShortLinkQuery, ShortLinkTarget } from "@candor/contract";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentStaff } from "../staff/service";
import { listShortLinks, saveShortLink, useShortLink } from "./service";

export const shortLinkRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  route(
    app,
    {
      method: "GET",
      url: "/api/set/appShortLink/use",
      auth: "public",
      tags: ["system"],
      summary: "Resolve a short link (query: code) to its target, a path inside the app; unknown or switched off → 404",
      query: ShortLinkQuery,
      result: ShortLinkTarget,
    },
    ({ query }) => useShortLink(db, query.code),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/shortLinks/list",
      auth: { roles: ["admin"] },
      tags: ["operator"],
      summary: "Short links with their use counts, newest first",
      result: z.array(ShortLink),
    },
    () => listShortLinks(db),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/shortLinks/save",
      auth: { roles: ["admin"] },
      tags: ["operator"],
      summary: "Create a short link, or change an existing code's target or switch it off (paths inside the app only)",
      body: ShortLinkBody,
      result: ShortLink,
    },
    ({ body, request }) => saveShortLink(db, currentStaff(request).id, body),
  );
};
