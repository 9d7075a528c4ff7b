// Operator endpoints of the exposure limits: the dashboard figure and the limits.
import { endpoints } from "../endpoint";
import { riskPaths as P } from "../paths/risk";
import { RiskExposure, RiskLimits, RiskLimitsBody } from "../risk";

const tags = ["operator"];

export const riskEndpoints = endpoints({
  exposure: {
    method: "GET",
    path: P.exposure,
    auth: { roles: ["finance"] },
    tags,
    summary: "House and treasury balance per currency with its limit, headroom and whether new risk is paused",
    result: RiskExposure,
  },
  limits: {
    method: "POST",
    path: P.limits,
    auth: { roles: ["admin"] },
    tags,
    summary: "Change the default limit (USDT value) or one currency's limit (null removes it)",
    body: RiskLimitsBody,
    result: RiskLimits,
  },
});
