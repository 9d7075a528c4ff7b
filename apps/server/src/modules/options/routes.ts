// Options endpoints (CONTRACT.md "Contracts (futures) and options"): settings per symbol,
// buy, my orders with their evidence ticks, whether options are offered to the caller,
// and the operator's settings editor. Customers of a country where options are not
// offered get 403 on every customer endpoint but `availability`.
import {
  IdParam,
  OperatorOptionSetBody,
  OperatorOptionSetQuery,
  OperatorOptionSetting,
  OptionAvailability,
  OptionBuyBody,
  OptionHeadQuery,
  OptionListQuery,
  OptionOrder,
  OptionSetQuery,
  OptionSetting,
  page,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { t } from "../../i18n";
import { route } from "../../lib/route";
import { currentUser } from "../../plugins/auth";
import type { OptionsService } from "./service";

const tags = ["options"];

export const optionRoutes: FastifyPluginAsyncZod<{ service: OptionsService }> = async (app, { service }) => {
  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSecondContractSet/list",
      auth: "user",
      tags,
      summary: "Option periods of a symbol with payout rate (profit share) and stake limits",
      query: OptionSetQuery,
      result: z.array(OptionSetting),
    },
    ({ request, query }) => service.listSettings(currentUser(request).id, query.symbol),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSecondContractSet/availability",
      auth: "user",
      tags,
      summary: "Whether short-term options are offered to the caller, and why not (country of residence)",
      result: OptionAvailability,
    },
    async ({ request }) => {
      const a = await service.availability(currentUser(request).id);
      return {
        ...a,
        message: a.offered ? null : t(request.lang, "optionsNotOffered", { country: a.country ?? "" }),
      };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/trade/appSecondContractOrder/buy",
      auth: "user",
      tags,
      summary: "Buy an up/down option: the stake moves at once; opens at the latest tick's mid price",
      body: OptionBuyBody,
      result: OptionOrder,
    },
    ({ request, body }) => service.buy(currentUser(request).id, body),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSecondContractOrder/listMy",
      auth: "user",
      tags,
      summary: "My options, newest first, with the ticks that opened and settled each (mode: real by default)",
      query: OptionListQuery,
      result: page(OptionOrder),
    },
    ({ request, query }) => service.listMy(currentUser(request).id, query),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSecondContractOrder/head",
      auth: "user",
      tags,
      summary: "My latest open option (the trade screen's header card), or null when none is open",
      query: OptionHeadQuery,
      result: OptionOrder.nullable(),
    },
    async ({ request, query }) => {
      const latest = await service.listMy(currentUser(request).id, {
        ...query,
        status: "open",
        pageNo: 1,
        pageSize: 1,
      });
      return latest.records[0] ?? null;
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/trade/appSecondContractOrder/detail/:id",
      auth: "user",
      tags,
      summary: "One of my options (result card): open and close ticks, result, payout",
      params: IdParam,
      result: OptionOrder,
    },
    ({ request, params }) => service.detail(currentUser(request).id, params.id),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/options/settings",
      auth: { roles: ["admin"] },
      tags: ["operator"],
      summary: "Option periods of every symbol (or one), including disabled ones",
      query: OperatorOptionSetQuery,
      result: z.array(OperatorOptionSetting),
    },
    ({ query }) => service.operatorListSettings(query.symbol),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/options/settings/save",
      auth: { roles: ["admin"] },
      config: { auditTarget: "option_setting" },
      tags: ["operator"],
      summary: "Create (no id) or change an option period; bought orders keep their terms",
      body: OperatorOptionSetBody,
      result: OperatorOptionSetting,
    },
    ({ body }) => service.operatorSaveSetting(body),
  );
};
