// The operator's contest shapes (the partner server's packages/contract/src/contests.ts:
// OperatorContest, ContestInput, OperatorContestEntry), spelled out here until that file is merged.
export type ContestStatus = 1 | 0 | -2 | -3;
export type Texts = Record<string, string>;

export interface OperatorContest {
  id: number;
  name: Texts;
  rules: Texts;
  startAt: string;
  endAt: string;
  entryStart: string;
  entryEnd: string;
  prize: string;
  prizeSplit: string[];
  entryFunds: string;
  currency: string;
  symbols: string[];
  status: ContestStatus;
  entrants: number;
  prizesPaid: string;
  endedAt: string | null;
  createdAt: string;
}

export interface OperatorContestEntry {
  entryId: number;
  userId: number;
  nickname: string;
  status: ContestStatus;
  entryTime: string;
  exitTime: string | null;
  rank: number | null;
  equity: string;
  yieldRate: string;
  dailyProfit: string;
  totalProfit: string;
  prizePaid: string | null;
  prizeTransferId: number | null;
}

export const CONTEST_PATHS = {
  list: "/api/operator/contests/list",
  create: "/api/operator/contests/create",
  update: "/api/operator/contests/update",
  entries: "/api/operator/contests/entries",
} as const;
