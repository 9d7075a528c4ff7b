// MARKET_FEED=index: the venues of INDEX_SOURCES (and OANDA when its credentials are set),
// each following the symbols it can price, and the index rule from the configuration.
import type { IndexConfig } from "../../../config";
import { BinanceSource } from "../sources/binance";
import { CoinbaseSource } from "../sources/coinbase";
import { KrakenSource } from "../sources/kraken";
import { OandaSource } from "../sources/oanda";
import { OkxSource } from "../sources/okx";
import type { PriceSource, PriceSourceOptions } from "../sources/types";
import { IndexFeed, type SourceFactory } from "./index-feed";
import type { SimSeed } from "./sim-random";

/** A jump this soon after the last index tick waits for a second reading (issue 32: "within a second"). */
const JUMP_CONFIRM_WITHIN_MS = 1000;

export function indexSourceFactory(config: IndexConfig): SourceFactory {
  return (symbols, wire) => {
    const names = symbols.map((s) => s.symbol);
    const options = (url: string): PriceSourceOptions => ({
      url,
      symbols: names,
      onQuote: wire.onQuote,
      onStatus: wire.onStatus,
    });
    const make = {
      binance: () => new BinanceSource(options(config.urls.binance)),
      okx: () => new OkxSource(options(config.urls.okx)),
      coinbase: () => new CoinbaseSource(options(config.urls.coinbase)),
      kraken: () => new KrakenSource(options(config.urls.kraken)),
    };
    const sources: PriceSource[] = config.sources.map((name) => make[name]());
    if (config.oanda) sources.push(new OandaSource({ ...options(config.urls.oanda), ...config.oanda }));
    return sources;
  };
}

/** The index feed the configuration describes. */
export function configuredIndexFeed(config: IndexConfig, seed: SimSeed): IndexFeed {
  const jump = { jumpPct: config.jumpPct, confirmWithinMs: JUMP_CONFIRM_WITHIN_MS };
  const feed: IndexFeed = new IndexFeed({
    sources: indexSourceFactory(config),
    seed,
    // A symbol only one venue prices (metals and forex: OANDA alone) is priced by that venue:
    // INDEX_MIN_SOURCES counts only the venues that can quote the symbol.
    rules: (info) => {
      const venues = feed.venues.filter((v) => v.covers(info.symbol)).length;
      const minSources = Math.max(1, Math.min(config.minSources, venues));
      return { index: { maxAgeMs: config.maxAgeMs, bandPct: config.bandPct, minSources }, jump };
    },
  });
  return feed;
}
