// The customer view's trading records (read-only): futures positions, options and spot
// orders, through each trading module's own service.
import { CustomerTradingQuery, envelope, OptionOrder, PositionRecord, page, SpotOrder } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { badRequest } from "../../lib/errors";
import { type ContractsDeps, listMyPositions } from "../contracts/service";
import { requireCustomer } from "./overview";

const tags = ["operator"];
const security = [{ accessToken: [] }];
const viewers = ["support", "compliance", "finance"] as const;

function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest("invalidField", { field: "status" });
}

export const customerTradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ContractsDeps = { db: app.database.db, market: app.market, bus: app.bus };

  app.get(
    "/api/operator/customers/positions",
    {
      onRequest: app.requireRole(...viewers),
      schema: {
        tags,
        summary: "A customer's futures positions (status open or closed)",
        security,
        querystring: CustomerTradingQuery,
        response: { 200: envelope(page(PositionRecord)) },
      },
    },
    async (request) => {
      const { id, status, pageNo, pageSize } = request.query;
      await requireCustomer(app.database.db, id);
      return ok(
        await listMyPositions(deps, id, { status: pick(status, ["open", "closed"]), mode: "real", pageNo, pageSize }),
      );
    },
  );

  app.get(
    "/api/operator/customers/options",
    {
      onRequest: app.requireRole(...viewers),
      schema: {
        tags,
        summary: "A customer's short-term options (status open, settled or cancelled)",
        security,
        querystring: CustomerTradingQuery,
        response: { 200: envelope(page(OptionOrder)) },
      },
    },
    async (request) => {
      const { id, status, pageNo, pageSize } = request.query;
      await requireCustomer(app.database.db, id);
      const query = { status: pick(status, ["open", "settled", "cancelled"]), mode: "real" as const, pageNo, pageSize };
      return ok(await app.optionService.listMy(id, query));
    },
  );

  app.get(
    "/api/operator/customers/spotOrders",
    {
      onRequest: app.requireRole(...viewers),
      schema: {
        tags,
        summary: "A customer's spot orders",
        security,
        querystring: CustomerTradingQuery,
        response: { 200: envelope(page(SpotOrder)) },
      },
    },
    async (request) => {
      const { id, pageNo, pageSize } = request.query;
      await requireCustomer(app.database.db, id);
      return ok(await app.spotService.listMy(id, { mode: "real", pageNo, pageSize }));
    },
  );
};
