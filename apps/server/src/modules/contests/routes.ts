// Customer contest endpoints (CONTRACT.md "Contests", pinned) plus my contest account for
// the contest trading view. list/detail/ranking are public (with "mine" when signed in).
import {
  ContestAccount,
  ContestDetail,
  ContestEntryRecord,
  ContestExitBody,
  ContestExitResult,
  ContestIdQuery,
  ContestJoinBody,
  ContestJoinResult,
  ContestListQuery,
  ContestMyEntriesQuery,
  ContestRankingQuery,
  ContestRankingRecord,
  ContestSummary,
  page,
} from "@candor/contract";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { ContestsService } from "./service";

const tags = ["contests"];
const P = "/api/contest";

export async function contestRoutes(app: FastifyInstance, { service }: { service: ContestsService }) {
  const user = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: `${P}/list`,
      auth: "public",
      tags,
      summary: "Contests by status (1 in progress, 0 to start, -2 ended, -3 the ones I exited)",
      query: ContestListQuery,
      result: page(ContestSummary),
    },
    ({ query, request }) => service.list(request.user?.id ?? null, query, request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/detail`,
      auth: "public",
      tags,
      summary: "A contest: prize and split, entry funds, entrants, dates, rules, eligible symbols, my entry",
      query: ContestIdQuery,
      result: ContestDetail,
    },
    ({ query, request }) => service.detail(request.user?.id ?? null, query.id, request.lang),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/join`,
      auth: "user",
      tags,
      summary:
        "Join inside the entry window: virtual contest money (CUSDT) is granted to my contest account. " +
        "One contest at a time: 409 while another entry of mine is live, twice, or outside the window",
      body: ContestJoinBody,
      result: ContestJoinResult,
    },
    ({ body, request }) => service.join(user(request), body.id),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/exit`,
      auth: "user",
      tags,
      summary: "Leave a contest: contest positions closed at market, contest money returned, status -3, result kept",
      body: ContestExitBody,
      result: ContestExitResult,
    },
    ({ body, request }) => service.exit(user(request), body.id),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/myEntries`,
      auth: "user",
      tags,
      summary: "My contest entries: entry time, rank, yield, exit time, daily and total profit",
      query: ContestMyEntriesQuery,
      result: page(ContestEntryRecord),
    },
    ({ query, request }) => service.myEntries(user(request), query, request.lang),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/ranking`,
      auth: "public",
      tags,
      summary: "Ranking by yield rate (live while running, frozen after the end); nicknames masked",
      query: ContestRankingQuery,
      result: page(ContestRankingRecord),
    },
    ({ query, request }) => service.ranking(request.user?.id ?? null, query),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/account`,
      auth: "user",
      tags,
      summary: "My contest account: available CUSDT, margin, unrealised P&L, spot value, equity, yield, rank",
      query: ContestIdQuery,
      result: ContestAccount,
    },
    ({ query, request }) => service.account(user(request), query.id),
  );
}
