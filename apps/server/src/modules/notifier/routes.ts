// Sandbox only: the messages the notifier parked, so codes can be read without a mailbox.
// Outside the sandbox the path answers the same 404 envelope as an unknown API path.
import { sandboxEndpoints as E, sandboxPaths } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { apiNotFound } from "../../plugins/envelope";
import { listOutbox } from "./service";

export const notifierRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) {
    // Stays raw outside the sandbox: a hidden route answering the unknown-path 404.
    app.get(sandboxPaths.outbox, { schema: { hide: true } }, (request, reply) => apiNotFound(request, reply));
    return;
  }
  route(app, E.outbox, ({ query }) => listOutbox(app.database.db, query.to));
};
