// Security headers and rate limiting. The CSP allows only our own origin for
// scripts; /outlink shows external pages in a frame, so frame-src is open to https.
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { t } from "../i18n";
import { failure } from "../lib/envelope";

async function securityPlugin(app: FastifyInstance, opts: { rateLimitPerMinute: number }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameSrc: ["'self'", "https:"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The desktop page frames the app from the same origin.
    frameguard: { action: "sameorigin" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute,
    timeWindow: "1 minute",
    // The limit protects the API. One page load fetches many static chunks, so the
    // app's own files (and /pc.html) are not counted.
    allowList: (request) => !request.url.startsWith("/api/") && !request.url.startsWith("/dev/"),
    errorResponseBuilder: (request, context) => ({
      ...failure(429, t(request.lang, "tooManyRequests")),
      statusCode: context.statusCode,
    }),
  });
}

export default fp(securityPlugin, { name: "security", dependencies: ["envelope"] });
