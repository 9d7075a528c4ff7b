// The event bus across API nodes (REDIS_URL): Redis pub/sub, one channel per topic.
// A publish is delivered to this node's handlers at once (same as the in-process bus,
// so nothing on this node waits for Redis) and sent to Redis for the other nodes; a
// node drops its own messages when they come back. While Redis is down the node logs
// (once per outage), keeps delivering locally, and resumes when Redis is back (ioredis
// reconnects and re-subscribes); events published during the outage do not reach the
// other nodes — nothing durable travels on the bus (ledger writes are in PostgreSQL, and
// settlement re-reads open positions from the database).
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { type EventBus, InProcessBus, type Unsubscribe } from "./event-bus";

export interface RedisBusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RedisBusOptions {
  /** Channel prefix (several deployments on one Redis). */
  prefix?: string;
  log: RedisBusLog;
  onHandlerError?: (err: unknown, topic: string) => void;
}

interface Envelope {
  /** Publishing node. */
  n: string;
  /** Payload. */
  p: unknown;
}

export class RedisBus<Events extends object> implements EventBus<Events> {
  readonly nodeId = randomBytes(8).toString("hex");
  private readonly local: InProcessBus<Events>;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly prefix: string;
  private readonly channels = new Set<string>();
  private down = false;
  /** Messages received from other nodes, and publishes that could not reach Redis. */
  readonly stats = { received: 0, published: 0, failed: 0 };

  constructor(
    url: string,
    private readonly options: RedisBusOptions,
  ) {
    this.prefix = options.prefix ?? "candor:bus:";
    this.local = new InProcessBus<Events>(options.onHandlerError);
    const common = {
      // Never queue while disconnected: a publish fails at once (logged) instead of
      // growing memory, and the subscriber re-subscribes by itself on reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
      lazyConnect: false,
    };
    this.pub = new Redis(url, common);
    this.sub = new Redis(url, { ...common, enableOfflineQueue: true });
    for (const [name, client] of [
      ["publisher", this.pub],
      ["subscriber", this.sub],
    ] as const) {
      client.on("error", (err) => this.outage(name, err));
      client.on("ready", () => this.recovered(name));
    }
    this.sub.on("messageBuffer", (channel: Buffer, message: Buffer) => this.receive(channel.toString(), message));
  }

  /** Resolves when both connections are ready (start-up waits, so the first events are not lost). */
  async ready(timeoutMs = 5000): Promise<void> {
    const wait = (c: Redis) =>
      c.status === "ready"
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("Redis did not answer")), timeoutMs);
            c.once("ready", () => {
              clearTimeout(timer);
              resolve();
            });
          });
    await Promise.all([wait(this.pub), wait(this.sub)]);
  }

  publish<K extends keyof Events & string>(topic: K, payload: Events[K]): void {
    this.local.publish(topic, payload);
    const envelope: Envelope = { n: this.nodeId, p: payload };
    this.stats.published++;
    this.pub.publish(this.prefix + topic, JSON.stringify(envelope)).catch((err) => {
      this.stats.failed++;
      this.outage("publisher", err);
    });
  }

  subscribe<K extends keyof Events & string>(topic: K, handler: (payload: Events[K]) => void): Unsubscribe {
    const channel = this.prefix + topic;
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      this.sub.subscribe(channel).catch((err) => this.outage("subscriber", err));
    }
    return this.local.subscribe(topic, handler);
  }

  async close(): Promise<void> {
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }

  private receive(channel: string, message: Buffer) {
    if (!channel.startsWith(this.prefix)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.toString()) as Envelope;
    } catch {
      return;
    }
    if (envelope.n === this.nodeId) return;
    this.stats.received++;
    const topic = channel.slice(this.prefix.length) as keyof Events & string;
    this.local.publish(topic, envelope.p as Events[typeof topic]);
  }

  private outage(connection: string, err: unknown) {
    if (this.down) return;
    this.down = true;
    this.options.log.error(
      { err, connection },
      "event bus: Redis unavailable; this node keeps serving its own sockets and will resume when Redis is back",
    );
  }

  private recovered(connection: string) {
    if (!this.down) return;
    this.down = false;
    this.options.log.info({ connection }, "event bus: Redis is back");
  }

  get connected(): boolean {
    return this.pub.status === "ready" && this.sub.status === "ready";
  }
}
