// The customer view's trading records (read-only): futures positions, options and spot
// orders, through each trading module's own service.
import { CustomerTradingQuery, OptionOrder, PositionRecord, page, SpotOrder, type StaffRole } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../../lib/errors";
import { route } from "../../lib/route";
import { type ContractsDeps, listMyPositions } from "../contracts/service";
import { requireCustomer } from "./overview";

const tags = ["operator"];
/** Every console role reads the customer view. */
export const VIEWERS: { roles: StaffRole[] } = { roles: ["support", "compliance", "finance"] };

function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest("invalidField", { field: "status" });
}

export const customerTradingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const deps: ContractsDeps = { db, market: app.market, bus: app.bus };
  const get = (url: string, summary: string) =>
    ({ method: "GET", url, auth: VIEWERS, tags, summary, query: CustomerTradingQuery }) as const;

  route(
    app,
    {
      ...get("/api/operator/customers/positions", "A customer's futures positions (status open or closed)"),
      result: page(PositionRecord),
    },
    async ({ query: { id, status, pageNo, pageSize } }) => {
      await requireCustomer(db, id);
      return listMyPositions(deps, id, { status: pick(status, ["open", "closed"]), mode: "real", pageNo, pageSize });
    },
  );
  route(
    app,
    {
      ...get("/api/operator/customers/options", "A customer's short-term options (status open, settled or cancelled)"),
      result: page(OptionOrder),
    },
    async ({ query: { id, status, pageNo, pageSize } }) => {
      await requireCustomer(db, id);
      return app.optionService.listMy(id, {
        status: pick(status, ["open", "settled", "cancelled"]),
        mode: "real",
        pageNo,
        pageSize,
      });
    },
  );
  route(
    app,
    { ...get("/api/operator/customers/spotOrders", "A customer's spot orders"), result: page(SpotOrder) },
    async ({ query: { id, pageNo, pageSize } }) => {
      await requireCustomer(db, id);
      return app.spotService.listMy(id, { mode: "real", pageNo, pageSize });
    },
  );
};
