// Options endpoints (CONTRACT.md "Contracts (futures) and options"): settings per symbol,
// buy, my orders with their evidence ticks, whether options are offered to the caller,
// and the operator's settings editor. Customers of a country where options are not
// offered get 403 on every customer endpoint but `availability`.
import {
  envelope,
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
import { ok } from "../../lib/envelope";
import { currentUser } from "../../plugins/auth";
import type { OptionsService } from "./service";

const security = [{ accessToken: [] }];
const tags = ["options"];

export const optionRoutes: FastifyPluginAsyncZod<{ service: OptionsService }> = async (app, { service }) => {
  app.get(
    "/api/trade/appSecondContractSet/list",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Option periods of a symbol with payout rate (profit share) and stake limits",
        security,
        querystring: OptionSetQuery,
        response: { 200: envelope(z.array(OptionSetting)) },
      },
    },
    async (request) => ok(await service.listSettings(currentUser(request).id, request.query.symbol)),
  );

  app.get(
    "/api/trade/appSecondContractSet/availability",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Whether short-term options are offered to the caller, and why not (country of residence)",
        security,
        response: { 200: envelope(OptionAvailability) },
      },
    },
    async (request) => {
      const a = await service.availability(currentUser(request).id);
      return ok({
        ...a,
        message: a.offered ? null : t(request.lang, "optionsNotOffered", { country: a.country ?? "" }),
      });
    },
  );

  app.post(
    "/api/trade/appSecondContractOrder/buy",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Buy an up/down option: the stake moves at once; opens at the latest tick's mid price",
        security,
        body: OptionBuyBody,
        response: { 200: envelope(OptionOrder) },
      },
    },
    async (request) => ok(await service.buy(currentUser(request).id, request.body)),
  );

  app.get(
    "/api/trade/appSecondContractOrder/listMy",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My options, newest first, with the ticks that opened and settled each (mode: real by default)",
        security,
        querystring: OptionListQuery,
        response: { 200: envelope(page(OptionOrder)) },
      },
    },
    async (request) => ok(await service.listMy(currentUser(request).id, request.query)),
  );

  app.get(
    "/api/trade/appSecondContractOrder/head",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "My latest open option (the trade screen's header card), or null when none is open",
        security,
        querystring: OptionHeadQuery,
        response: { 200: envelope(OptionOrder.nullable()) },
      },
    },
    async (request) => {
      const latest = await service.listMy(currentUser(request).id, {
        ...request.query,
        status: "open",
        pageNo: 1,
        pageSize: 1,
      });
      return ok(latest.records[0] ?? null);
    },
  );

  app.get(
    "/api/trade/appSecondContractOrder/detail/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of my options (result card): open and close ticks, result, payout",
        security,
        params: IdParam,
        response: { 200: envelope(OptionOrder) },
      },
    },
    async (request) => ok(await service.detail(currentUser(request).id, request.params.id)),
  );

  app.get(
    "/api/operator/options/settings",
    {
      onRequest: app.requireRole("admin"),
      schema: {
        tags: ["operator"],
        summary: "Option periods of every symbol (or one), including disabled ones",
        security,
        querystring: OperatorOptionSetQuery,
        response: { 200: envelope(z.array(OperatorOptionSetting)) },
      },
    },
    async (request) => ok(await service.operatorListSettings(request.query.symbol)),
  );

  app.post(
    "/api/operator/options/settings/save",
    {
      onRequest: app.requireRole("admin"),
      config: { auditTarget: "option_setting" },
      schema: {
        tags: ["operator"],
        summary: "Create (no id) or change an option period; bought orders keep their terms",
        security,
        body: OperatorOptionSetBody,
        response: { 200: envelope(OperatorOptionSetting) },
      },
    },
    async (request) => ok(await service.operatorSaveSetting(request.body)),
  );
};
