// Consumer protection (docs/contract.md "Consumer protection"): the customer's limits,
// time-out and self-exclusion, the reality check's session summary; the console reads them
// (there is deliberately no operator call that lifts an exclusion or a limit).
import { endpoints } from "../endpoint";
import { protectionPaths as P } from "../paths/protection";
import {
  CustomerLimitsQuery,
  ExclusionBody,
  ExclusionState,
  SessionSummary,
  SessionSummaryQuery,
  UserLimits,
  UserLimitsBody,
} from "../protection";

const tags = ["user"];

export const protectionEndpoints = endpoints({
  limits: {
    method: "GET",
    path: P.limits,
    auth: "user",
    tags,
    summary: "My deposit and loss limits (rolling day/week/month, USDT), reality check, pending raises and exclusion",
    result: UserLimits,
  },
  setLimits: {
    method: "POST",
    path: P.limits,
    auth: "user",
    tags,
    summary: "Change limits: a lower limit applies at once, a higher one (or removing one) after 24 hours",
    body: UserLimitsBody,
    result: UserLimits,
  },
  exclusion: {
    method: "POST",
    path: P.exclusion,
    auth: "user",
    tags,
    summary:
      "Take a time-out (24h, 7d, 6w) or self-exclude (6m, 1y, 2y, 5y); it cannot be lifted early, a second request only lengthens it",
    description:
      "While it runs: deposits, deposit addresses, opening futures/options/spot, earn purchases, loan and IEO applications " +
      "and contest entries answer 403; closing positions, withdrawals, support chat and reading stay open; marketing messages stop.",
    body: ExclusionBody,
    result: ExclusionState,
  },
  sessionSummary: {
    method: "GET",
    path: P.sessionSummary,
    auth: "user",
    tags,
    summary: "The reality check's figures: net realised result in USDT since the session's start",
    query: SessionSummaryQuery,
    result: SessionSummary,
  },
  operatorLimits: {
    method: "GET",
    path: P.operatorLimits,
    auth: { roles: ["support", "compliance", "finance"] },
    tags: ["operator"],
    summary: "A customer's limits and exclusion (read-only: nobody can lift an exclusion early)",
    query: CustomerLimitsQuery,
    result: UserLimits,
    errors: [404],
  },
});
