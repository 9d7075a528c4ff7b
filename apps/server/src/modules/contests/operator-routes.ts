// Operator contest endpoints: list and entries (support and finance may look: finance for
// the prizes paid), create and edit (admin; edits only before the start).
import { contestEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { ContestsOperator } from "./operator";

export async function contestOperatorRoutes(app: FastifyInstance, { operator }: { operator: ContestsOperator }) {
  route(app, E.operatorList, ({ query }) => operator.operatorList(query));
  route(app, E.operatorCreate, ({ body }) => operator.create(body));
  route(app, E.operatorUpdate, ({ body }) => operator.update(body.id, body.contest));
  route(app, E.operatorEntries, ({ query }) => operator.operatorEntries(query));
}
