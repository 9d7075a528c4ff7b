// The customer view's trading records (read-only): futures positions, options and spot
// orders, through each trading module's own service.
import { customerEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors";
import { route } from "../../lib/route";
import { type ContractsRequestDeps, listMyPositions } from "../contracts/service";
import { requireCustomer } from "./overview";

function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest("invalidField", { field: "status" });
}

export const customerTradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const deps: ContractsRequestDeps = { db, market: app.market, bus: app.bus, tradeModes: app.tradeModes };

  route(app, E.positions, async ({ query: { id, status, pageNo, pageSize } }) => {
    await requireCustomer(db, id);
    return listMyPositions(deps, id, { status: pick(status, ["open", "closed"]), mode: "real", pageNo, pageSize });
  });
  route(app, E.options, async ({ query: { id, status, pageNo, pageSize } }) => {
    await requireCustomer(db, id);
    return app.optionService.listMy(id, {
      status: pick(status, ["open", "settled", "cancelled"]),
      mode: "real",
      pageNo,
      pageSize,
    });
  });
  route(app, E.spotOrders, async ({ query: { id, pageNo, pageSize } }) => {
    await requireCustomer(db, id);
    return app.spotService.listMy(id, { mode: "real", pageNo, pageSize });
  });
};
