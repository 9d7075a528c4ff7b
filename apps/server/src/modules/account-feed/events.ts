// The private account channel's event: what changed on one customer's account. The app
// refetches the matching data (no amounts travel on the bus or the socket).
// "profile": the customer's own record changed without a request of theirs (staff decided
// their identity verification): the app reloads the profile and verification state.
export type AccountEventKind = "balances" | "positions" | "orders" | "profile";

export interface AccountEvent {
  userId: number;
  kinds: AccountEventKind[];
  /** Epoch ms on the publishing node. */
  at: number;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** Something on a customer's account changed (balances, positions, orders; after commit). */
    "account.event": AccountEvent;
  }
}
