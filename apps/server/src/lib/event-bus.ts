// The event bus that market ticks, settlement, valuation and websockets share.
// In-process by default; a Redis pub/sub implementation can drop in behind the same
// interface for several API nodes (REDIS_URL). Handlers must not throw: a failing
// handler is logged and never stops delivery to the others.

export type Unsubscribe = () => void;

export interface EventBus<Events extends Record<string, unknown>> {
  publish<K extends keyof Events & string>(topic: K, payload: Events[K]): void;
  subscribe<K extends keyof Events & string>(topic: K, handler: (payload: Events[K]) => void): Unsubscribe;
  close(): Promise<void>;
}

export class InProcessBus<Events extends Record<string, unknown>> implements EventBus<Events> {
  private readonly handlers = new Map<string, Set<(payload: never) => void>>();

  constructor(private readonly onError: (err: unknown, topic: string) => void = () => {}) {}

  publish<K extends keyof Events & string>(topic: K, payload: Events[K]): void {
    const set = this.handlers.get(topic);
    if (!set) return;
    for (const handler of set) {
      try {
        (handler as (p: Events[K]) => void)(payload);
      } catch (err) {
        this.onError(err, topic);
      }
    }
  }

  subscribe<K extends keyof Events & string>(topic: K, handler: (payload: Events[K]) => void): Unsubscribe {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler as (payload: never) => void);
    return () => {
      set.delete(handler as (payload: never) => void);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
