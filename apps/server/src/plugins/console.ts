// Serves the built operator console (apps/console) at /console/: the entry page always
// revalidated, hashed assets cached for long, brotli/gzip sent as built. The console is
// hash-routed, so /console/ is its only page; /console redirects there.
import fs from "node:fs";
import path from "node:path";
import { systemPaths } from "@candor/contract";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

async function consolePlugin(app: FastifyInstance, opts: { consoleDist: string }) {
  const hasBuild = fs.existsSync(path.join(opts.consoleDist, "index.html"));
  // Raw routes: a redirect and a plain-text page (static files, not the API).
  const page = systemPaths.console;
  app.get(page.slice(0, -1), { schema: { hide: true } }, (_request, reply) => reply.redirect(page));
  if (!hasBuild) {
    app.get(page, { schema: { hide: true } }, (_request, reply) =>
      reply
        .code(404)
        .type("text/plain; charset=utf-8")
        .send("The operator console is not built yet: run `npm run build` (npm start does this for you)."),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.consoleDist,
    prefix: page,
    decorateReply: false,
    wildcard: true,
    index: ["index.html"],
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        res.header("Cache-Control", "no-cache");
      }
      // The console is never framed and never indexed.
      res.header("X-Robots-Tag", "noindex");
    },
  });
}

export default fp(consolePlugin, { name: "console", dependencies: ["envelope"] });
