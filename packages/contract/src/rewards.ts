// Rewards (docs/contract.md "Rewards"): welfare tasks, VIP levels with a one-time gift per level
// and Monday red envelopes, team invitation with one-level fee rebates. Pinned fields first
// in each shape, then ours. Every payout is a ledger transfer the customer sees in the
// balance log.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";

// ── VIP levels ───────────────────────────────────────────────────────────────────────

export const VipLevel = z.object({
  level: z.number().int(),
  name: z.string(),
  /** Total assets (asset centre, USDT) from which this level applies. */
  minAssetsUsdt: DecimalString,
  /** Paid once, the first time the customer reaches this level. */
  gift: DecimalString,
  /** The red envelope handed out every Monday to customers at this level. */
  weeklyRedEnvelope: DecimalString,
  /** Benefits in the request language. */
  benefits: z.array(z.string()),
  currency: z.string(),
});
export type VipLevel = z.infer<typeof VipLevel>;

export const RedEnvelopeStatus = z.enum(["unopened", "opened", "expired"]);
export type RedEnvelopeStatus = z.infer<typeof RedEnvelopeStatus>;

export const RedEnvelope = z.object({
  id: z.number().int(),
  level: z.number().int(),
  amount: DecimalString,
  currency: z.string(),
  status: RedEnvelopeStatus,
  createdAt: IsoDate,
  expiresAt: IsoDate,
  openedAt: IsoDate.nullable(),
});
export type RedEnvelope = z.infer<typeof RedEnvelope>;

export const VipGift = z.object({
  level: z.number().int(),
  amount: DecimalString,
  currency: z.string(),
  reachedAt: IsoDate,
  /** null until the customer claims it (once). */
  claimedAt: IsoDate.nullable(),
});
export type VipGift = z.infer<typeof VipGift>;

export const MyVip = z.object({
  level: z.number().int(),
  name: z.string(),
  totalAssetsUsdt: DecimalString,
  nextLevel: z.number().int().nullable(),
  nextMinAssetsUsdt: DecimalString.nullable(),
  missingUsdt: DecimalString,
  /** 0..1 of the way from this level's threshold to the next one's. */
  progress: DecimalString,
  evaluatedAt: IsoDate.nullable(),
  /** Envelopes of the last weeks, newest first. */
  envelopes: z.array(RedEnvelope),
  /** One-time gifts of the levels reached so far (a level's gift exists once, ever). */
  gifts: z.array(VipGift),
});
export type MyVip = z.infer<typeof MyVip>;

export const EnvelopeOpenBody = z.object({ id: z.coerce.number().int().positive() });
export const GiftClaimBody = z.object({ level: z.coerce.number().int().min(1).max(20) });
export type EnvelopeOpenBody = z.infer<typeof EnvelopeOpenBody>;

// ── Team invitation and rebates ─────────────────────────────────────────────────────

export const MyTeam = z.object({
  inviteCode: z.string(),
  inviteLink: z.string(),
  teamSize: z.number().int(),
  /** Rebates and team-task rewards received (USDT). */
  teamIncome: DecimalString,
  newToday: z.number().int(),
  depositors: z.number().int(),
  /** One level only: level 1 = customers you invited directly. */
  levels: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  /** The disclosed share of invited customers' trading fees paid to you ("0.2" = 20 %). */
  rebateShare: DecimalString,
  /** False where the deployment switched rebates off for your country. */
  rebatesEnabled: z.boolean(),
  traders: z.number().int(),
});
export type MyTeam = z.infer<typeof MyTeam>;

export const RebateSource = z.enum(["futures", "spot", "exchange"]);
export type RebateSource = z.infer<typeof RebateSource>;

export const RebateRecord = z.object({
  id: z.number().int(),
  /** The invited customer whose trade paid the fee (masked username). */
  invitee: z.string(),
  source: RebateSource,
  /** The trade it came from, e.g. "futures_position:12". */
  tradeRef: z.string(),
  currency: z.string(),
  fee: DecimalString,
  share: DecimalString,
  amount: DecimalString,
  createdAt: IsoDate,
});
export type RebateRecord = z.infer<typeof RebateRecord>;

export const RebateListQuery = PageQuery;

// ── Welfare tasks ────────────────────────────────────────────────────────────────────

export const TaskScope = z.enum(["personal", "team"]);
export type TaskScope = z.infer<typeof TaskScope>;
export const TaskEvent = z.enum(["kyc_verified", "deposit", "trade", "earn_order", "totp_enabled"]);
export type TaskEvent = z.infer<typeof TaskEvent>;
export const TaskStatus = z.enum(["open", "done", "claimed"]);

export const RewardTask = z.object({
  id: z.number().int(),
  title: z.string(),
  progress: z.number().int(),
  target: z.number().int(),
  reward: DecimalString,
  currency: z.string(),
  status: TaskStatus,
  scope: TaskScope,
  event: TaskEvent,
  startsAt: IsoDate.nullable(),
  endsAt: IsoDate.nullable(),
});
export type RewardTask = z.infer<typeof RewardTask>;

export const TaskListQuery = z.object({ scope: TaskScope.default("personal") });
export const TaskClaimBody = z.object({ id: z.coerce.number().int().positive() });
export const TaskClaimResult = z.object({ id: z.number().int(), reward: DecimalString, currency: z.string() });

// ── Operator ─────────────────────────────────────────────────────────────────────────

const text = z.string().trim().min(1).max(200);
/** A text in each of the eight languages (written out: a computed shape would keep this module in every bundle). */
const texts = z.object({ "en-us": text, ko: text, jp: text, tai: text, mlxy: text, vl: text, xi: text, "zh-cn": text });
const list = z.array(text).max(10);

export const OperatorTask = RewardTask.omit({ title: true, progress: true, status: true }).extend({
  title: z.record(z.string(), z.string()),
  active: z.boolean(),
  sort: z.number().int(),
});
export type OperatorTask = z.infer<typeof OperatorTask>;

export const OperatorTaskInput = z
  .object({
    scope: TaskScope,
    event: TaskEvent,
    title: texts,
    target: z.coerce.number().int().min(1).max(100_000),
    reward: PositiveDecimalInput,
    currency: z.literal("USDT").default("USDT"),
    startsAt: z.iso.datetime().nullable().default(null),
    endsAt: z.iso.datetime().nullable().default(null),
    active: z.boolean().default(true),
    sort: z.coerce.number().int().min(0).max(10_000).default(0),
  })
  .refine((t) => !t.startsAt || !t.endsAt || Date.parse(t.endsAt) > Date.parse(t.startsAt), {
    message: "must be after startsAt",
    path: ["endsAt"],
  });
export type OperatorTaskInput = z.infer<typeof OperatorTaskInput>;

export const OperatorLevel = VipLevel.omit({ benefits: true }).extend({
  benefits: z.record(z.string(), z.array(z.string())),
});
export type OperatorLevel = z.infer<typeof OperatorLevel>;

const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d+(\.\d{1,18})?$/.test(v) && v.replace(/\D/g, "").length <= 30, "must be a decimal ≥ 0");

export const OperatorLevelInput = z.object({
  level: z.coerce.number().int().min(0).max(20),
  name: z.string().trim().min(1).max(40),
  minAssetsUsdt: amount,
  gift: amount,
  weeklyRedEnvelope: amount,
  benefits: z
    .object({ "en-us": list, ko: list, jp: list, tai: list, mlxy: list, vl: list, xi: list, "zh-cn": list })
    .partial()
    .optional()
    .describe("benefit lines per language (a language left out shows none)"),
});
export type OperatorLevelInput = z.infer<typeof OperatorLevelInput>;
