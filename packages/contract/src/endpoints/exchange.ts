// Flash exchange endpoints (docs/contract.md "Money"): currencies, quote (shown before
// confirming), execute, records (/shanduiOrder) and one record.
import { z } from "zod";
import { IdParam, page } from "../common";
import { endpoints } from "../endpoint";
import {
  FlashCurrency,
  FlashExchangeBody,
  FlashExchangeListQuery,
  FlashExchangeRecord,
  FlashQuote,
  FlashQuoteQuery,
} from "../exchange";
import { exchangePaths as P } from "../paths/exchange";

const tags = ["exchange"];

export const exchangeEndpoints = endpoints({
  currencies: {
    method: "GET",
    path: P.currencies,
    auth: "public",
    tags,
    summary: "Currencies that can be exchanged, with their decimals and USDT price",
    result: z.array(FlashCurrency),
  },
  quote: {
    method: "GET",
    path: P.quote,
    auth: "user",
    tags,
    summary:
      "Rate, spread cost, amount received and balances before/after, at the live prices (shown before confirming)",
    query: FlashQuoteQuery,
    result: FlashQuote,
  },
  flashExchange: {
    method: "POST",
    path: P.flashExchange,
    auth: "user",
    tags,
    summary: "Exchange at the live rate through USDT with the disclosed spread; idempotent with clientRequestId",
    body: FlashExchangeBody,
    result: FlashExchangeRecord,
  },
  listMy: {
    method: "GET",
    path: P.listMy,
    auth: "user",
    tags,
    summary: "My exchange records, newest first",
    query: FlashExchangeListQuery,
    result: page(FlashExchangeRecord),
  },
  detail: {
    method: "GET",
    path: P.detail,
    auth: "user",
    tags,
    summary: "One of my exchange records",
    params: IdParam,
    result: FlashExchangeRecord,
  },
});
