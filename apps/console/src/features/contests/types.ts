// The operator's contest shapes and paths (packages/contract/src/contests.ts), types only so
// the console chunk does not pull the contract's zod schemas.
import type { ContestRoutes } from "@candor/contract";

export type { ContestStatus, OperatorContest, OperatorContestEntry } from "@candor/contract";
export type Texts = Record<string, string>;

/** The operator endpoints; a route renamed in the contract fails the type check here. */
export const CONTEST_PATHS = {
  list: "/api/operator/contests/list",
  create: "/api/operator/contests/create",
  update: "/api/operator/contests/update",
  entries: "/api/operator/contests/entries",
} as const satisfies {
  list: (typeof ContestRoutes)["operatorList"];
  create: (typeof ContestRoutes)["operatorCreate"];
  update: (typeof ContestRoutes)["operatorUpdate"];
  entries: (typeof ContestRoutes)["operatorEntries"];
};
