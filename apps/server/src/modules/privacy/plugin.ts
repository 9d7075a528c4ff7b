// Data rights: `app.privacy` (service), the export job and the daily clean-up, the customer's
// routes (download my data, close my account) and the raw route that serves the zip.

import fs from "node:fs";
import { DataExportFileQuery, privacyEndpoints as E, privacyPaths } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { route } from "../../lib/route";
import { exportJobKey, JOB_DATA_EXPORT, JOB_PRIVACY_DAILY, PrivacyService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    privacy: PrivacyService;
  }
}

async function privacyPlugin(app: FastifyInstance) {
  const service = new PrivacyService({
    db: app.database.db,
    dataDir: app.config.dataDir,
    now: () => app.clock.now(),
    key: app.keys.key("files"),
    retentionYearsLedger: app.config.retentionYearsLedger,
    retentionYearsKyc: app.config.retentionYearsKyc,
    onSessionsEnded: (userId) => app.bus.publish("access.revoked", { userId }),
  });
  app.decorate("privacy", service);

  app.jobs.register<{ id: number }>(JOB_DATA_EXPORT, (job) => service.buildExport(job.payload.id));
  app.jobs.daily(JOB_PRIVACY_DAILY, async () => {
    const done = await service.daily();
    if (done.expired > 0 || done.kycErased > 0) app.log.info(done, "data exports expired / KYC past retention erased");
  });

  route(app, E.requestDataExport, async ({ user }) => {
    const started = await service.requestExport(user.id);
    // Prepared promptly: run now (the poller would take it within a round anyway).
    if (started.status === "preparing") {
      void app.jobs.runKey(exportJobKey(started.id)).catch((err) => app.log.warn({ err }, "data export run failed"));
    }
    return started;
  });
  route(app, E.dataExport, ({ user }) => service.getExport(user.id));
  route(app, E.closeCheck, ({ user }) => service.checkClose(user.id));
  route(app, E.close, ({ user, body }) => service.close(user.id, body.password));

  // Stays a raw route: the answer is the zip itself. The signed link is the key; a session of
  // another customer is refused (404) even with a valid link.
  app.get(
    privacyPaths.dataExportFile,
    {
      schema: {
        tags: ["user"],
        summary: "The data export's zip, by the signed link `GET /api/user/dataExport` gives (others 404)",
        querystring: DataExportFileQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as { id: number; exp: number; sig: string };
      const file = await service.openExportFile(request.user?.id ?? null, query);
      return reply
        .type("application/zip")
        .header("Content-Length", file.size)
        .header("Content-Disposition", `attachment; filename="${file.name}"`)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .send(fs.createReadStream(file.file));
    },
  );
}

export default fp(privacyPlugin, { name: "privacy", dependencies: ["database", "auth", "clock", "jobs", "bus"] });
