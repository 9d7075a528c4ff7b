// Named numeric statuses (the seed's numbers stay on the wire). No zod here: the front ends
// import these at run time without pulling the schemas. The zod enums (money.ts,
// contests.ts) are checked against them.

/** The deposit and withdrawal record states by name (the numbers stay on the wire). */
export const RecordStatuses = {
  /** Under review (deposit awaiting its credit; withdrawal awaiting approval). */
  pending: 0,
  /** Deposit credited; withdrawal approved and being paid out. */
  completed: 1,
  /** Withdrawal paid out. */
  paidOut: 2,
  /** Rejected (a withdrawal cancelled by the customer too: `cancelled` true). */
  rejected: -1,
  failed: -2,
} as const;

/** The contest and entry statuses by name (the numbers stay on the wire). */
export const ContestStatuses = {
  /** Contest in progress; entry running. */
  running: 1,
  /** Contest not started yet; entry joined before the start. */
  upcoming: 0,
  /** Contest over (result frozen). */
  ended: -2,
  /** Entry left early (result kept). */
  exited: -3,
} as const;
