// Contest endpoints' paths (docs/contract.md "Contests"). Shapes: ../endpoints/contests.ts.
export const contestPaths = {
  list: "/api/contest/list",
  detail: "/api/contest/detail",
  join: "/api/contest/join",
  exit: "/api/contest/exit",
  myEntries: "/api/contest/myEntries",
  ranking: "/api/contest/ranking",
  account: "/api/contest/account",
  operatorList: "/api/operator/contests/list",
  operatorCreate: "/api/operator/contests/create",
  operatorUpdate: "/api/operator/contests/update",
  operatorEntries: "/api/operator/contests/entries",
} as const;
