// The application event bus (`app.bus`): market ticks, futures position changes, support
// chat and private account events. In-process by default; with REDIS_URL it is Redis
// pub/sub (lib/redis-bus.ts), so every node delivers every event to its own sockets.
// The bus is generic: each module declares the events it publishes in its own events.ts
// (it adds them to `AppEvents`, lib/event-bus.ts), so this file imports no module.

import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type AppEvents, type EventBus, InProcessBus } from "../lib/event-bus";
import { RedisBus } from "../lib/redis-bus";

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
