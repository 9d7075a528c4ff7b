// Options endpoints (docs/contract.md "Contracts (futures) and options"): settings per symbol,
// buy, my orders with their evidence ticks, whether options are offered to the caller,
// and the operator's settings editor. Customers of a country where options are not
// offered get 403 on every customer endpoint but `availability`.
import { optionEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { t } from "../../i18n";
import { route } from "../../lib/route";
import type { OptionsService } from "./service";

export const optionRoutes: FastifyPluginAsyncZod<{ service: OptionsService }> = async (app, { service }) => {
  route(app, E.settings, ({ user, query }) => service.listSettings(user.id, query.symbol));

  route(app, E.availability, async ({ user, request }) => {
    const a = await service.availability(user.id);
    return {
      ...a,
      message: a.offered ? null : t(request.lang, "optionsNotOffered", { country: a.country ?? "" }),
    };
  });

  route(app, E.buy, ({ user, body }) => service.buy(user.id, body));
  route(app, E.listMy, ({ user, query }) => service.listMy(user.id, query));

  route(app, E.head, async ({ user, query }) => {
    const latest = await service.listMy(user.id, { ...query, status: "open", pageNo: 1, pageSize: 1 });
    return latest.records[0] ?? null;
  });

  route(app, E.detail, ({ user, params }) => service.detail(user.id, params.id));

  route(app, E.operatorSettings, ({ query }) => service.operatorListSettings(query.symbol));
  route(app, E.operatorSave, ({ body }) => service.operatorSaveSetting(body), {
    config: { auditTarget: "option_setting" },
  });
};
