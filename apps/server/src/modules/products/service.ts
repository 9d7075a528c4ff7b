// Product availability: the deployment's offer (config) and an admin's switches within
// it, kept in the settings table ("product_gates") and read at most once a second per
// node (an edit on this node clears it at once). Only new business is gated: closing,
// redeeming, repaying and withdrawing never are.
import {
  PRODUCT_KEYS,
  type ProductAvailability,
  type ProductGate,
  type ProductGateBody,
  type ProductKey,
} from "@candor/contract";
import type { Db } from "../../db";
import { forbidden } from "../../lib/errors";
import { getSetting, setSetting } from "../settings/service";
import { getUserCountry } from "../users/service";

const SETTING = "product_gates";
const CACHE_MS = 1000;

type Stored = Partial<Record<ProductKey, { enabled: boolean; blockedCountries: string[] }>>;

export class ProductGates {
  private cached: { at: number; value: Stored } | null = null;

  constructor(
    private readonly db: Db,
    /** What the deployment withholds, per product (e.g. options in the EU, UK and Australia). */
    private readonly deploymentBlocked: Partial<Record<ProductKey, readonly string[]>>,
  ) {}

  private async stored(): Promise<Stored> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const value = await getSetting<Stored>(this.db, SETTING, {});
    this.cached = { at: Date.now(), value };
    return value;
  }

  private gate(stored: Stored, product: ProductKey): ProductGate {
    const own = stored[product];
    return {
      product,
      enabled: own?.enabled ?? true,
      blockedCountries: own?.blockedCountries ?? [],
      deploymentBlockedCountries: [...(this.deploymentBlocked[product] ?? [])],
    };
  }

  async list(): Promise<ProductGate[]> {
    const stored = await this.stored();
    return PRODUCT_KEYS.map((p) => this.gate(stored, p));
  }

  async update(body: ProductGateBody): Promise<ProductGate> {
    const stored = { ...(await getSetting<Stored>(this.db, SETTING, {})) };
    const deployment = new Set(this.deploymentBlocked[body.product] ?? []);
    // The deployment's own list is kept apart: repeating it here would add nothing.
    const blockedCountries = [...new Set(body.blockedCountries)].filter((c) => !deployment.has(c)).sort();
    stored[body.product] = { enabled: body.enabled, blockedCountries };
    await setSetting(this.db, SETTING, stored);
    this.cached = null;
    return this.gate(stored, body.product);
  }

  async availability(product: ProductKey, country: string | null): Promise<ProductAvailability> {
    const gate = this.gate(await this.stored(), product);
    if (!gate.enabled) return { product, offered: false, reason: "paused" };
    const c = country?.toUpperCase();
    if (c && (gate.blockedCountries.includes(c) || gate.deploymentBlockedCountries.includes(c))) {
      return { product, offered: false, reason: "country" };
    }
    return { product, offered: true, reason: null };
  }

  async forUser(userId: number | null): Promise<ProductAvailability[]> {
    const country = userId === null ? null : await getUserCountry(this.db, userId);
    return Promise.all(PRODUCT_KEYS.map((p) => this.availability(p, country)));
  }

  /** 403 with a message naming the product (`productName`, in the caller's language) when it takes no new orders from this customer. */
  async assertOpen(product: ProductKey, userId: number, productName: string): Promise<void> {
    const country = await getUserCountry(this.db, userId);
    const a = await this.availability(product, country);
    if (a.reason === "paused") throw forbidden("productPaused", { product: productName });
    if (a.reason === "country")
      throw forbidden("productCountryBlocked", { product: productName, country: country ?? "" });
  }
}
