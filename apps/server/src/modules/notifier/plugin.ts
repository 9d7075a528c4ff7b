// Makes the notifier available as `app.notifier` and closes its SMTP pool with the app.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createNotifier, type Notifier } from "./service";
import { createSmsSender } from "./sms";

declare module "fastify" {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

async function notifierPlugin(app: FastifyInstance) {
  const notifier = createNotifier(app.database.db, {
    sandbox: app.config.sandbox,
    smtpUrl: app.config.smtpUrl,
    smtpFrom: app.config.smtpFrom,
    log: app.log,
    // Refuses to start with the log-only SMS provider outside the sandbox.
    sms: createSmsSender(app.config),
  });
  app.decorate("notifier", notifier);
  app.addHook("onClose", async () => notifier.close());
}

export default fp(notifierPlugin, { name: "notifier", dependencies: ["database"] });
