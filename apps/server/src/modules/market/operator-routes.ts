// Operator endpoints of the symbol settings (console Settings → Spreads): finance and admin
// list every symbol with its spread, leverage cap, precision and hours; an admin changes a
// spread within SPREAD_LIMITS. The change is audited (before/after) by the staff plugin.
import {
  marketEndpoints as E,
  type OperatorMarketSymbol,
  type SourceWeightBody,
  SPREAD_LIMITS,
  type SpreadUpdateBody,
} from "@candor/contract";
import { dec, isMarketOpen, quoteFromMid } from "@candor/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors";
import { route } from "../../lib/route";
import { marketHealth } from "./index-views";
import type { MarketService, SymbolInfo } from "./service";

/** 400 unless 0 < spread ≤ SPREAD_LIMITS.max with at most SPREAD_LIMITS.decimals decimals; the normalised value. */
export function checkSpread(value: string): string {
  const spread = dec(value);
  if (spread.lte(0) || spread.gt(SPREAD_LIMITS.max) || spread.decimalPlaces() > SPREAD_LIMITS.decimals) {
    throw new AppError(400, "marketSpreadOutOfRange", {
      max: SPREAD_LIMITS.max,
      maxPercent: dec(SPREAD_LIMITS.max).mul(100).toFixed(),
      decimals: SPREAD_LIMITS.decimals,
      value: value.length > 40 ? `${value.slice(0, 40)}…` : value,
    });
  }
  return spread.toFixed();
}

/** A venue's weight: 0 (excluded) to SOURCE_WEIGHT_MAX, at most 8 decimals; 400 otherwise. */
const SOURCE_WEIGHT_MAX = "10";
export function checkSourceWeight(value: string): string {
  const weight = dec(value);
  if (weight.isNegative() || weight.gt(SOURCE_WEIGHT_MAX) || weight.decimalPlaces() > 8) {
    throw new AppError(400, "marketSourceWeightOutOfRange", { max: SOURCE_WEIGHT_MAX });
  }
  return weight.toFixed();
}

export function operatorSymbol(market: MarketService, info: SymbolInfo, now = Date.now()): OperatorMarketSymbol {
  const tick = market.lastTick(info.symbol);
  const q = tick ? quoteFromMid(tick.price, info.spread, info.pricePrecision) : null;
  return {
    symbol: info.symbol,
    base: info.base,
    quote: info.quote,
    assetClass: info.assetClass,
    spread: info.spread,
    maxLeverage: info.maxLeverage,
    pricePrecision: info.pricePrecision,
    qtyPrecision: info.qtyPrecision,
    enabled: info.enabled,
    tradingHours: info.tradingHours,
    marketOpen: isMarketOpen(info.tradingHours, now),
    price: tick?.price ?? null,
    bid: q?.bid ?? null,
    ask: q?.ask ?? null,
  };
}

export async function marketOperatorRoutes(app: FastifyInstance) {
  const market = app.market;
  const spreadOf = async (symbol: string) => {
    const info = market.findSymbol(symbol);
    return info ? { symbol: info.symbol, spread: info.spread } : null;
  };

  route(app, E.operatorSymbols, async () =>
    market.knownSymbols().map((info) => operatorSymbol(market, info, app.clock.now().getTime())),
  );

  route(app, E.operatorHealth, async () =>
    marketHealth(market, app.feedLeader ? app.feedLeader.leading : market.running, app.clock.now().getTime()),
  );

  route(
    app,
    E.operatorSourceUpdate,
    async ({ body }) => market.updateSourceWeight(body.source, checkSourceWeight(String(body.weight))),
    {
      config: {
        auditTarget: "market_source",
        auditBefore: async (request: FastifyRequest) => {
          const { source } = request.body as SourceWeightBody;
          return { source, weight: market.index.weights[source] ?? "1" };
        },
        auditTargetId: (request: FastifyRequest) => (request.body as SourceWeightBody).source,
      },
    },
  );

  route(
    app,
    E.operatorSymbolUpdate,
    async ({ body }) => {
      const spread = checkSpread(body.spread);
      const info = await market.updateSpread(body.symbol, spread);
      return operatorSymbol(market, info, app.clock.now().getTime());
    },
    {
      config: {
        auditTarget: "market_symbol",
        auditBefore: (request: FastifyRequest) => spreadOf((request.body as SpreadUpdateBody).symbol),
        auditTargetId: (request: FastifyRequest) => (request.body as SpreadUpdateBody).symbol,
      },
    },
  );
}
