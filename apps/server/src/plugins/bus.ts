// The application event bus (`app.bus`): market ticks, futures position changes, support
// chat and private account events. In-process by default; with REDIS_URL it is Redis
// pub/sub (lib/redis-bus.ts), so every node delivers every event to its own sockets.
// Add a module's events to AppEvents below.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type EventBus, InProcessBus } from "../lib/event-bus";
import { RedisBus } from "../lib/redis-bus";
import type { AccountEvent } from "../modules/account-feed/events";
import type { ChatBusEvent } from "../modules/chat/service";
import type { FuturesPositionEvent } from "../modules/contracts/events";
import type { MarketTick } from "../modules/market/types";

export type AppEvents = {
  /** Every accepted price tick (market module; with Redis, from the feed leader). */
  "market.tick": MarketTick;
  /** A futures position opened, had its TP/SL changed, or closed (contracts module; after commit). */
  "futures.position": FuturesPositionEvent;
  /** The sandbox business clock moved (clock module): every node reloads its offset. */
  "clock.changed": { offsetMs: number };
  /** A support chat message, read receipt or recall (chat module; after commit). */
  "chat.event": ChatBusEvent;
  /** Something on a customer's account changed (balances, positions, orders; after commit). */
  "account.event": AccountEvent;
};

declare module "fastify" {
  interface FastifyInstance {
    bus: EventBus<AppEvents>;
  }
}

async function busPlugin(app: FastifyInstance) {
  const onHandlerError = (err: unknown, topic: string) => app.log.error({ err, topic }, "event handler failed");
  let bus: EventBus<AppEvents>;
  if (app.config.redisUrl) {
    const redis = new RedisBus<AppEvents>(app.config.redisUrl, {
      log: app.log.child({ module: "bus" }),
      prefix: `${app.config.redisPrefix ?? "candor:"}bus:`,
      onHandlerError,
    });
    try {
      await redis.ready();
      app.log.info({ node: redis.nodeId }, "event bus: Redis pub/sub");
    } catch (err) {
      app.log.error({ err }, "event bus: Redis not reachable at start; serving local sockets until it is");
    }
    bus = redis;
  } else {
    bus = new InProcessBus<AppEvents>(onHandlerError);
  }
  app.decorate("bus", bus);
  app.addHook("onClose", async () => {
    await bus.close();
  });
}

export default fp(busPlugin, { name: "bus", dependencies: ["database"] });
