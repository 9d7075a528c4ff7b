// The event bus that market ticks, settlement, valuation and websockets share.
// In-process by default; a Redis pub/sub implementation can drop in behind the same
// interface for several API nodes (REDIS_URL). Handlers must not throw: a failing
// handler is logged and never stops delivery to the others.
//
// The bus knows no module's events. `AppEvents` (topic → payload) starts empty here; each
// module declares the events it publishes in its own events.ts, by adding them to this
// interface (declaration merging):
//
//   declare module "../../lib/event-bus" {
//     interface AppEvents {
//       /** What it means, who publishes it, when (after commit?). */
//       "market.tick": MarketTick;
//     }
//   }
//
// so no file imports every module's events, and a subscriber needs no import of the
// publisher. One declaration per topic (TypeScript refuses a second with another type).

export type Unsubscribe = () => void;

/** The app's events, topic → payload: filled in by the modules' events.ts files (above). */
// biome-ignore lint/suspicious/noEmptyInterface: declaration merging fills it in
export interface AppEvents {}

export interface EventBus<Events extends object> {
  publish<K extends keyof Events & string>(topic: K, payload: Events[K]): void;
  subscribe<K extends keyof Events & string>(topic: K, handler: (payload: Events[K]) => void): Unsubscribe;
  close(): Promise<void>;
}

export class InProcessBus<Events extends object> implements EventBus<Events> {
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
