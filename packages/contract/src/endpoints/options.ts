// Options endpoints (docs/contract.md "Contracts (futures) and options"): settings per symbol,
// buy, my orders with their evidence ticks, whether options are offered to the caller,
// and the operator's settings editor. Customers of a country where options are not
// offered get 403 on every customer endpoint but `availability`.
import { z } from "zod";
import { IdParam, page } from "../common";
import { endpoints } from "../endpoint";
import {
  OperatorOptionSetBody,
  OperatorOptionSetQuery,
  OperatorOptionSetting,
  OptionAvailability,
  OptionBuyBody,
  OptionListQuery,
  OptionOrder,
  OptionSetQuery,
  OptionSetting,
} from "../options";
import { optionPaths as P } from "../paths/options";
import { OptionHeadQuery } from "../seed-api";

const tags = ["options"];
const admin = { roles: ["admin"] } as const;

export const optionEndpoints = endpoints({
  settings: {
    method: "GET",
    path: P.settings,
    auth: "user",
    tags,
    summary: "Option periods of a symbol with payout rate (profit share) and stake limits",
    query: OptionSetQuery,
    result: z.array(OptionSetting),
  },
  availability: {
    method: "GET",
    path: P.availability,
    auth: "user",
    tags,
    summary: "Whether short-term options are offered to the caller, and why not (country of residence)",
    result: OptionAvailability,
  },
  buy: {
    method: "POST",
    path: P.buy,
    auth: "user",
    tags,
    summary: "Buy an up/down option: the stake moves at once; opens at the latest tick's mid price",
    body: OptionBuyBody,
    result: OptionOrder,
    errors: [403, 409],
  },
  listMy: {
    method: "GET",
    path: P.listMy,
    auth: "user",
    tags,
    summary: "My options, newest first, with the ticks that opened and settled each (mode: real by default)",
    query: OptionListQuery,
    result: page(OptionOrder),
  },
  head: {
    method: "GET",
    path: P.head,
    auth: "user",
    tags,
    summary: "My latest open option (the trade screen's header card), or null when none is open",
    query: OptionHeadQuery,
    result: OptionOrder.nullable(),
  },
  detail: {
    method: "GET",
    path: P.detail,
    auth: "user",
    tags,
    summary: "One of my options (result card): open and close ticks, result, payout",
    params: IdParam,
    result: OptionOrder,
  },
  operatorSettings: {
    method: "GET",
    path: P.operatorSettings,
    auth: admin,
    tags: ["operator"],
    summary: "Option periods of every symbol (or one), including disabled ones",
    query: OperatorOptionSetQuery,
    result: z.array(OperatorOptionSetting),
  },
  operatorSave: {
    method: "POST",
    path: P.operatorSave,
    auth: admin,
    tags: ["operator"],
    summary: "Create (no id) or change an option period; bought orders keep their terms",
    body: OperatorOptionSetBody,
    result: OperatorOptionSetting,
  },
});
