// The earn module's rows and each product type's configuration, as a union by type: a
// product row's `config` holds what its type needs (the machine of a mining product, the
// borrower of a debt claim, the strategy of an automated strategy; nothing for fixed-term).
// Shared by the common code and the per-type folders (fixed-term/, mining/, debt/, quant/).
import type { EarnType, Lang } from "@candor/contract";
import { dec, toMoneyString } from "@candor/domain";
import type { earnOrders, earnProducts, LocalizedJson } from "./schema";

export type ProductRow = typeof earnProducts.$inferSelect;
export type OrderRow = typeof earnOrders.$inferSelect;

export interface MachineConfig {
  manufacturer: string;
  model: string;
  hashrate: string;
  power: string;
  size: string;
  weight: string;
  temperature: string;
  humidity: string;
  network: string;
}

/** Each type's configuration (the row's `config` column). */
export interface ProductConfigs {
  arbitrage: Record<string, never>;
  mining: { machine: MachineConfig; pricePerTh: string; electricityPrice: string };
  debt: { borrower: LocalizedJson; defaultPolicy: LocalizedJson };
  quant: { strategy: "grid" | "trend"; symbol: string; params: Record<string, unknown> };
}

/** A type's configuration as stored (read defensively: rows written before a field existed lack it). */
export type ProductConfig<T extends EarnType = EarnType> = Partial<ProductConfigs[T]>;

/** A product row with its configuration typed for its type: the union by type. */
export type TypedProductRow = {
  [T in EarnType]: Omit<ProductRow, "type" | "config"> & { type: T; config: ProductConfig<T> };
}[EarnType];

/** The row's configuration, read as type T's (call it where the row's type is known). */
export const configOf = <T extends EarnType>(row: Pick<ProductRow, "config">): ProductConfig<T> =>
  row.config as ProductConfig<T>;

export const localize = (text: LocalizedJson | null | undefined, lang: Lang): string =>
  text?.[lang] ?? text?.["en-us"] ?? "";

export const money = (v: string | null | undefined) => (v === null || v === undefined ? null : toMoneyString(dec(v)));
export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
