// Statements and exports: the monthly statement PDF and the CSV exports (./service.ts).
import { statementEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { fileRoute } from "../../lib/route";
import { StatementsService } from "./service";

async function statementsPlugin(app: FastifyInstance) {
  const service = new StatementsService({ db: app.database.db, clock: app.clock });
  fileRoute(app, E.statement, ({ user, query, request }) => service.statement(user.id, query.month, request.lang));
  fileRoute(app, E.export, ({ user, query, request }) => service.export(user.id, query, request.lang));
}

export default fp(statementsPlugin, { name: "statements", dependencies: ["database", "auth", "clock"] });
