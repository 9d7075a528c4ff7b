// The seed's system calls (docs/seed-api.md): a public setting by key, the app's static runtime
// config at /config.json, and the one declined call.
import fs from "node:fs";
import path from "node:path";
import { systemEndpoints as E, ErrorEnvelope, RuntimeConfig, systemPaths } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors";
import { route } from "../../lib/route";
import { REPO_ROOT } from "../../paths";
import { getPublicSetting } from "../settings/service";

/** The built app's copy (vite copies apps/web/public), else the source file (dev, tests). */
export function runtimeConfigFile(webDist: string): string | null {
  for (const file of [path.join(webDist, "config.json"), path.join(REPO_ROOT, "apps/web/public/config.json")]) {
    if (fs.existsSync(file)) return file;
  }
  return null;
}

export const DECLINED_PATH = systemPaths.declined;

export const seedSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(app, E.settingByKey, async ({ query }) => {
    const setting = await getPublicSetting(db, query.param);
    if (!setting) throw notFound("settingNotFound", { param: query.param });
    return JSON.stringify(setting.value);
  });

  const configFile = runtimeConfigFile(app.config.webDist);
  const runtimeConfig = configFile ? RuntimeConfig.parse(JSON.parse(fs.readFileSync(configFile, "utf8"))) : null;
  // Stays a raw route: plain JSON (no envelope), unlimited.
  app.get(
    systemPaths.runtimeConfig,
    {
      config: { rateLimit: false },
      schema: {
        tags: ["system"],
        summary:
          "The app's static runtime config (apps/web/public/config.json; the Vite dev server serves the same file). Plain JSON, no envelope",
        response: { 200: RuntimeConfig },
      },
    },
    async (_request, reply) => {
      if (!runtimeConfig) throw notFound();
      reply.header("Cache-Control", "no-cache");
      return runtimeConfig;
    },
  );

  // Stays a raw route: GET and POST, and it only ever answers 404.
  app.route({
    method: ["GET", "POST"],
    url: DECLINED_PATH,
    schema: {
      tags: ["system"],
      summary: "Declined seed call: always 404 with a translated message",
      description:
        'The seed reports "important customers" online here. Candor does not single out customers (docs/product.md §1.5): ' +
        "this path answers 404 with the message `importantCustomerDeclined` for everyone, and records nothing.",
      response: { 404: ErrorEnvelope },
    },
    handler: async () => {
      throw notFound("importantCustomerDeclined");
    },
  });
};
