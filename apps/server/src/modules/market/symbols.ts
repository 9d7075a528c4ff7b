import { ALWAYS_OPEN, FX_WEEK } from "@candor/domain";
import type { NewSymbol } from "./symbol-table";

/** A seeded symbol: the settings of a symbol listed at run time, priced by the configured feed. */
export type SymbolSeed = Omit<NewSymbol, "simOnly">;

export const LEVERAGE_CAPS = { crypto: 2, gold: 20, majorFx: 30, minorFx: 20, otherCommodity: 10 } as const;

const crypto = (
  base: string,
  price: string,
  pricePrecision: number,
  qtyPrecision: number,
  spread: string,
  volatility: string,
  dailyVolume: string,
): SymbolSeed => ({
  symbol: `${base}USDT`,
  base,
  quote: "USDT",
  assetClass: "crypto",
  pricePrecision,
  qtyPrecision,
  spread,
  maxLeverage: LEVERAGE_CAPS.crypto,
  tradingHours: ALWAYS_OPEN,
  referencePrice: price,
  volatility,
  dailyVolume,
});

const MAJOR_CURRENCIES = new Set(["USD", "EUR", "JPY", "GBP", "CAD", "CHF"]);

const forex = (
  base: string,
  quote: string,
  price: string,
  pricePrecision: number,
  spread: string,
  volatility: string,
): SymbolSeed => ({
  symbol: `${base}${quote}`,
  base,
  quote,
  assetClass: "forex",
  pricePrecision,
  qtyPrecision: 2,
  spread,
  maxLeverage:
    MAJOR_CURRENCIES.has(base) && MAJOR_CURRENCIES.has(quote) ? LEVERAGE_CAPS.majorFx : LEVERAGE_CAPS.minorFx,
  tradingHours: FX_WEEK,
  referencePrice: price,
  volatility,
  dailyVolume: "2000000000",
});

export const SYMBOL_SEEDS: SymbolSeed[] = [
  crypto("BTC", "92000", 2, 5, "0.0004", "0.5", "25000"),
  crypto("ETH", "3100", 2, 4, "0.0005", "0.65", "400000"),
  crypto("BNB", "900", 2, 3, "0.0008", "0.55", "600000"),
  crypto("SOL", "140", 2, 3, "0.001", "0.8", "4000000"),
  crypto("XRP", "2.2", 4, 1, "0.001", "0.8", "800000000"),
  crypto("DOGE", "0.16", 5, 0, "0.0012", "0.9", "3000000000"),
  crypto("ADA", "0.45", 4, 1, "0.0012", "0.8", "600000000"),
  crypto("TRX", "0.28", 5, 0, "0.0012", "0.5", "1000000000"),
  crypto("LTC", "90", 2, 3, "0.001", "0.7", "800000"),
  crypto("DOT", "2.8", 3, 2, "0.0015", "0.8", "8000000"),
  crypto("LINK", "13.5", 3, 2, "0.0012", "0.8", "5000000"),
  crypto("AVAX", "14", 2, 2, "0.0015", "0.85", "5000000"),
  {
    symbol: "XAUUSD",
    base: "XAU",
    quote: "USD",
    assetClass: "metal",
    pricePrecision: 2,
    qtyPrecision: 2,
    spread: "0.0001",
    maxLeverage: LEVERAGE_CAPS.gold,
    tradingHours: FX_WEEK,
    referencePrice: "4050",
    volatility: "0.16",
    dailyVolume: "200000",
  },
  {
    symbol: "XAGUSD",
    base: "XAG",
    quote: "USD",
    assetClass: "metal",
    pricePrecision: 3,
    qtyPrecision: 1,
    spread: "0.0006",
    maxLeverage: LEVERAGE_CAPS.otherCommodity,
    tradingHours: FX_WEEK,
    referencePrice: "50",
    volatility: "0.28",
    dailyVolume: "3000000",
  },
  forex("EUR", "USD", "1.155", 5, "0.00009", "0.07"),
  forex("GBP", "USD", "1.31", 5, "0.0001", "0.08"),
  forex("USD", "JPY", "155", 3, "0.00008", "0.1"),
  forex("AUD", "USD", "0.65", 5, "0.00018", "0.1"),
  forex("USD", "CAD", "1.4", 5, "0.00012", "0.06"),
  forex("USD", "CHF", "0.8", 5, "0.00015", "0.07"),
];
