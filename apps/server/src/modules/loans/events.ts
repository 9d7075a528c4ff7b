// What the loans module publishes on the event bus (lib/event-bus.ts). The customer-visible
// payloads are the contract's (packages/contract/src/loans-events.ts).
import type { LoanMarginCallEvent, LoanStatusEvent } from "@candor/contract";
import type { LoanIndexEvent } from "./orders";

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A pledge loan's LTV reached the margin-call level (after commit): inbox message + banner. */
    "loan.margin_call": LoanMarginCallEvent;
    /** Any loan status change or notable event (applied, approved, rejected, overdue, repaid, liquidated, …). */
    "loan.status": LoanStatusEvent;
    /** An open pledge loan changed (after commit): the settlement leader's index follows it. */
    "loan.index": LoanIndexEvent;
  }
}
