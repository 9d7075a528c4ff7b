// Picks the feed named by MARKET_FEED.
import { randomInt } from "node:crypto";
import type { Config } from "../../../config";
import { BinanceFeed } from "./binance";
import { ReplayFeed } from "./replay";
import { SimFeed } from "./sim";
import type { MarketFeed } from "./types";

export type { FeedContext, FeedTickInput, MarketFeed } from "./types";

export function createFeed(config: Config): { feed: MarketFeed; seed: number } {
  const seed = config.marketSeed ?? randomInt(0, 2 ** 31);
  switch (config.marketFeed) {
    case "replay":
      if (!config.replayFile) throw new Error("REPLAY_FILE is required for MARKET_FEED=replay");
      return { feed: new ReplayFeed(config.replayFile, config.replayTickMs), seed };
    case "binance":
      return { feed: new BinanceFeed({ url: config.binanceWsUrl, seed }), seed };
    default:
      return { feed: new SimFeed(seed), seed };
  }
}
