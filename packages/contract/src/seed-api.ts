// Shapes of the seed's calls (docs/seed-api.md) that have no earlier equivalent in
// the product: verification checks and records, a system setting by key, a currency's
// USDT rate, one deposit address, the latest open option, short links, /config.json.
// Seed paths that ARE an existing call reuse that call's shapes (apps/server/src/lib/aliases.ts).
import { z } from "zod";
import { DecimalString, IsoDate } from "./common";
import { SymbolCode } from "./market";
import { CurrencyCode, NetworkCode } from "./money";
import { OptionMode } from "./options";

// ---------------------------------------------------------------- verification (appAuth)

export const KycRecord = z.object({
  id: z.number().int(),
  level: z.enum(["basic", "advanced"]),
  status: z.enum(["pending", "rejected", "passed"]),
  documentType: z.enum(["id_card", "passport"]).nullable(),
  countryCode: z.string().nullable(),
  rejectReason: z.string().nullable().describe("why it was rejected (shown to the customer)"),
  submittedAt: IsoDate,
  reviewedAt: IsoDate.nullable(),
});
export type KycRecord = z.infer<typeof KycRecord>;

// ---------------------------------------------------------------- settings and currencies

export const SysSetQuery = z.object({
  param: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, "letters, digits and _ . -"),
});

export const RateQuery = z.object({ currency: CurrencyCode });
export const CurrencyRate = z.object({
  currency: z.string(),
  usdtRate: DecimalString.nullable().describe("USDT value of 1 unit from the market feed; null before a price"),
});

export const DepositAddrQuery = z.object({
  currency: CurrencyCode,
  network: NetworkCode.optional().describe("default: the currency's first network"),
});
export const DepositAddr = z.object({
  currency: z.string(),
  network: z.string(),
  name: z.string().describe("network name"),
  address: z.string(),
  qrText: z.string().describe("text to encode in the QR code"),
  minDeposit: DecimalString,
  sandbox: z.boolean().describe("a sandbox address: deposits confirm by themselves, no real money"),
});

// ---------------------------------------------------------------- options header card

export const OptionHeadQuery = z.object({ symbol: SymbolCode.optional(), mode: OptionMode.default("real") });

// ---------------------------------------------------------------- short links

const ShortCode = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, _ and -");
/** An address inside the app (a path like `/register?inviteCode=AB12`), never another site. */
const AppTarget = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, "a path inside the app starting with / (no other sites)");

export const ShortLinkQuery = z.object({ code: ShortCode });
export const ShortLinkTarget = z.object({ code: z.string(), target: z.string() });
export const ShortLinkBody = z.object({ code: ShortCode, target: AppTarget, active: z.boolean().default(true) });
export const ShortLink = z.object({
  id: z.number().int(),
  code: z.string(),
  target: z.string(),
  active: z.boolean(),
  uses: z.number().int(),
  createdAt: IsoDate,
});
export type ShortLink = z.infer<typeof ShortLink>;

// ---------------------------------------------------------------- /config.json

/** The app's static runtime configuration (apps/web/public/config.json, served at /config.json). */
export const RuntimeConfig = z
  .object({
    apiBaseUrl: z.string(),
    marketSocket: z.string(),
    chatSocket: z.string(),
    accountSocket: z.string(),
    defaultLanguage: z.string(),
    languages: z.array(z.string()),
  })
  .loose();
