// Operator endpoints of the exposure limits: the dashboard figure and the limits.
import { RiskExposure, RiskLimits, RiskLimitsBody } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { getExposure, updateRiskLimits } from "./service";

const tags = ["operator"];

export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/risk/exposure",
      auth: { roles: ["finance"] },
      tags,
      summary: "House and treasury balance per currency with its limit, headroom and whether new risk is paused",
      result: RiskExposure,
    },
    () => getExposure(db, app.market),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/operator/risk/limits",
      auth: { roles: ["admin"] },
      config: { auditTarget: "risk_limits" },
      tags,
      summary: "Change the default limit (USDT value) or one currency's limit (null removes it)",
      body: RiskLimitsBody,
      result: RiskLimits,
    },
    ({ body }) => updateRiskLimits(db, app.market, body),
  );
};
