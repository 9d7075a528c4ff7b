// Operator endpoints of the exposure limits: the dashboard figure and the limits.
import { riskEndpoints as E } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { getExposure, updateRiskLimits } from "./service";

export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(app, E.exposure, () => getExposure(db, app.market));
  route(app, E.limits, ({ body }) => updateRiskLimits(db, app.market, body), {
    config: { auditTarget: "risk_limits" },
  });
};
