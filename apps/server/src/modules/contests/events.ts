// What the contests module publishes on the event bus (lib/event-bus.ts). Amounts are
// decimal strings.

/** A contest prize was paid (once per entry). */
export interface ContestPrizePaidEvent {
  userId: number;
  contestId: number;
  entryId: number;
  rank: number;
  amount: string;
  currency: string;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A contest prize was paid (after commit, once per entry): inbox message. */
    "contest.prize_paid": ContestPrizePaidEvent;
  }
}
