// What the KYC module publishes on the event bus (lib/event-bus.ts).

/** A submission was reviewed. */
export interface KycResultEvent {
  userId: number;
  submissionId: number;
  level: string;
  approved: boolean;
  reason?: string | null;
}

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** An identity submission was approved or rejected (after commit): inbox message. */
    "kyc.result": KycResultEvent;
  }
}
