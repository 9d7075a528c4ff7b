// Makes the database and configuration available to every module.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import type { Database } from "../db";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    config: Config;
  }
}

async function databasePlugin(app: FastifyInstance, opts: { database: Database; config: Config }) {
  app.decorate("database", opts.database);
  app.decorate("config", opts.config);
}

export default fp(databasePlugin, { name: "database" });
