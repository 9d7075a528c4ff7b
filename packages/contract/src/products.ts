// Which products take new business, and from whom. The deployment decides what it offers
// and where (docs/product.md §1.6: short-term options are not offered in the EU, UK and
// Australia by default); within that, an admin can pause a product for new orders and
// withhold it from more countries. Pausing never stops anyone closing, redeeming,
// repaying or withdrawing what they already have.
import { z } from "zod";

export const PRODUCT_KEYS = [
  "futures",
  "options",
  "spot",
  "exchange",
  "demo",
  "earn",
  "loans",
  "ieo",
  "contests",
] as const;
export const ProductKey = z.enum(PRODUCT_KEYS);
export type ProductKey = z.infer<typeof ProductKey>;

const Iso2 = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "two-letter ISO 3166-1 country code");

export const ProductGate = z.object({
  product: ProductKey,
  /** New orders accepted (an admin's switch). */
  enabled: z.boolean(),
  /** Countries an admin withholds the product from (on top of the deployment's). */
  blockedCountries: z.array(z.string()),
  /** Countries the deployment withholds it from; not editable in the console. */
  deploymentBlockedCountries: z.array(z.string()),
});
export type ProductGate = z.infer<typeof ProductGate>;

export const ProductGateBody = z.object({
  product: ProductKey,
  enabled: z.boolean(),
  blockedCountries: z.array(Iso2).max(250).default([]),
});
export type ProductGateBody = z.infer<typeof ProductGateBody>;

export const ProductAvailability = z.object({
  product: ProductKey,
  offered: z.boolean(),
  /** Why not: paused for new orders, or not offered in the customer's country. */
  reason: z.enum(["paused", "country"]).nullable(),
});
export type ProductAvailability = z.infer<typeof ProductAvailability>;
