// Operator IEO endpoints: projects (admin creates and edits; finance may look) and the
// entries of a project.
import type { StaffRole } from "@candor/contract";
import {
  IeoProjectInput,
  IeoProjectUpdateBody,
  OperatorIeoEntriesQuery,
  OperatorIeoEntry,
  OperatorIeoListQuery,
  OperatorIeoProject,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { IeoService } from "./service";

const tags = ["operator"];
const P = "/api/operator/ieo";

export async function ieoOperatorRoutes(app: FastifyInstance, { service }: { service: IeoService }) {
  const admin = { roles: [] as StaffRole[] };
  const finance = { roles: ["finance"] as StaffRole[] };

  route(
    app,
    {
      method: "GET",
      url: `${P}/list`,
      auth: finance,
      tags,
      summary: "IEO projects with their texts in every language, applied and paid units",
      query: OperatorIeoListQuery,
      result: page(OperatorIeoProject),
    },
    ({ query, request }) => service.operatorProjects(request.lang, query),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/create`,
      auth: admin,
      tags,
      summary: "Create an IEO project (a secret seed is made; its SHA-256 is published at once)",
      body: IeoProjectInput,
      result: OperatorIeoProject,
    },
    ({ body, request }) => service.create(body, request.lang),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/update`,
      auth: admin,
      tags,
      summary: "Edit an IEO project (only before applications open)",
      body: IeoProjectUpdateBody,
      result: OperatorIeoProject,
    },
    ({ body, request }) => {
      const { id, ...input } = body;
      return service.update(id, input, request.lang);
    },
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/entries`,
      auth: finance,
      tags,
      summary: "The applications (orders) of a project with their customers and outcomes",
      query: OperatorIeoEntriesQuery,
      result: page(OperatorIeoEntry),
    },
    ({ query, request }) => service.entries(query, request.lang),
  );
}
