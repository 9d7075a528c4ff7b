// IEO (docs/contract.md "IEO"): token projects with an apply window, a provably fair lottery
// (seedHash = SHA-256 of a secret seed published at creation, the seed published at the
// draw; every score also mixes in the digest of the final entries and a beacon fixed after
// applications closed, so whoever holds the seed cannot steer it), payment by the winners before payEnd and delivery of the new token at listing.
// Nothing is charged at apply time: winners pay wonQuantity × drawPrice in USDT after the
// draw. Pinned fields first in each shape, then ours.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { LocalizedText } from "./earn";
import { TradeRequestId } from "./options";

// ── Enums ────────────────────────────────────────────────────────────────────────────

/**
 * From the business clock: upcoming (before applyStart), issuing (applyStart..applyEnd),
 * drawing (applyEnd until the draw has run), paying (draw done..payEnd), completed
 * (payEnd..listing done), listed (the token is a tradeable currency).
 */
export const IeoProjectStatus = z.enum(["upcoming", "issuing", "drawing", "paying", "completed", "listed"]);
export type IeoProjectStatus = z.infer<typeof IeoProjectStatus>;

/**
 * applied (waiting for the draw) → won (wonQuantity > 0, pay before payEnd) | lost;
 * won → paid (amount charged) | expired (not paid by payEnd); paid → delivered (tokens
 * credited at listing).
 */
export const IeoOrderStatus = z.enum(["applied", "won", "lost", "paid", "expired", "delivered"]);
export type IeoOrderStatus = z.infer<typeof IeoOrderStatus>;

/** The currency winners pay in. */
export const IEO_PAY_CURRENCY = "USDT";

/** The published draw algorithm (returned as `algorithm` by the draw endpoint). */
export const IEO_DRAW_ALGORITHM =
  "Every applied unit is one ticket (orderId, i) for i = 0 .. quantity-1. " +
  'entriesDigest = SHA-256 (lowercase hex) of the published entries, one line "<orderId>:<quantity>" per entry ' +
  "in ascending orderId, lines joined by a newline (\\n), UTF-8. " +
  'beacon = SHA-256 (lowercase hex) of the text "<symbol>|<ts>|<price>" of beaconTick, the first BTCUSDT tick ' +
  "recorded after applications closed (ts as ISO-8601 UTC with milliseconds, price as published); " +
  "neither value can be known while applications are open. " +
  'Each ticket gets the score HMAC-SHA-256(key = seed, message = "<entriesDigest>:<beacon>:<orderId>:<i>") ' +
  "as lowercase hex, where seed is the published seed string (its UTF-8 bytes are the key). " +
  "Tickets are sorted ascending by score; the first totalQuantity tickets win. " +
  "wonQuantity of an order = the number of its winning tickets. " +
  "If the applied units do not exceed totalQuantity, every order wins in full. " +
  "seedHash = SHA-256(seed string) as lowercase hex, published before applications close.";

/** The algorithm of projects drawn before the entry digest and the beacon were mixed in (no entriesDigest/beacon published). */
export const IEO_DRAW_ALGORITHM_V1 =
  "Every applied unit is one ticket (orderId, i) for i = 0 .. quantity-1. " +
  'Each ticket gets the score HMAC-SHA-256(key = seed, message = "<orderId>:<i>") as lowercase hex, ' +
  "where seed is the published seed string (its UTF-8 bytes are the key). " +
  "Tickets are sorted ascending by score; the first totalQuantity tickets win. " +
  "wonQuantity of an order = the number of its winning tickets. " +
  "If the applied units do not exceed totalQuantity, every order wins in full. " +
  "seedHash = SHA-256(seed string) as lowercase hex, published before applications close.";

// ── Projects ─────────────────────────────────────────────────────────────────────────

export const IeoProject = z.object({
  id: z.number().int(),
  /** In the request's language. */
  name: z.string(),
  /** The new token's symbol, e.g. "CNDR"; it trades as <symbol>USDT once listed. */
  symbol: z.string(),
  /** USDT per token, announced with the project. */
  estimatedPrice: DecimalString,
  /** USDT per token winners pay; null until the draw (equals estimatedPrice). */
  drawPrice: DecimalString.nullable(),
  totalQuantity: z.number().int(),
  maxPerCustomer: z.number().int(),
  applyStart: IsoDate,
  applyEnd: IsoDate,
  drawAt: IsoDate,
  payEnd: IsoDate,
  listAt: IsoDate,
  status: IeoProjectStatus,
  /** Lowercase hex SHA-256 of the seed string, published from creation. */
  seedHash: z.string(),
  /** The secret seed (64 hex characters); null until the draw has run. */
  seed: z.string().nullable(),
  // ours
  /** In the request's language. */
  description: z.string(),
  /** Plain-language risk text in the request's language. */
  riskText: z.string(),
  /** The pay currency (USDT). */
  payCurrency: z.string(),
  /** Units applied for by all customers so far. */
  appliedQuantity: z.number().int(),
  /** Number of orders (applications). */
  entries: z.number().int(),
  /** True once the draw has run (winners published). */
  drawn: z.boolean(),
  /** True once the token is listed and delivered. */
  listed: z.boolean(),
  /** Business-clock time of the response, for countdowns. */
  serverTime: IsoDate,
  /** The caller's own summary (null when not logged in). */
  my: z
    .object({
      /** Units the caller applied for (sum of their orders). */
      applied: z.number().int(),
      /** Units the caller won (after the draw). */
      won: z.number().int(),
      /** Units still available to apply for (maxPerCustomer − applied). */
      remaining: z.number().int(),
    })
    .nullable(),
});
export type IeoProject = z.infer<typeof IeoProject>;

/** The public project list is a plain array (docs/contract.md), newest first, optionally by status. */
export const IeoProjectListQuery = z.object({ status: IeoProjectStatus.optional() });
export type IeoProjectListQuery = z.infer<typeof IeoProjectListQuery>;

export const IeoIdQuery = z.object({ id: z.coerce.number().int().positive() });
export type IeoIdQuery = z.infer<typeof IeoIdQuery>;

// ── Apply and pay ────────────────────────────────────────────────────────────────────

export const IeoApplyBody = z.object({
  projectId: z.coerce.number().int().positive(),
  quantity: z.coerce.number().int().min(1),
  /** Retrying with the same id returns the first application (idempotent). */
  requestId: TradeRequestId.optional(),
});
export type IeoApplyBody = z.infer<typeof IeoApplyBody>;

export const IeoApplyResult = z.object({
  id: z.number().int(),
  status: IeoOrderStatus,
  // ours
  projectId: z.number().int(),
  quantity: z.number().int(),
  /** Always "0": nothing is charged at apply time. */
  charged: DecimalString,
});
export type IeoApplyResult = z.infer<typeof IeoApplyResult>;

export const IeoPayBody = z.object({
  id: z.coerce.number().int().positive(),
});
export type IeoPayBody = z.infer<typeof IeoPayBody>;

export const IeoPayResult = z.object({
  id: z.number().int(),
  status: IeoOrderStatus,
  // ours
  /** USDT charged (wonQuantity × drawPrice); a repeated pay returns the same amount and charges nothing. */
  amount: DecimalString,
  currency: z.string(),
  paidAt: IsoDate,
});
export type IeoPayResult = z.infer<typeof IeoPayResult>;

// ── Orders ───────────────────────────────────────────────────────────────────────────

export const IeoOrder = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  quantity: z.number().int(),
  /** 0 until the draw. */
  wonQuantity: z.number().int(),
  /** USDT to pay / paid = wonQuantity × drawPrice ("0" before the draw and for lost orders). */
  amount: DecimalString,
  status: IeoOrderStatus,
  // ours
  projectName: z.string(),
  symbol: z.string(),
  drawPrice: DecimalString.nullable(),
  payEnd: IsoDate,
  listAt: IsoDate,
  createdAt: IsoDate,
  paidAt: IsoDate.nullable(),
  deliveredAt: IsoDate.nullable(),
});
export type IeoOrder = z.infer<typeof IeoOrder>;

export const IeoOrderListQuery = PageQuery.extend({
  projectId: z.coerce.number().int().positive().optional(),
  status: IeoOrderStatus.optional(),
});
export type IeoOrderListQuery = z.infer<typeof IeoOrderListQuery>;

// ── Draw ─────────────────────────────────────────────────────────────────────────────

export const IeoDraw = z.object({
  seed: z.string(),
  seedHash: z.string(),
  algorithm: z.string(),
  entries: z.array(z.object({ orderId: z.number().int(), quantity: z.number().int() })),
  winners: z.array(z.object({ orderId: z.number().int(), wonQuantity: z.number().int() })),
  // ours
  projectId: z.number().int(),
  totalQuantity: z.number().int(),
  drawPrice: DecimalString,
  drawnAt: IsoDate,
  /** When applications closed (real time; the beacon tick comes after it). Null for projects drawn by IEO_DRAW_ALGORITHM_V1. */
  applicationsClosedAt: IsoDate.nullable(),
  /** SHA-256 of the final entry set (see `algorithm`); null for projects drawn by IEO_DRAW_ALGORITHM_V1. */
  entriesDigest: z.string().nullable(),
  /** SHA-256 of beaconTick (see `algorithm`); null for projects drawn by IEO_DRAW_ALGORITHM_V1. */
  beacon: z.string().nullable(),
  /** The first BTCUSDT tick recorded after applications closed; `ts` ISO-8601 UTC with ms. */
  beaconTick: z.object({ symbol: z.string(), ts: IsoDate, price: DecimalString }).nullable(),
});
export type IeoDraw = z.infer<typeof IeoDraw>;

// ── Operator ─────────────────────────────────────────────────────────────────────────

/** Symbols: 2–10 capital letters/digits starting with a letter, not an existing currency. */
export const IeoSymbol = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z][A-Z0-9]{1,9}$/.test(v), { message: "2–10 letters or digits, starting with a letter" });

const IeoProjectFields = z.object({
  name: LocalizedText,
  symbol: IeoSymbol,
  /** USDT per token, at most 6 decimals (USDT's). */
  estimatedPrice: PositiveDecimalInput.refine((v) => !/\.\d{7,}$/.test(v), { message: "at most 6 decimals" }),
  totalQuantity: z.coerce.number().int().min(1).max(1_000_000_000),
  /** Each applied unit is one ticket in the draw: at most 100,000 per customer. */
  maxPerCustomer: z.coerce.number().int().min(1).max(100_000),
  applyStart: z.string().datetime({ offset: true }),
  applyEnd: z.string().datetime({ offset: true }),
  drawAt: z.string().datetime({ offset: true }),
  payEnd: z.string().datetime({ offset: true }),
  listAt: z.string().datetime({ offset: true }),
  description: LocalizedText,
  riskText: LocalizedText,
});

const strictlyOrdered = (p: {
  applyStart: string;
  applyEnd: string;
  drawAt: string;
  payEnd: string;
  listAt: string;
}) => {
  const t = [p.applyStart, p.applyEnd, p.drawAt, p.payEnd, p.listAt].map((v) => Date.parse(v));
  return t.every((v, i) => i === 0 || v > (t[i - 1] as number));
};
const ORDER_MESSAGE = {
  message: "times must be strictly ordered: applyStart < applyEnd < drawAt < payEnd < listAt",
  path: ["applyEnd"],
};

/** Create a project (the texts per language, en-us required). */
export const IeoProjectInput = IeoProjectFields.refine(strictlyOrdered, ORDER_MESSAGE);
export type IeoProjectInput = z.infer<typeof IeoProjectInput>;

/** Update: the project id plus the full input (only before applyStart). */
export const IeoProjectUpdateBody = IeoProjectFields.extend({ id: z.coerce.number().int().positive() }).refine(
  strictlyOrdered,
  ORDER_MESSAGE,
);
export type IeoProjectUpdateBody = z.infer<typeof IeoProjectUpdateBody>;

export const OperatorIeoProject = IeoProject.omit({ my: true }).extend({
  texts: z.object({
    name: z.record(z.string(), z.string()),
    description: z.record(z.string(), z.string()),
    riskText: z.record(z.string(), z.string()),
  }),
  /** Units paid for so far. */
  paidQuantity: z.number().int(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type OperatorIeoProject = z.infer<typeof OperatorIeoProject>;

export const OperatorIeoListQuery = PageQuery.extend({ status: IeoProjectStatus.optional() });
export type OperatorIeoListQuery = z.infer<typeof OperatorIeoListQuery>;

export const OperatorIeoEntriesQuery = PageQuery.extend({
  id: z.coerce.number().int().positive(),
  status: IeoOrderStatus.optional(),
});
export type OperatorIeoEntriesQuery = z.infer<typeof OperatorIeoEntriesQuery>;

export const OperatorIeoEntry = IeoOrder.extend({ userId: z.number().int() });
export type OperatorIeoEntry = z.infer<typeof OperatorIeoEntry>;

// ── Routes: paths in ./paths/ieo.ts, endpoints in ./endpoints/ieo.ts ──────────────

/*
 * Customer endpoints:
 *   GET  /api/prod/appProdIoe/listMy?status                (public) → IeoProject[] (newest first)
 *   GET  /api/prod/appProdIoe/detail?id=                   (public) → IeoProject
 *   GET  /api/prod/appProdIoe/draw?id=                     (public) → IeoDraw (409 before the draw)
 *   POST /api/prod/appOrderIoe/apply  IeoApplyBody → IeoApplyResult (nothing charged; 409 outside
 *        the window; 400 above maxPerCustomer)
 *   POST /api/prod/appOrderIoe/pay    IeoPayBody   → IeoPayResult (won orders before payEnd; idempotent)
 *   GET  /api/prod/appOrderIoe/listMy?pageNo&pageSize&projectId&status → page of IeoOrder
 * Operator endpoints (roles in the authz matrix; list also finance, the rest admin):
 *   GET  /api/operator/ieo/list?pageNo&pageSize&status → page of OperatorIeoProject
 *   POST /api/operator/ieo/create  IeoProjectInput      → OperatorIeoProject
 *   POST /api/operator/ieo/update  IeoProjectUpdateBody → OperatorIeoProject (only before applyStart)
 *   GET  /api/operator/ieo/entries?id&pageNo&pageSize&status → page of OperatorIeoEntry
 */

// ── Events on the bus (for the inbox) ────────────────────────────────────────────────

/** Topic "ieo.order": an order was won, lost, expired or delivered. */
export const IeoOrderEvent = z.object({
  userId: z.number().int(),
  orderId: z.number().int(),
  projectId: z.number().int(),
  symbol: z.string(),
  status: IeoOrderStatus,
  quantity: z.number().int(),
  wonQuantity: z.number().int(),
  amount: DecimalString,
  at: IsoDate,
});
export type IeoOrderEvent = z.infer<typeof IeoOrderEvent>;
