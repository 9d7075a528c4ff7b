// The operator's contest shapes and paths (packages/contract/src/contests.ts), types only so
// the console chunk does not pull the contract's zod schemas.
import { contestPaths } from "@candor/contract/paths";

export type { ContestStatus, OperatorContest, OperatorContestEntry } from "@candor/contract";
export type Texts = Record<string, string>;

/** The operator endpoints (the contract's route table). */
export const CONTEST_PATHS = {
  list: contestPaths.operatorList,
  create: contestPaths.operatorCreate,
  update: contestPaths.operatorUpdate,
  entries: contestPaths.operatorEntries,
} as const;
