// Sandbox only: the messages the notifier parked, so codes can be read without a mailbox.
// Outside the sandbox the path answers the same 404 envelope as an unknown API path.
import { OutboxMessage, OutboxQuery } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { apiNotFound } from "../../plugins/envelope";
import { listOutbox } from "./service";

export const notifierRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) {
    app.get("/dev/outbox", { schema: { hide: true } }, (request, reply) => apiNotFound(request, reply));
    return;
  }
  route(
    app,
    {
      method: "GET",
      url: "/dev/outbox",
      auth: "public",
      tags: ["sandbox"],
      summary: "Sandbox only: e-mails and SMS sent to an address, newest first",
      query: OutboxQuery,
      result: z.array(OutboxMessage),
    },
    ({ query }) => listOutbox(app.database.db, query.to),
  );
};
