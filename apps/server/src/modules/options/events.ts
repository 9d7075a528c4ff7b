// What the options module publishes on the event bus (lib/event-bus.ts). Amounts are
// decimal strings.

/** An option order settled. */
export interface OptionSettledEvent {
  userId: number;
  orderId: number;
  symbol: string;
  /** The recorded price it settled on. */
  price: string;
  payout: string;
  currency: string;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** An option order settled (after commit): inbox message. */
    "options.settled": OptionSettledEvent;
  }
}
