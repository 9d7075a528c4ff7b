// The index price's shapes (issue 32 §2): the venues' readings a tick was made of (evidence
// on settled trades), where a symbol's price comes from (customers), and the feed's health
// and the venues' weights (operators).
import { z } from "zod";
import { DecimalInput, DecimalString } from "./common";
import { SymbolCode } from "./market";

/** The venues an index price can be made of (one list: the weights, the server's adapters, the console). */
export const PRICE_VENUES = ["binance", "okx", "coinbase", "kraken", "oanda"] as const;
export type PriceVenue = (typeof PRICE_VENUES)[number];

/** One venue's reading in an index tick. */
export const IndexComponent = z.object({
  source: z.string(),
  price: DecimalString,
  /** The venue's own time of the price (ms). */
  sourceTime: z.number().int(),
  /** The operator's weight ("0": left out). */
  weight: DecimalString,
  /** True when the reading is part of the index price. */
  used: z.boolean(),
  /** Why it is not: left out by the operator, too old, or too far from the others. */
  reason: z.enum(["stale", "outlier", "excluded"]).optional(),
});
export type IndexComponent = z.infer<typeof IndexComponent>;

/** Why a symbol has no price now: too few venues fresh (unavailable) or agreeing (disagree). */
export const HaltState = z
  .object({
    reason: z.enum(["unavailable", "disagree"]),
    /** Since when (ms). */
    since: z.number().int(),
  })
  .nullable();
export type HaltState = z.infer<typeof HaltState>;

/**
 * A venue's state for a symbol: live (used in the index), stale (its last price is too old),
 * outlier (too far from the others), excluded (by the operator), down (no price from it).
 */
export const SourceState = z.enum(["live", "stale", "outlier", "excluded", "down"]);
export type SourceState = z.infer<typeof SourceState>;

export const SymbolSourcesQuery = z.object({ symbol: SymbolCode });

/** Where a symbol's price comes from, for the customer. */
export const SymbolSources = z.object({
  symbol: z.string(),
  /** True when the price is simulated (sandbox), not a market's. */
  simulated: z.boolean(),
  /**
   * How the price is made: index (the median of the venues' fresh prices that agree within
   * bandPct, at least minSources of them, none older than maxAgeMs), single (one venue),
   * simulated, or replay (recorded prices). minSources / maxAgeMs / bandPct are null unless index.
   */
  rule: z.object({
    kind: z.enum(["index", "single", "simulated", "replay"]),
    minSources: z.number().int().nullable(),
    maxAgeMs: z.number().int().nullable(),
    bandPct: DecimalString.nullable(),
  }),
  sources: z.array(z.object({ source: z.string(), state: SourceState })),
  /** Set while new trades are refused because the venues are unavailable or disagree. */
  halted: HaltState,
});
export type SymbolSources = z.infer<typeof SymbolSources>;

/** The operator's view of the feed on the node that answers. */
export const MarketHealth = z.object({
  /** The answering node (host name and process id). */
  node: z.string(),
  /** True when this node runs the feed (single node: while the feed runs). */
  feedLeader: z.boolean(),
  feed: z.enum(["sim", "replay", "binance", "index"]),
  symbols: z.array(
    z.object({
      symbol: z.string(),
      halted: HaltState,
      /** ms since the symbol's last tick; null before the first. */
      indexAgeMs: z.number().int().nullable(),
      /** Largest |venue − index| / index of the venues used in the last tick, in percent; null without one. */
      deviationPct: DecimalString.nullable(),
      /** A sudden jump waiting for a second reading (feed leader only). */
      held: z.object({ price: DecimalString, at: z.number().int() }).nullable(),
      sources: z.array(
        z.object({
          source: z.string(),
          state: SourceState,
          price: DecimalString.nullable(),
          /** ms since the venue's reading was made (its own time); null without one. */
          ageMs: z.number().int().nullable(),
          weight: DecimalString,
        }),
      ),
    }),
  ),
});
export type MarketHealth = z.infer<typeof MarketHealth>;

/** Set a venue's weight in every symbol's index (admin); "0" leaves it out. */
export const SourceWeightBody = z.object({
  source: z.enum(PRICE_VENUES),
  weight: DecimalInput.describe('0 (excluded) to 10, e.g. "1" (default) or "0.5"'),
});
export type SourceWeightBody = z.infer<typeof SourceWeightBody>;

export const SourceWeight = z.object({ source: z.string(), weight: DecimalString });
export type SourceWeight = z.infer<typeof SourceWeight>;
