// Rewards endpoints' paths (docs/contract.md "Rewards"): VIP levels and envelopes, team and
// rebates, welfare tasks; the operator's tasks and levels. Shapes: ../endpoints/rewards.ts.
export const rewardPaths = {
  levels: "/api/user/appLevels/list",
  myVip: "/api/user/appLevels/my",
  openEnvelope: "/api/user/appLevels/openEnvelope",
  claimGift: "/api/user/appLevels/claimGift",
  team: "/api/marketing/myTeam",
  rebates: "/api/marketing/rebates",
  tasks: "/api/marketing/tasks",
  claim: "/api/marketing/tasks/claim",
  /** GET lists, POST creates. */
  operatorTasks: "/api/operator/rewards/tasks",
  /** PUT edits, DELETE deletes. */
  operatorTask: "/api/operator/rewards/tasks/:id",
  /** GET lists, POST creates or edits. */
  operatorLevels: "/api/operator/rewards/levels",
} as const;
