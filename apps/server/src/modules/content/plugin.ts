// The content module: `app.content` (ContentService), its public and customer routes, the
// operator routes, the announcement share page and the inbox's event subscriptions.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { subscribeInbox } from "./inbox-events";
import { contentOperatorRoutes } from "./operator-routes";
import { contentRoutes } from "./routes";
import { ContentService } from "./service";
import { sharePageRoutes } from "./share-page";

declare module "fastify" {
  interface FastifyInstance {
    content: ContentService;
  }
}

async function contentPlugin(app: FastifyInstance) {
  const service = new ContentService({ db: app.database.db, clock: app.clock });
  app.decorate("content", service);
  // Marketing stops during a time-out or self-exclusion (modules/protection).
  const offs = subscribeInbox(app, service, async (userId) => (await app.protection.exclusionOf(userId)) !== null);
  app.addHook("onClose", async () => {
    for (const off of offs) off();
  });
  await app.register(contentRoutes, { service });
  await app.register(contentOperatorRoutes, { service });
  await app.register(sharePageRoutes, { service });
}

export default fp(contentPlugin, { name: "content", dependencies: ["database", "auth", "bus", "clock", "protection"] });
