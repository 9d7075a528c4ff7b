// Resolves X-Access-Token to the customer. Routes opt in with `onRequest: app.requireUser`;
// everything a customer touches is scoped to request.user. Staff tokens ("stf_…") are
// resolved by the staff plugin (`app.requireRole(...)` on every /api/operator route).
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unauthorized } from "../lib/errors";
import { resolveSession, type SessionUser } from "../lib/sessions";

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

/** The logged-in caller; only call after `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest("user", null);
  // A callback hook: a request without a customer token costs no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers["x-access-token"];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || token.startsWith("stf_")) {
      request.user = null;
      return done();
    }
    resolveSession(app.database.db, token).then((user) => {
      request.user = user;
      done();
    }, done);
  });
  app.decorate("requireUser", async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized();
  });
}

export default fp(authPlugin, { name: "auth", dependencies: ["envelope"] });
