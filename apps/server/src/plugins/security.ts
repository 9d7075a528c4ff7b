// Security headers and rate limiting. The CSP allows only our own origin for
// scripts; /outlink shows external pages in a frame, so frame-src is open to https.
//
// The headers are the ones helmet sends with this configuration, built once at start
// and set from a constant on every response (helmet rebuilt the CSP string per request).

import { sandboxPaths, systemPaths } from "@candor/contract";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { t } from "../i18n";
import { failure } from "../lib/envelope";

const CSP_DIRECTIVES: Record<string, string[]> = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "font-src": ["'self'", "https:", "data:"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "object-src": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "media-src": ["'self'", "blob:"],
  "connect-src": ["'self'", "ws:", "wss:"],
  "frame-src": ["'self'", "https:"],
};

/** Every response's security headers (helmet's defaults with our CSP; no COEP). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join(";"),
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  // The desktop page frames the app from the same origin.
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});
const HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/** Routes counted by the global limit: the API and the sandbox's /dev endpoints. */
export function isLimitedRoute(routeUrl: string | undefined): boolean {
  return (
    routeUrl !== undefined && (routeUrl.startsWith(systemPaths.apiPrefix) || routeUrl.startsWith(sandboxPaths.prefix))
  );
}

async function securityPlugin(app: FastifyInstance, opts: { rateLimitPerMinute: number }) {
  // onRequest, as helmet did: errors, 404s, static files and websocket upgrades get them too.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of HEADER_ENTRIES) reply.header(name, value);
    done();
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute,
    timeWindow: "1 minute",
    // The limit protects the API. One page load fetches many static chunks, so the
    // app's own files (and /pc.html) are not counted. The decision is on the route that
    // matched, never on the raw URL: the router decodes "/%61pi/…" and absolute-form
    // request lines ("GET http://host/api/…") to the same /api routes.
    allowList: (request) => !isLimitedRoute(request.routeOptions.url),
    errorResponseBuilder: (request, context) => ({
      ...failure(429, t(request.lang, "tooManyRequests")),
      statusCode: context.statusCode,
    }),
  });
}

export default fp(securityPlugin, { name: "security", dependencies: ["envelope"] });
