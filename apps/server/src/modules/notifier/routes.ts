// Sandbox only: the messages the notifier parked, so codes can be read without a mailbox.
// Outside the sandbox the path answers the same 404 envelope as an unknown API path.
import { envelope, OutboxMessage, OutboxQuery } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { apiNotFound } from "../../plugins/envelope";
import { listOutbox } from "./service";

export const notifierRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.sandbox) {
    app.get("/dev/outbox", { schema: { hide: true } }, (request, reply) => apiNotFound(request, reply));
    return;
  }
  app.get(
    "/dev/outbox",
    {
      schema: {
        tags: ["sandbox"],
        summary: "Sandbox only: e-mails and SMS sent to an address, newest first",
        querystring: OutboxQuery,
        response: { 200: envelope(z.array(OutboxMessage)) },
      },
    },
    async (request) => ok(await listOutbox(app.database.db, request.query.to)),
  );
};
