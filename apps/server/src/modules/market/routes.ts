// Market REST endpoints (CONTRACT.md "Market"); public, no login needed.
import {
  DistributionQuery,
  envelope,
  Kline,
  KlineQuery,
  MarketSymbol,
  PriceDistribution,
  PriceQuery,
  SymbolListQuery,
  SymbolPrice,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendOkJson } from "../../lib/envelope";
import { sharedValueSerializer } from "../../lib/fast-serializer";
import { route } from "../../lib/route";

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  // The list is market data, the same for every caller: its JSON is made once per list
  // (market.list returns the same frozen array until a tick, the 24 h figures, a setting or
  // the open/closed state of a market changes) and wrapped per request in the envelope
  // (message in the caller's language, the time).
  const listJson = sharedValueSerializer<readonly MarketSymbol[]>(z.array(MarketSymbol));
  app.get(
    "/api/trade/appSymbol/list",
    {
      schema: {
        tags: ["market"],
        summary: "Symbols with price, 24 h change and figures, precision, spread, leverage cap, hours",
        querystring: SymbolListQuery,
        response: { 200: envelope(z.array(MarketSymbol)) },
      },
    },
    async (request, reply) => sendOkJson(reply, listJson(await app.market.list(request.query.assetClass))),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSymbol/price",
      auth: "public",
      tags: ["market"],
      summary: "Current price with bid/ask (the disclosed spread around the feed price)",
      query: PriceQuery,
      result: SymbolPrice,
    },
    async ({ query }) => app.market.quote(query.symbol),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSymbol/kline",
      auth: "public",
      tags: ["market"],
      summary: "Candles, oldest first; the last one is the current (still open) candle",
      query: KlineQuery,
      result: z.array(Kline),
    },
    async ({ query }) => {
      const { symbol, interval, limit, endTime } = query;
      return app.market.klines(symbol, interval, limit, endTime);
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/api/getPriceDistribution",
      auth: "public",
      tags: ["market"],
      summary: "How many symbols rose or fell over 24 h, by size of the move",
      query: DistributionQuery,
      result: PriceDistribution,
    },
    ({ query }) => app.market.distribution(query.assetClass),
  );
};
