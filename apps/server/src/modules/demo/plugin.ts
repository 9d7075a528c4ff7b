// The demo module's per-app state: `app.demo`, where the trading modules register their
// reset steps and equity sources (registered before them; demo's routes come later).
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DemoParts } from "./service";

declare module "fastify" {
  interface FastifyInstance {
    demo: DemoParts;
  }
}

async function demoPlugin(app: FastifyInstance) {
  app.decorate("demo", new DemoParts());
}

export default fp(demoPlugin, { name: "demo" });
