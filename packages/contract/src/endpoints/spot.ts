// Spot endpoints: place market/limit orders, cancel, my open orders and fills, settings.
import { IdParam, page } from "../common";
import { endpoints } from "../endpoint";
import { spotPaths as P } from "../paths/spot";
import { SpotListQuery, SpotOrder, SpotOrderBody, SpotSettings } from "../spot";

const tags = ["spot"];

export const spotEndpoints = endpoints({
  settings: {
    method: "GET",
    path: P.settings,
    auth: "public",
    tags,
    summary: "Fee rate, minimum order value and the tradable symbols with their precision",
    result: SpotSettings,
  },
  create: {
    method: "POST",
    path: P.create,
    auth: "user",
    tags,
    summary: "Market order (fills at once at the ask/bid) or limit order (holds funds until it fills or is cancelled)",
    body: SpotOrderBody,
    result: SpotOrder,
    errors: [403, 409],
  },
  cancel: {
    method: "POST",
    path: P.cancel,
    auth: "user",
    tags,
    summary: "Cancel an open limit order: the held funds are released",
    params: IdParam,
    result: SpotOrder,
  },
  listMy: {
    method: "GET",
    path: P.listMy,
    auth: "user",
    tags,
    summary: "My spot orders, newest first: status=open for open orders, status=filled for fills",
    query: SpotListQuery,
    result: page(SpotOrder),
  },
  detail: {
    method: "GET",
    path: P.detail,
    auth: "user",
    tags,
    summary: "One of my spot orders",
    params: IdParam,
    result: SpotOrder,
  },
});
