// Events of price alerts: a change the settlement leader applies to its in-memory index, and
// a fired alert (the inbox, the open app sockets on every node).
import type { PriceAlertKind } from "@candor/domain";

export interface AlertChangedEvent {
  id: number;
  userId: number;
  symbol: string;
  kind: PriceAlertKind;
  value: string;
  armed: boolean;
  deleted: boolean;
}

export interface AlertFiredEvent {
  userId: number;
  alertId: number;
  symbol: string;
  kind: PriceAlertKind;
  value: string;
  price: string;
  /** The nth firing of this alert: with alertId, the inbox message's unique source. */
  fireCount: number;
  firedAt: string;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A price alert was created or deleted (the settlement leader updates its index). */
    "alerts.changed": AlertChangedEvent;
    /** A price alert fired (after its state was stored). */
    "alerts.fired": AlertFiredEvent;
  }
}
