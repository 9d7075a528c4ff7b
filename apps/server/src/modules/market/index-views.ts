// Where prices come from (issue 32 §2), as customers and operators see it: a symbol's venues
// and their state, the index rule and a halt (every node knows halts and the venues'
// readings from the bus; the feed leader adds its own, fresher view and held jumps).
import os from "node:os";
import type { MarketHealth, IndexComponent as Reading, SourceState, SymbolSources } from "@candor/contract";
import { dec, indexDeviationPct } from "@candor/domain";
import type { IndexFeed } from "./feeds/index-feed";
import type { MarketService, SymbolInfo } from "./service";

type Health = MarketHealth["symbols"][number];

/** This process, as the health page names it. */
export const NODE_NAME = `${os.hostname()}:${process.pid}`;

function indexFeed(market: MarketService): IndexFeed | null {
  return market.feed.name === "index" ? (market.feed as IndexFeed) : null;
}

/** The readings to judge a symbol's venues by: the running feed's latest, else the bus's. */
function readings(market: MarketService, symbol: string): Reading[] {
  const live = market.running ? indexFeed(market)?.status(symbol) : null;
  return live?.components ?? market.index.components(symbol);
}

function stateOf(reading: Reading | undefined, weight: string, connected: boolean): SourceState {
  if (dec(weight).isZero()) return "excluded";
  if (!reading || !connected) return "down";
  if (reading.used) return "live";
  return reading.reason ?? "down";
}

/** Each venue following the symbol, with its state, latest reading and weight. */
function venues(market: MarketService, symbol: string, now: number): Health["sources"] {
  const feed = indexFeed(market);
  if (!feed) return [];
  const byName = new Map(readings(market, symbol).map((r) => [r.source, r]));
  // Only the node running the feed knows its connections; elsewhere the readings tell.
  const connections = market.running ? new Map(feed.sources().map((s) => [s.source, s.state])) : null;
  return feed.venues
    .filter((v) => v.covers(symbol))
    .map((v) => {
      const reading = byName.get(v.name);
      const weight = market.index.weights[v.name] ?? reading?.weight ?? "1";
      const connection = connections?.get(v.name);
      const connected = connection === undefined || connection === "live" || connection === "stale";
      return {
        source: v.name,
        state: stateOf(reading, weight, connected),
        price: reading?.price ?? null,
        ageMs: reading ? Math.max(0, now - reading.sourceTime) : null,
        weight,
      };
    });
}

function ruleOf(market: MarketService, info: SymbolInfo, count: number): SymbolSources["rule"] {
  const none = { minSources: null, maxAgeMs: null, bandPct: null };
  if (market.isSimulated(info.symbol)) return { kind: "simulated", ...none };
  if (market.feed.name === "replay") return { kind: "replay", ...none };
  const feed = indexFeed(market);
  if (!feed) return { kind: "single", ...none };
  const { index } = feed.rules(info);
  return {
    kind: count > 1 ? "index" : "single",
    minSources: index.minSources,
    maxAgeMs: index.maxAgeMs,
    bandPct: dec(index.bandPct).toFixed(),
  };
}

/** GET appSymbol/sources: where the symbol's price comes from. */
export function symbolSources(market: MarketService, symbol: string, now = Date.now()): SymbolSources {
  const info = market.symbol(symbol);
  const sources = market.isSimulated(info.symbol) ? [] : venues(market, info.symbol, now);
  return {
    symbol: info.symbol,
    simulated: market.isSimulated(info.symbol),
    rule: ruleOf(market, info, sources.length),
    sources: sources.map(({ source, state }) => ({ source, state })),
    halted: market.index.halt(info.symbol),
  };
}

/** GET operator/market/health on this node. */
export function marketHealth(market: MarketService, feedLeader: boolean, now = Date.now()): MarketHealth {
  const feed = indexFeed(market);
  const symbols = market.knownSymbols().map((info): Health => {
    const tick = market.lastTick(info.symbol);
    const held = market.running ? feed?.status(info.symbol) : null;
    return {
      symbol: info.symbol,
      halted: market.index.halt(info.symbol),
      indexAgeMs: tick ? Math.max(0, now - tick.ts) : null,
      deviationPct: tick?.components ? indexDeviationPct(tick.price, tick.components) : null,
      held: held?.heldPrice && held.heldAt !== null ? { price: held.heldPrice, at: held.heldAt } : null,
      sources: market.isSimulated(info.symbol) ? [] : venues(market, info.symbol, now),
    };
  });
  return { node: NODE_NAME, feedLeader, feed: market.feed.name, symbols };
}
