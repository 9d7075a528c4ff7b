// The market_symbols table: reading it into SymbolInfo and listing a new symbol.
import { dec, type TradingHours } from "@candor/domain";
import type { Database } from "../../db";
import type { AssetClass, SymbolInfo } from "./types";

export interface SymbolRow {
  symbol: string;
  base: string;
  quote: string;
  asset_class: AssetClass;
  price_precision: number;
  qty_precision: number;
  spread: string;
  max_leverage: number;
  trading_hours: TradingHours | string;
  reference_price: string;
  volatility: string;
  daily_volume: string;
  sort_order: number;
  enabled: boolean;
  sim_only?: boolean;
}

/** A symbol to list at run time (see addSymbol): its settings; the table sets order and enabled. */
export type NewSymbol = Omit<SymbolInfo, "sortOrder" | "enabled">;

/** Every symbol of the table, enabled or not, in display order. */
export async function readSymbolTable(database: Database): Promise<Map<string, SymbolInfo>> {
  const rows = await database.query<SymbolRow>("SELECT * FROM market_symbols ORDER BY sort_order, symbol");
  return new Map(
    rows.map((r) => [
      r.symbol,
      {
        symbol: r.symbol,
        base: r.base,
        quote: r.quote,
        assetClass: r.asset_class,
        pricePrecision: r.price_precision,
        qtyPrecision: r.qty_precision,
        spread: dec(r.spread).toFixed(),
        maxLeverage: r.max_leverage,
        tradingHours: (typeof r.trading_hours === "string"
          ? JSON.parse(r.trading_hours)
          : r.trading_hours) as TradingHours,
        referencePrice: dec(r.reference_price).toFixed(),
        volatility: dec(r.volatility).toFixed(),
        dailyVolume: dec(r.daily_volume).toFixed(),
        sortOrder: r.sort_order,
        enabled: r.enabled,
        simOnly: r.sim_only === true,
      },
    ]),
  );
}

/** Store a new symbol after the others (an existing row is kept: idempotent). */
export async function insertSymbol(database: Database, input: NewSymbol, enabled = true): Promise<void> {
  const [max] = await database.query<{ m: number | null }>("SELECT max(sort_order) AS m FROM market_symbols");
  await database.query(
    `INSERT INTO market_symbols (symbol, base, quote, asset_class, price_precision, qty_precision, spread,
       max_leverage, trading_hours, reference_price, volatility, daily_volume, sort_order, sim_only, enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (symbol) DO NOTHING`,
    [
      input.symbol,
      input.base,
      input.quote,
      input.assetClass,
      input.pricePrecision,
      input.qtyPrecision,
      input.spread,
      input.maxLeverage,
      JSON.stringify(input.tradingHours),
      input.referencePrice,
      input.volatility,
      input.dailyVolume,
      Number(max?.m ?? 0) + 10,
      input.simOnly === true,
      enabled,
    ],
  );
}
