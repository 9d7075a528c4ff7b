// The application event bus (`app.bus`): market ticks, futures position changes, support
// chat and private account events. In-process by default; with REDIS_URL it is Redis
// pub/sub (lib/redis-bus.ts), so every node delivers every event to its own sockets.
// Add a module's events to AppEvents below.

import type { IeoOrderEvent, LoanMarginCallEvent, LoanStatusEvent } from "@candor/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { DomainEvents } from "../lib/domain-events";
import { type EventBus, InProcessBus } from "../lib/event-bus";
import { RedisBus } from "../lib/redis-bus";
import type { AccountEvent } from "../modules/account-feed/events";
import type { ChatBusEvent } from "../modules/chat/service";
import type { FuturesPositionEvent } from "../modules/contracts/events";
import type { LoanIndexEvent } from "../modules/loans/orders";
import type { MarketTick } from "../modules/market/types";

export type AppEvents = {
  /** Every accepted price tick (market module; with Redis, from the feed leader). */
  "market.tick": MarketTick;
  /** A symbol was listed at run time (market.addSymbol, e.g. an IEO token): every node loads it. */
  "market.symbol_added": { symbol: string };
  /** A futures position opened, had its TP/SL changed, or closed (contracts module; after commit). */
  "futures.position": FuturesPositionEvent;
  /** The sandbox business clock moved (clock module): every node reloads its offset. */
  "clock.changed": { offsetMs: number };
  /** A support chat message, read receipt or recall (chat module; after commit). */
  "chat.event": ChatBusEvent;
  /** Something on a customer's account changed (balances, positions, orders; after commit). */
  "account.event": AccountEvent;
  /** A pledge loan's LTV reached the margin-call level (loans module; after commit): inbox message + banner. */
  "loan.margin_call": LoanMarginCallEvent;
  /** Any loan status change or notable event (applied, approved, rejected, overdue, repaid, liquidated, …). */
  "loan.status": LoanStatusEvent;
  /** An open pledge loan changed (loans module; after commit): the settlement leader's index follows it. */
  "loan.index": LoanIndexEvent;
  /** An IEO order was won, lost, expired or delivered (ieo module; after commit): inbox message. */
  "ieo.order": IeoOrderEvent;
  /** A customer passed identity verification or bound Google Authenticator (kyc/auth routes; after commit). */
  "customer.activity": { userId: number; kind: "kyc_verified" | "totp_enabled" };
  /** A welfare task became done for a customer (rewards module; once per customer and task): inbox message. */
  "reward.task_done": { userId: number; taskId: number; title: string };
} & Omit<DomainEvents, "reward.task_done">;

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
