// Market endpoints (docs/contract.md "Market"): the public list, price, candles and the 24 h
// distribution; the operator's symbol settings (spreads); the sandbox's daily close. The
// websocket and the operator's feed status are raw routes (paths only: ../paths/market.ts).
import { z } from "zod";
import { endpoints } from "../endpoint";
import {
  DistributionQuery,
  Kline,
  KlineQuery,
  MarketSymbol,
  OperatorMarketSymbol,
  PriceDistribution,
  PriceQuery,
  SandboxDailyClose,
  SandboxDailyCloseBody,
  SpreadUpdateBody,
  SymbolListQuery,
  SymbolPrice,
} from "../market";
import { MarketHealth, SourceWeight, SourceWeightBody, SymbolSources, SymbolSourcesQuery } from "../market-index";
import { marketPaths as P } from "../paths/market";

const tags = ["market"];

export const marketEndpoints = endpoints({
  symbols: {
    method: "GET",
    path: P.symbols,
    auth: "public",
    tags,
    summary: "Symbols with price, 24 h change and figures, precision, spread, leverage cap, hours",
    query: SymbolListQuery,
    result: z.array(MarketSymbol),
  },
  price: {
    method: "GET",
    path: P.price,
    auth: "public",
    tags,
    summary: "Current price with bid/ask (the disclosed spread around the feed price)",
    query: PriceQuery,
    result: SymbolPrice,
  },
  kline: {
    method: "GET",
    path: P.kline,
    auth: "public",
    tags,
    summary: "Candles, oldest first; the last one is the current (still open) candle",
    query: KlineQuery,
    result: z.array(Kline),
  },
  distribution: {
    method: "GET",
    path: P.distribution,
    auth: "public",
    tags,
    summary: "How many symbols rose or fell over 24 h, by size of the move",
    query: DistributionQuery,
    result: PriceDistribution,
  },
  sources: {
    method: "GET",
    path: P.sources,
    auth: "public",
    tags,
    summary: "Where a symbol's price comes from: its venues and their state, the index rule, and why it is halted",
    description:
      'MARKET_FEED=index: the price is the median of the venues\' fresh prices that agree; with too few of them the symbol is halted (`halted` set) and new trades get 409 "price not available".',
    query: SymbolSourcesQuery,
    result: SymbolSources,
  },
  operatorHealth: {
    method: "GET",
    path: P.operatorHealth,
    auth: { roles: ["finance"] },
    tags: ["operator"],
    summary:
      "The feed's health on this node: per symbol the halt, the index age and deviation, a held jump and each venue's state, price, age and weight",
    result: MarketHealth,
  },
  operatorSourceUpdate: {
    method: "POST",
    path: P.operatorSourceUpdate,
    auth: { roles: ["admin"] },
    tags: ["operator"],
    summary:
      "Set a venue's weight in every symbol's index (admin; \"0\" excludes it): stored, and applied on every node from the next index price",
    body: SourceWeightBody,
    result: SourceWeight,
  },
  operatorSymbols: {
    method: "GET",
    path: P.operatorSymbols,
    auth: { roles: ["finance"] },
    tags: ["operator"],
    summary: "Every symbol (enabled or not) with its spread, leverage cap, precision, hours and current bid/ask",
    result: z.array(OperatorMarketSymbol),
  },
  operatorSymbolUpdate: {
    method: "POST",
    path: P.operatorSymbolUpdate,
    auth: { roles: ["admin"] },
    tags: ["operator"],
    summary:
      "Change a symbol's spread (admin; 0 < spread ≤ 0.05 of mid, at most 8 decimals): new quotes use it at once on every node, open positions keep their prices",
    body: SpreadUpdateBody,
    result: OperatorMarketSymbol,
  },
  sandboxDailyClose: {
    method: "POST",
    path: P.sandboxDailyClose,
    auth: "public",
    tags: ["sandbox"],
    summary:
      "Sandbox only: record the simulated feed's last price as the daily close of a business date real time has not reached",
    body: SandboxDailyCloseBody,
    result: SandboxDailyClose,
  },
});
