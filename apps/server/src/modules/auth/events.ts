// What the auth module (sessions) and the modules that end access publish on the event bus
// (lib/event-bus.ts).
export {};

declare module "../../lib/event-bus" {
  interface AppEvents {
    /**
     * Access was taken away (after commit): a customer's sessions ended (logout, revoke, password
     * change or reset, "this was not me"), a guest conversation was merged into a customer's, or a
     * staff member was disabled, demoted or lost a session. Every node re-checks the matching
     * websockets (account feed, customer chat, agent chat) and closes those no longer allowed.
     */
    "access.revoked": { userId?: number; guestId?: number; staff?: boolean };
  }
}
