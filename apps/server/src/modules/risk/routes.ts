// Operator endpoints of the exposure limits: the dashboard figure and the limits.
import { envelope, RiskExposure, RiskLimits, RiskLimitsBody } from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { getExposure, updateRiskLimits } from "./service";

const security = [{ accessToken: [] }];
const tags = ["operator"];

export const riskRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/api/operator/risk/exposure",
    {
      onRequest: app.requireRole("finance"),
      schema: {
        tags,
        summary: "House and treasury balance per currency with its limit, headroom and whether new risk is paused",
        security,
        response: { 200: envelope(RiskExposure) },
      },
    },
    async () => ok(await getExposure(db, app.market)),
  );

  app.post(
    "/api/operator/risk/limits",
    {
      onRequest: app.requireRole("admin"),
      config: { auditTarget: "risk_limits" },
      schema: {
        tags,
        summary: "Change the default limit (USDT value) or one currency's limit (null removes it)",
        security,
        body: RiskLimitsBody,
        response: { 200: envelope(RiskLimits) },
      },
    },
    async (request) => ok(await updateRiskLimits(db, app.market, request.body)),
  );
};
