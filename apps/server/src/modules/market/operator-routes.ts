// Operator endpoints of the symbol settings (console Settings → Spreads): finance and admin
// list every symbol with its spread, leverage cap, precision and hours; an admin changes a
// spread within SPREAD_LIMITS. The change is audited (before/after) by the staff plugin.
import { OperatorMarketSymbol, SPREAD_LIMITS, SpreadUpdateBody } from "@candor/contract";
import { dec, isMarketOpen, quoteFromMid } from "@candor/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { route } from "../../lib/route";
import type { MarketService, SymbolInfo } from "./service";

const tags = ["operator"];

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

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/market/symbols",
      auth: { roles: ["finance"] },
      tags,
      summary: "Every symbol (enabled or not) with its spread, leverage cap, precision, hours and current bid/ask",
      result: z.array(OperatorMarketSymbol),
    },
    async () => market.knownSymbols().map((info) => operatorSymbol(market, info, app.clock.now().getTime())),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/market/symbols/update",
      auth: { roles: ["admin"] },
      config: {
        auditTarget: "market_symbol",
        auditBefore: (request: FastifyRequest) => spreadOf((request.body as SpreadUpdateBody).symbol),
        auditTargetId: (request: FastifyRequest) => (request.body as SpreadUpdateBody).symbol,
      },
      tags,
      summary:
        "Change a symbol's spread (admin; 0 < spread ≤ 0.05 of mid, at most 8 decimals): new quotes use it at once on every node, open positions keep their prices",
      body: SpreadUpdateBody,
      result: OperatorMarketSymbol,
    },
    async ({ body }) => {
      const spread = checkSpread(body.spread);
      const info = await market.updateSpread(body.symbol, spread);
      return operatorSymbol(market, info, app.clock.now().getTime());
    },
  );
}
