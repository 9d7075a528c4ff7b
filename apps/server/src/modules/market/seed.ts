// Seeds the symbol table; idempotent, never overwrites what an operator changed.
import type { Database } from "../../db";
import { SYMBOL_SEEDS } from "./symbols";

export async function seedMarket(database: Database): Promise<void> {
  const s = SYMBOL_SEEDS;
  await database.query(
    `INSERT INTO market_symbols (symbol, base, quote, asset_class, price_precision, qty_precision, spread,
       max_leverage, trading_hours, reference_price, volatility, daily_volume, sort_order)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::numeric[],
       $8::int[], $9::jsonb[], $10::numeric[], $11::numeric[], $12::numeric[], $13::int[])
     ON CONFLICT (symbol) DO NOTHING`,
    [
      s.map((x) => x.symbol),
      s.map((x) => x.base),
      s.map((x) => x.quote),
      s.map((x) => x.assetClass),
      s.map((x) => x.pricePrecision),
      s.map((x) => x.qtyPrecision),
      s.map((x) => x.spread),
      s.map((x) => x.maxLeverage),
      s.map((x) => JSON.stringify(x.tradingHours)),
      s.map((x) => x.referencePrice),
      s.map((x) => x.volatility),
      s.map((x) => x.dailyVolume),
      s.map((_, i) => (i + 1) * 10),
    ],
  );
}
