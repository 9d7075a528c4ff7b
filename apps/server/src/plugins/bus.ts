// The application event bus (`app.bus`): market ticks today; settlement, valuation
// and websockets subscribe to it. In-process by default; a Redis implementation of
// the same EventBus interface can replace it for several API nodes (REDIS_URL).
// Add a module's events to AppEvents below.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type EventBus, InProcessBus } from "../lib/event-bus";
import type { ChatBusEvent } from "../modules/chat/service";
import type { FuturesPositionEvent } from "../modules/contracts/events";
import type { MarketTick } from "../modules/market/types";

export type AppEvents = {
  /** Every accepted price tick (market module). */
  "market.tick": MarketTick;
  /** A futures position opened, had its TP/SL changed, or closed (contracts module; after commit). */
  "futures.position": FuturesPositionEvent;
  /** A support chat message, read receipt or recall (chat module; after commit). */
  "chat.event": ChatBusEvent;
};

declare module "fastify" {
  interface FastifyInstance {
    bus: EventBus<AppEvents>;
  }
}

async function busPlugin(app: FastifyInstance) {
  const bus = new InProcessBus<AppEvents>((err, topic) => app.log.error({ err, topic }, "event handler failed"));
  app.decorate("bus", bus);
  app.addHook("onClose", async () => {
    await bus.close();
  });
}

export default fp(busPlugin, { name: "bus" });
