// What every node knows about the index price (MARKET_FEED=index), from the bus: which
// symbols are halted and why (market.halted / market.resumed), the venues' readings of each
// symbol's latest tick or halt, and the operator's venue weights (market_source_weights).
import { dec, type IndexComponent } from "@candor/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db";
import type { AppEvents, EventBus, Unsubscribe } from "../../lib/event-bus";
import type { FeedContext, MarketFeed } from "./feeds";
import type { MarketTick } from "./types";

export interface Halt {
  reason: "unavailable" | "disagree";
  since: number;
}

export class IndexState {
  private readonly halts = new Map<string, Halt>();
  private readonly readings = new Map<string, IndexComponent[]>();
  private weightsNow: Record<string, string> = {};

  constructor(private readonly database: Database) {}

  /** The venues' readings of the tick (an index tick only). */
  tick(tick: MarketTick): void {
    if (tick.components) this.readings.set(tick.symbol, tick.components);
  }

  halted(symbol: string, halt: Halt, components: IndexComponent[]): void {
    this.halts.set(symbol, halt);
    if (components.length > 0) this.readings.set(symbol, components);
  }

  resumed(symbol: string): void {
    this.halts.delete(symbol);
  }

  /** Why the symbol has no price now, or null. */
  halt(symbol: string): Halt | null {
    return this.halts.get(symbol) ?? null;
  }

  /** The venues' readings of the symbol's latest index tick or halt ([] for none). */
  components(symbol: string): IndexComponent[] {
    return this.readings.get(symbol) ?? [];
  }

  get weights(): Readonly<Record<string, string>> {
    return this.weightsNow;
  }

  /** Re-read the operator's weights. */
  async loadWeights(): Promise<Readonly<Record<string, string>>> {
    const rows = await this.database.query<{ source: string; weight: string }>(
      "SELECT source, weight::text AS weight FROM market_source_weights",
    );
    this.weightsNow = Object.fromEntries(rows.map((r) => [r.source, dec(r.weight).toFixed()]));
    return this.weightsNow;
  }

  /** Store a venue's weight (the caller publishes market.source_weights). */
  async saveWeight(source: string, weight: string): Promise<void> {
    await this.database.query(
      `INSERT INTO market_source_weights (source, weight) VALUES ($1, $2)
       ON CONFLICT (source) DO UPDATE SET weight = EXCLUDED.weight, updated_at = now()`,
      [source, weight],
    );
  }
}

/** A feed that takes the operator's venue weights (the index feed). */
function weighted(feed: MarketFeed): feed is MarketFeed & { setWeights(w: Readonly<Record<string, string>>): void } {
  return "setWeights" in feed && typeof feed.setWeights === "function";
}

/**
 * Follow the index on this node: halts and resumes, and the operator's weights (read now and
 * on every change, handed to this node's feed, which uses them while it leads).
 */
export async function followIndex(
  deps: { bus: EventBus<AppEvents>; feed: MarketFeed; log: FastifyBaseLogger },
  state: IndexState,
): Promise<Unsubscribe[]> {
  const applyWeights = async () => {
    const weights = await state.loadWeights();
    if (weighted(deps.feed)) deps.feed.setWeights(weights);
  };
  await applyWeights();
  return [
    deps.bus.subscribe("market.halted", ({ symbol, reason, since, components }) =>
      state.halted(symbol, { reason, since }, components),
    ),
    deps.bus.subscribe("market.resumed", ({ symbol }) => state.resumed(symbol)),
    deps.bus.subscribe("market.source_weights", () => {
      applyWeights().catch((err) => deps.log.error({ err }, "market: reloading venue weights failed"));
    }),
  ];
}

/** The feed's halt callback: every node learns of it through the bus. */
export function publishHalts(bus: EventBus<AppEvents>): NonNullable<FeedContext["halt"]> {
  return (symbol, halted, components) => {
    if (halted) bus.publish("market.halted", { symbol, ...halted, components });
    else bus.publish("market.resumed", { symbol });
  };
}
