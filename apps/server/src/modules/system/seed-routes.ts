// The seed's system calls (SEED-API.md): a public setting by key, the app's static runtime
// config at /config.json, and the one declined call.
import fs from "node:fs";
import path from "node:path";
import { ErrorEnvelope, envelope, RuntimeConfig, SysSetQuery } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { REPO_ROOT } from "../../paths";
import { getPublicSetting } from "../settings/service";

/** The built app's copy (vite copies apps/web/public), else the source file (dev, tests). */
export function runtimeConfigFile(webDist: string): string | null {
  for (const file of [path.join(webDist, "config.json"), path.join(REPO_ROOT, "apps/web/public/config.json")]) {
    if (fs.existsSync(file)) return file;
  }
  return null;
}

export const DECLINED_PATH = "/api/user/appUser/importantCustomerOnLine";

export const seedSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/set/appSysSet/getKeyByParam",
    {
      schema: {
        tags: ["system"],
        summary:
          'A public setting as a JSON string (query: param); `sys_set` gives e.g. "{\\"isPcLimite\\":true}". Unknown or private keys → 404',
        querystring: SysSetQuery,
        response: { 200: envelope(z.string().describe("the setting's value, JSON-encoded")) },
      },
    },
    async (request) => {
      const setting = await getPublicSetting(db, request.query.param);
      if (!setting) throw notFound("settingNotFound", { param: request.query.param });
      return ok(JSON.stringify(setting.value));
    },
  );

  const configFile = runtimeConfigFile(app.config.webDist);
  const runtimeConfig = configFile ? RuntimeConfig.parse(JSON.parse(fs.readFileSync(configFile, "utf8"))) : null;
  app.get(
    "/config.json",
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

  app.route({
    method: ["GET", "POST"],
    url: DECLINED_PATH,
    schema: {
      tags: ["system"],
      summary: "Declined seed call: always 404 with a translated message",
      description:
        'The seed reports "important customers" online here. Candor does not single out customers (DESIGN.md §1.5): ' +
        "this path answers 404 with the message `importantCustomerDeclined` for everyone, and records nothing.",
      response: { 404: ErrorEnvelope },
    },
    handler: async () => {
      throw notFound("importantCustomerDeclined");
    },
  });
};
