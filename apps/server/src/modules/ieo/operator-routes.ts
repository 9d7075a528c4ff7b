// Operator IEO endpoints: projects (admin creates and edits; finance may look) and the
// entries of a project.
import { ieoEndpoints as E } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { IeoService } from "./service";

export async function ieoOperatorRoutes(app: FastifyInstance, { service }: { service: IeoService }) {
  route(app, E.operatorList, ({ query, request }) => service.operatorProjects(request.lang, query));
  route(app, E.operatorCreate, ({ body, request }) => service.create(body, request.lang));
  route(app, E.operatorUpdate, ({ body, request }) => {
    const { id, ...input } = body;
    return service.update(id, input, request.lang);
  });
  route(app, E.operatorEntries, ({ query, request }) => service.entries(query, request.lang));
}
