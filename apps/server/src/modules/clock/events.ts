// What the clock module publishes on the event bus (lib/event-bus.ts).
export {};

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** The sandbox business clock moved: every node reloads its offset. */
    "clock.changed": { offsetMs: number };
  }
}
