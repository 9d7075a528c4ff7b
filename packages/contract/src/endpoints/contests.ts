// Contest endpoints (docs/contract.md "Contests", pinned): the customer's list, detail,
// join, exit, entries, ranking and contest account; the operator's list, create, edit and
// entries. Trading with contest money goes through the futures and spot endpoints with
// `mode: "contest"` and the contest id.

import { page } from "../common";
import {
  ContestAccount,
  ContestDetail,
  ContestEntryRecord,
  ContestExitBody,
  ContestExitResult,
  ContestIdQuery,
  ContestInput,
  ContestJoinBody,
  ContestJoinResult,
  ContestListQuery,
  ContestMyEntriesQuery,
  ContestRankingQuery,
  ContestRankingRecord,
  ContestSummary,
  ContestUpdateBody,
  OperatorContest,
  OperatorContestEntriesQuery,
  OperatorContestEntry,
  OperatorContestListQuery,
} from "../contests";
import { endpoints } from "../endpoint";
import { contestPaths as P } from "../paths/contests";

const tags = ["contests"];
const operatorTags = ["operator"];
const admin = { roles: [] } as const;
const viewers = { roles: ["support", "finance"] } as const;

export const contestEndpoints = endpoints({
  list: {
    method: "GET",
    path: P.list,
    auth: "public",
    tags,
    summary: "Contests by status (1 in progress, 0 to start, -2 ended, -3 the ones I exited)",
    query: ContestListQuery,
    result: page(ContestSummary),
  },
  detail: {
    method: "GET",
    path: P.detail,
    auth: "public",
    tags,
    summary: "A contest: prize and split, entry funds, entrants, dates, rules, eligible symbols, my entry",
    query: ContestIdQuery,
    result: ContestDetail,
    errors: [404],
  },
  join: {
    method: "POST",
    path: P.join,
    auth: "user",
    tags,
    summary:
      "Join inside the entry window: virtual contest money (CUSDT) is granted to my contest account. " +
      "One contest at a time: 409 while another entry of mine is live, twice, or outside the window",
    body: ContestJoinBody,
    result: ContestJoinResult,
    errors: [403, 404, 409],
  },
  exit: {
    method: "POST",
    path: P.exit,
    auth: "user",
    tags,
    summary: "Leave a contest: contest positions closed at market, contest money returned, status -3, result kept",
    body: ContestExitBody,
    result: ContestExitResult,
    errors: [404, 409],
  },
  myEntries: {
    method: "GET",
    path: P.myEntries,
    auth: "user",
    tags,
    summary: "My contest entries: entry time, rank, yield, exit time, daily and total profit",
    query: ContestMyEntriesQuery,
    result: page(ContestEntryRecord),
  },
  ranking: {
    method: "GET",
    path: P.ranking,
    auth: "public",
    tags,
    summary: "Ranking by yield rate (live while running, frozen after the end); nicknames masked",
    query: ContestRankingQuery,
    result: page(ContestRankingRecord),
    errors: [404],
  },
  account: {
    method: "GET",
    path: P.account,
    auth: "user",
    tags,
    summary: "My contest account: available CUSDT, margin, unrealised P&L, spot value, equity, yield, rank",
    query: ContestIdQuery,
    result: ContestAccount,
    errors: [404],
  },
  operatorList: {
    method: "GET",
    path: P.operatorList,
    auth: viewers,
    tags: operatorTags,
    summary: "Every contest with its texts in all languages, entrants and prizes paid",
    query: OperatorContestListQuery,
    result: page(OperatorContest),
  },
  operatorCreate: {
    method: "POST",
    path: P.operatorCreate,
    auth: admin,
    tags: operatorTags,
    summary: "Create a contest (start and end jobs scheduled on the business clock)",
    body: ContestInput,
    result: OperatorContest,
  },
  operatorUpdate: {
    method: "POST",
    path: P.operatorUpdate,
    auth: admin,
    tags: operatorTags,
    summary: "Edit a contest before it starts (409 after)",
    body: ContestUpdateBody,
    result: OperatorContest,
    errors: [404, 409],
  },
  operatorEntries: {
    method: "GET",
    path: P.operatorEntries,
    auth: viewers,
    tags: operatorTags,
    summary: "A contest's entries, ranked: equity, yield, daily and total profit, prize and its ledger transfer",
    query: OperatorContestEntriesQuery,
    result: page(OperatorContestEntry),
    errors: [404],
  },
});
