// Checks of a futures request's figures (leverage, margin, TP/SL levels, open market):
// each throws the translated 4xx the customer sees.
import { dec, leverageProblem, previewOpen, toMoneyString, tpSlProblem, USDT_PLACES } from "@candor/domain";
import { badRequest, conflict } from "../../lib/errors";
import type { MarketService, SymbolInfo } from "../market/service";
import { FEE_RATES } from "./settlement";

const MARGIN_PLACES = USDT_PLACES;
const places = (value: string) => dec(value).decimalPlaces();

export function checkLeverage(leverage: string, info: SymbolInfo): number {
  if (leverageProblem(leverage, info.maxLeverage) !== null) {
    throw badRequest("futuresLeverage", { max: info.maxLeverage, symbol: info.symbol });
  }
  return Number(leverage);
}

export function checkMargin(margin: string): string {
  if (places(margin) > MARGIN_PLACES) throw badRequest("futuresMarginDecimals", { places: MARGIN_PLACES });
  return toMoneyString(margin);
}

/** A TP/SL level as given: undefined (not given), null (none), or a positive price at the symbol's precision. */
export function checkLevel(
  value: string | null | undefined,
  info: SymbolInfo,
  field: "takeProfit" | "stopLoss",
): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (!dec(value).gt(0) || places(value) > info.pricePrecision) {
    throw badRequest(field === "takeProfit" ? "futuresTakeProfitInvalid" : "futuresStopLossInvalid", {
      places: info.pricePrecision,
    });
  }
  return toMoneyString(value);
}

export function checkTpSl(info: SymbolInfo, args: Parameters<typeof tpSlProblem>[0]): void {
  switch (tpSlProblem(args)) {
    case null:
      return;
    case "takeProfitWrongSide":
      throw badRequest("futuresTakeProfitWrongSide", { price: toMoneyString(args.exitPrice) });
    case "stopLossWrongSide":
      throw badRequest("futuresStopLossWrongSide", { price: toMoneyString(args.exitPrice) });
    case "stopLossBeyondCloseOut":
      throw badRequest("futuresStopLossBeyondCloseOut", { closeOutPrice: toMoneyString(args.closeOutPrice) });
    case "notPositive":
      throw badRequest(args.takeProfit ? "futuresTakeProfitInvalid" : "futuresStopLossInvalid", {
        places: info.pricePrecision,
      });
  }
}

export function requireOpenMarket(market: MarketService, symbol: string): void {
  if (!market.isMarketOpen(symbol)) throw conflict("marketClosed", { symbol });
}

/** What opening at this quote gives (price, quantity, fee, close-out); 400 when the margin buys less than one lot. */
export function previewAtQuote(
  info: SymbolInfo,
  direction: "long" | "short",
  margin: string,
  leverage: number,
  quote: { bid: string; ask: string },
) {
  const preview = previewOpen({
    direction,
    margin,
    leverage,
    bid: quote.bid,
    ask: quote.ask,
    pricePrecision: info.pricePrecision,
    qtyPrecision: info.qtyPrecision,
    rates: FEE_RATES,
  });
  if (!dec(preview.quantity).gt(0)) {
    throw badRequest("futuresMarginTooSmall", {
      symbol: info.symbol,
      minQuantity: dec(1).div(dec(10).pow(info.qtyPrecision)).toFixed(),
    });
  }
  return preview;
}
