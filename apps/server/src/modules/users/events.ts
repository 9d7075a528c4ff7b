// Events about a customer's identity, published on the event bus (lib/event-bus.ts) by the
// modules above users that do the work (kyc, auth); users owns the declaration because both
// sit on it.
export {};

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A customer passed identity verification or bound Google Authenticator (kyc/auth; after commit). */
    "customer.activity": { userId: number; kind: "kyc_verified" | "totp_enabled" };
  }
}
