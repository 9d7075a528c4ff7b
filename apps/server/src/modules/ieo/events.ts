// What the IEO module publishes on the event bus (lib/event-bus.ts). The payload is the
// contract's (customer-visible).
import type { IeoOrderEvent } from "@candor/contract";

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** An IEO order was won, lost, expired or delivered (after commit): inbox message. */
    "ieo.order": IeoOrderEvent;
  }
}
