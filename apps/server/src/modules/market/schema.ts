// Market tables (migrations/0003_market.sql). Only the market module reads them;
// other modules use ./service.
import { sql } from "drizzle-orm";
import { bigserial, boolean, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const money = (name: string) => numeric(name, { precision: 36, scale: 18 });

export const marketSymbols = pgTable("market_symbols", {
  symbol: text("symbol").primaryKey(),
  base: text("base").notNull(),
  quote: text("quote").notNull(),
  assetClass: text("asset_class").notNull(),
  pricePrecision: integer("price_precision").notNull(),
  qtyPrecision: integer("qty_precision").notNull(),
  spread: money("spread").notNull(),
  maxLeverage: integer("max_leverage").notNull(),
  tradingHours: jsonb("trading_hours").notNull(),
  referencePrice: money("reference_price").notNull(),
  volatility: money("volatility").notNull(),
  dailyVolume: money("daily_volume").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export const marketCandles = pgTable(
  "market_candles",
  {
    symbol: text("symbol")
      .notNull()
      .references(() => marketSymbols.symbol),
    tier: text("tier").notNull(),
    openTime: timestamp("open_time", { withTimezone: true }).notNull(),
    open: money("open").notNull(),
    high: money("high").notNull(),
    low: money("low").notNull(),
    close: money("close").notNull(),
    volume: money("volume").notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.tier, t.openTime] })],
);

export const marketTicks = pgTable("market_ticks", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  symbol: text("symbol")
    .notNull()
    .references(() => marketSymbols.symbol),
  ts: timestamp("ts", { withTimezone: true }).notNull(),
  price: money("price").notNull(),
  volume: money("volume").notNull().default("0"),
  source: text("source").notNull(),
});
