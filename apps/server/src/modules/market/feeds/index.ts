// Picks the feed named by MARKET_FEED.
import type { Config } from "../../../config";
import { BinanceFeed } from "./binance";
import { configuredIndexFeed } from "./index-sources";
import { ReplayFeed } from "./replay";
import { SimFeed } from "./sim";
import type { SimSeed } from "./sim-random";
import type { MarketFeed } from "./types";

export type { SimSeed } from "./sim-random";
export type { FeedContext, FeedTickInput, MarketFeed } from "./types";

/** The configured feed; `seed` is MARKET_SEED, or null (the simulator draws from the CSPRNG). */
export function createFeed(config: Config): { feed: MarketFeed; seed: SimSeed } {
  const seed = config.marketSeed ?? null;
  switch (config.marketFeed) {
    case "replay":
      if (!config.replayFile) throw new Error("REPLAY_FILE is required for MARKET_FEED=replay");
      return { feed: new ReplayFeed(config.replayFile, config.replayTickMs), seed };
    case "index":
      return { feed: configuredIndexFeed(config.index, seed), seed };
    case "binance":
      return { feed: new BinanceFeed({ url: config.binanceWsUrl, seed }), seed };
    default:
      return { feed: new SimFeed(seed), seed };
  }
}
