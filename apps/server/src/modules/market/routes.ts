// Market REST endpoints (docs/contract.md "Market"); public, no login needed.
import { marketEndpoints as E, envelope, type MarketSymbol } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendOkJson } from "../../lib/envelope";
import { sharedValueSerializer } from "../../lib/fast-serializer";
import { route } from "../../lib/route";
import { symbolSources } from "./index-views";

export const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.sandbox) {
    // Sandbox test clock ahead of real time: the simulated price now as a future business
    // date's daily close (mining output of a date is valued at the day's recorded close).
    route(app, E.sandboxDailyClose, async ({ body }) => {
      const close = await app.market.recordSandboxDailyClose(body.symbol, body.date);
      return { symbol: body.symbol.toUpperCase(), date: body.date, close: close.price };
    });
  }
  // The list is market data, the same for every caller: its JSON is made once per list
  // (market.list returns the same frozen array until a tick, the 24 h figures, a setting or
  // the open/closed state of a market changes) and wrapped per request in the envelope
  // (message in the caller's language, the time). Raw, not route(): the reply is that
  // prepared JSON, not a result for route() to wrap; its spec is the table's.
  const list = E.symbols;
  const listJson = sharedValueSerializer<readonly MarketSymbol[]>(list.result);
  app.get(
    list.path,
    {
      schema: {
        tags: [...list.tags],
        summary: list.summary,
        querystring: list.query,
        response: { 200: envelope(list.result) },
      },
    },
    async (request, reply) => sendOkJson(reply, listJson(await app.market.list(request.query.assetClass))),
  );

  route(app, E.price, async ({ query }) => app.market.quote(query.symbol));
  route(app, E.kline, async ({ query }) => {
    const { symbol, interval, limit, endTime } = query;
    return app.market.klines(symbol, interval, limit, endTime);
  });
  route(app, E.distribution, ({ query }) => app.market.distribution(query.assetClass));
  route(app, E.sources, async ({ query }) => symbolSources(app.market, query.symbol));
};
