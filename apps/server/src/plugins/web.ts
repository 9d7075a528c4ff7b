// Serves the built web app: static assets, /pc.html, and the app entry for every
// other non-API path. Unknown /api paths get the 404 envelope instead.
// The build writes .br and .gz beside every text asset (apps/web/build/precompress.ts);
// they are sent as they are to clients that accept them (Content-Encoding, Vary).
import fs from "node:fs";
import path from "node:path";
import { sandboxPaths, systemPaths } from "@candor/contract";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { apiNotFound } from "./envelope";

async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const hasBuild = fs.existsSync(path.join(opts.webDist, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: true,
      index: ["index.html"],
      preCompressed: true,
      // Hashed assets can be cached for long; the entry pages must always revalidate.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        } else {
          res.header("Cache-Control", "no-cache");
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith(systemPaths.apiPrefix) ||
      `${request.url}/` === systemPaths.apiPrefix ||
      request.url.startsWith(sandboxPaths.prefix) ||
      request.method !== "GET"
    ) {
      return apiNotFound(request, reply);
    }
    // A missing file of the console is not the customer app's page (the console is hash-routed).
    if (request.url.startsWith("/console/")) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    if (!hasBuild) {
      return reply
        .code(404)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet: run `npm run build` (npm start does this for you).");
    }
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}

export default fp(webPlugin, { name: "web", dependencies: ["envelope"] });
