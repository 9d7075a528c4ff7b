// Flash exchange endpoints (CONTRACT.md "Money"): currencies, quote (shown before
// confirming), execute, records (/shanduiOrder) and one record.
import {
  envelope,
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
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import { ExchangeService } from "./service";

const security = [{ accessToken: [] }];
const tags = ["exchange"];

export const exchangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ExchangeService(app.database.db, app.market);

  app.get(
    "/api/trade/appFlashExchangeLog/currencies",
    {
      schema: {
        tags,
        summary: "Currencies that can be exchanged, with their decimals and USDT price",
        response: { 200: envelope(z.array(FlashCurrency)) },
      },
    },
    async () => ok(await service.currencies()),
  );

  app.get(
    "/api/trade/appFlashExchangeLog/quote",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          "Rate, spread cost, amount received and balances before/after, at the live prices (shown before confirming)",
        security,
        querystring: FlashQuoteQuery,
        response: { 200: envelope(FlashQuote) },
      },
    },
    async (request) => ok(await service.quote(currentUser(request).id, request.query)),
  );

  app.post(
    "/api/trade/appFlashExchangeLog/flashExchange",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Exchange at the live rate through USDT with the disclosed spread; idempotent with clientRequestId",
        security,
        body: FlashExchangeBody,
        response: { 200: envelope(FlashExchangeRecord) },
      },
    },
    async (request) => ok(await service.execute(currentUser(request).id, request.body)),
  );

  app.get(
    "/api/trade/appFlashExchangeLog/listMy",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My exchange records, newest first",
        security,
        querystring: FlashExchangeListQuery,
        response: { 200: envelope(page(FlashExchangeRecord)) },
      },
    },
    async (request) => ok(await service.list(currentUser(request).id, request.query)),
  );

  app.get(
    "/api/trade/appFlashExchangeLog/detail/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of my exchange records",
        security,
        params: IdParam,
        response: { 200: envelope(FlashExchangeRecord) },
      },
    },
    async (request) => ok(await service.detail(currentUser(request).id, request.params.id)),
  );
};
