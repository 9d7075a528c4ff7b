// Operator contest endpoints: list and entries (support and finance may look: finance for
// the prizes paid), create and edit (admin; edits only before the start).
import {
  ContestInput,
  ContestUpdateBody,
  OperatorContest,
  OperatorContestEntriesQuery,
  OperatorContestEntry,
  OperatorContestListQuery,
  page,
  type StaffRole,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import type { ContestsService } from "./service";

const tags = ["operator"];
const P = "/api/operator/contests";

export async function contestOperatorRoutes(app: FastifyInstance, { service }: { service: ContestsService }) {
  const admin = { roles: [] as StaffRole[] };
  const viewers = { roles: ["support", "finance"] as StaffRole[] };

  route(
    app,
    {
      method: "GET",
      url: `${P}/list`,
      auth: viewers,
      tags,
      summary: "Every contest with its texts in all languages, entrants and prizes paid",
      query: OperatorContestListQuery,
      result: page(OperatorContest),
    },
    ({ query }) => service.operatorList(query),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/create`,
      auth: admin,
      tags,
      summary: "Create a contest (start and end jobs scheduled on the business clock)",
      body: ContestInput,
      result: OperatorContest,
    },
    ({ body }) => service.create(body),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/update`,
      auth: admin,
      tags,
      summary: "Edit a contest before it starts (409 after)",
      body: ContestUpdateBody,
      result: OperatorContest,
    },
    ({ body }) => service.update(body.id, body.contest),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/entries`,
      auth: viewers,
      tags,
      summary: "A contest's entries, ranked: equity, yield, daily and total profit, prize and its ledger transfer",
      query: OperatorContestEntriesQuery,
      result: page(OperatorContestEntry),
    },
    ({ query }) => service.operatorEntries(query),
  );
}
