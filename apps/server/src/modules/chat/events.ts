// What the chat module publishes on the event bus (lib/event-bus.ts).
import type { ChatBusEvent } from "./service";

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** A support chat message, read receipt or recall (after commit). */
    "chat.event": ChatBusEvent;
  }
}
