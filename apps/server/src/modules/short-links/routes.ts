// Short links: the app resolves a code (public), operators list and save them (admin).
import { shortLinkEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { listShortLinks, saveShortLink, useShortLink } from "./service";

export const shortLinkRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  route(app, E.use, ({ query }) => useShortLink(db, query.code));
  route(app, E.operatorList, () => listShortLinks(db));
  route(app, E.operatorSave, ({ body, staff }) => saveShortLink(db, staff.id, body));
};
