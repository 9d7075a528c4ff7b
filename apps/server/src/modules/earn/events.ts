// What the earn module publishes on the event bus (lib/event-bus.ts).

/** An earn order ended; `reason` is the order's end reason. */
export interface EarnOrderEndedEvent {
  userId: number;
  orderId: number;
  reason: string;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** An earn order ended (after commit): inbox message. */
    "earn.order_ended": EarnOrderEndedEvent;
  }
}
