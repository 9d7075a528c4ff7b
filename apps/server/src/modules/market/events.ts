// What the market module publishes on the event bus (lib/event-bus.ts).
import type { IndexComponent } from "@candor/domain";
import type { MarketTick } from "./types";

declare module "../../lib/event-bus" {
  interface AppEvents {
    /** Every accepted price tick (with Redis, from the feed leader). */
    "market.tick": MarketTick;
    /** An operator changed a symbol's settings (e.g. its spread): every node reloads its symbols. */
    "market.symbols": { symbol: string };
    /** A symbol was listed at run time (market.addSymbol, e.g. an IEO token): every node loads it. */
    "market.symbol_added": { symbol: string };
    /** An index symbol has no price (MARKET_FEED=index: too few venues fresh or agreeing): new trades refuse it. */
    "market.halted": {
      symbol: string;
      reason: "unavailable" | "disagree";
      since: number;
      components: IndexComponent[];
    };
    /** An index symbol is priced again (its tick was published just before). */
    "market.resumed": { symbol: string };
    /** An operator changed a venue's weight: every node re-reads market_source_weights. */
    "market.source_weights": { source: string };
  }
}
