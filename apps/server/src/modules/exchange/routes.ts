// Flash exchange endpoints (CONTRACT.md "Money"): currencies, quote (shown before
// confirming), execute, records (/shanduiOrder) and one record.
import {
  FlashCurrency,
  FlashExchangeBody,
  FlashExchangeListQuery,
  FlashExchangeRecord,
  FlashQuote,
  FlashQuoteQuery,
  IdParam,
  page,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import { ExchangeService } from "./service";

const tags = ["exchange"];
const P = "/api/trade/appFlashExchangeLog";

export const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ExchangeService(app.database.db, app.market);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  route(
    app,
    {
      method: "GET",
      url: `${P}/currencies`,
      auth: "public",
      tags,
      summary: "Currencies that can be exchanged, with their decimals and USDT price",
      result: z.array(FlashCurrency),
    },
    () => service.currencies(),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/quote`,
      auth: "user",
      tags,
      summary:
        "Rate, spread cost, amount received and balances before/after, at the live prices (shown before confirming)",
      query: FlashQuoteQuery,
      result: FlashQuote,
    },
    ({ request, query }) => service.quote(me(request), query),
  );
  route(
    app,
    {
      method: "POST",
      url: `${P}/flashExchange`,
      auth: "user",
      tags,
      summary: "Exchange at the live rate through USDT with the disclosed spread; idempotent with clientRequestId",
      body: FlashExchangeBody,
      result: FlashExchangeRecord,
    },
    ({ request, body }) => service.execute(me(request), body),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/listMy`,
      auth: "user",
      tags,
      summary: "My exchange records, newest first",
      query: FlashExchangeListQuery,
      result: page(FlashExchangeRecord),
    },
    ({ request, query }) => service.list(me(request), query),
  );
  route(
    app,
    {
      method: "GET",
      url: `${P}/detail/:id`,
      auth: "user",
      tags,
      summary: "One of my exchange records",
      params: IdParam,
      result: FlashExchangeRecord,
    },
    ({ request, params }) => service.detail(me(request), params.id),
  );
};
