// Consumer protection: `app.protection` (service), the gate in front of every money-in and
// risk-taking route (./gate.ts), the customer's limits/exclusion routes and the console's
// read-only view. Registered before the modules whose routes it gates.
import { protectionEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { route } from "../../lib/route";
import { usernamesByIds } from "../users/service";
import { PROTECTED_GETS, PROTECTED_POSTS } from "./gate";
import { ProtectionService } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    protection: ProtectionService;
  }
}

async function protectionPlugin(app: FastifyInstance) {
  const db = app.database.db;
  // The market registers later (its routes come after this gate): its prices are read per request.
  const service = new ProtectionService({ db, clock: app.clock, usdtRate: (c) => app.market.usdtRate(c) });
  app.decorate("protection", service);

  const gets = new Set(PROTECTED_GETS);
  app.addHook("preHandler", (request, _reply, done) => {
    const url = request.routeOptions.url ?? "";
    const user = request.user;
    if (user?.role !== "customer") return done();
    if (request.method === "POST") {
      const check = PROTECTED_POSTS[url];
      if (!check) return done();
      check(service, user.id, request.body as never, request.lang).then(() => done(), done);
      return;
    }
    if (request.method === "GET" && gets.has(url)) {
      service.assertNotExcluded(user.id).then(() => done(), done);
      return;
    }
    done();
  });

  route(app, E.limits, ({ user }) => service.get(user.id));
  route(app, E.setLimits, ({ user, body }) => service.set(user.id, body));
  route(app, E.exclusion, ({ user, body }) => service.exclude(user.id, body));
  route(app, E.sessionSummary, ({ user, query }) => service.sessionSummary(user.id, query.since));
  route(app, E.operatorLimits, async ({ query }) => {
    const known = await usernamesByIds(db, [query.id]);
    return service.getForOperator(query.id, known.has(query.id));
  });
}

export default fp(protectionPlugin, { name: "protection", dependencies: ["database", "auth", "clock"] });
