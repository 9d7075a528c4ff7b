// Operator console: staff login (password + mandatory TOTP), staff accounts and
// sessions, the hash-chained audit log, the dashboard and the customer view.
import { z } from "zod";
import { CaptchaFields } from "./accounts";
import { DecimalString, IsoDate, PageQuery } from "./common";

export const STAFF_ROLES = ["support", "compliance", "finance", "admin"] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

export const StaffUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, "3–32 letters, digits, dot, dash or underscore");

/** 10–64 characters with a letter and a digit (staff passwords are longer than customers'). */
export const StaffPassword = z
  .string()
  .min(10)
  .max(64)
  .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), { message: "needs a letter and a digit" });

export const StaffLoginBody = z.object({
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(128),
  ...CaptchaFields,
});
export type StaffLoginBody = z.infer<typeof StaffLoginBody>;

export const StaffLoginTicket = z.object({
  ticket: z.string().describe("for the second step, valid 5 minutes"),
  totpEnrolled: z.boolean().describe("false: scan the secret into an authenticator app and confirm with a code"),
  totpSecret: z.string().nullable().describe("base32 secret to enrol (only while not enrolled)"),
  otpauthUrl: z.string().nullable(),
});
export type StaffLoginTicket = z.infer<typeof StaffLoginTicket>;

export const StaffTotpBody = z.object({
  ticket: z.string().trim().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "6 digits"),
});

export const StaffInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRole,
});
export type StaffInfo = z.infer<typeof StaffInfo>;

export const StaffSessionCreated = z.object({
  token: z.string(),
  staff: StaffInfo,
  expiresAt: IsoDate,
  idleMinutes: z.number().int(),
});
export type StaffSessionCreated = z.infer<typeof StaffSessionCreated>;

// ---------------------------------------------------------------- staff accounts (admin)

export const StaffRecord = StaffInfo.extend({
  totpEnrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: IsoDate,
  lastSeenAt: IsoDate.nullable(),
  /** Set while the second login step is locked after 5 wrong authenticator codes in 15 minutes. */
  totpLockedUntil: IsoDate.nullable(),
});
export type StaffRecord = z.infer<typeof StaffRecord>;

export const StaffListQuery = PageQuery.extend({
  search: z.string().trim().max(64).optional(),
  role: StaffRole.optional(),
});

export const StaffCreateBody = z.object({
  username: StaffUsername,
  displayName: z.string().trim().max(64).default(""),
  role: StaffRole,
  password: StaffPassword,
});
export type StaffCreateBody = z.infer<typeof StaffCreateBody>;

export const StaffUpdateBody = z.object({
  id: z.coerce.number().int().positive(),
  displayName: z.string().trim().max(64).optional(),
  role: StaffRole.optional(),
  disabled: z.boolean().optional(),
  password: StaffPassword.optional(),
  resetTotp: z.literal(true).optional().describe("the next login enrols a new authenticator"),
});
export type StaffUpdateBody = z.infer<typeof StaffUpdateBody>;

export const StaffSessionQuery = PageQuery.extend({
  staffId: z.coerce.number().int().positive().optional(),
});
export const StaffSessionRecord = z.object({
  id: z.number().int(),
  staffId: z.number().int(),
  username: z.string(),
  role: StaffRole,
  device: z.string(),
  ip: z.string(),
  createdAt: IsoDate,
  lastSeenAt: IsoDate,
  expiresAt: IsoDate.describe("absolute end (12 h after login)"),
  idleExpiresAt: IsoDate.describe("ends here unless used before (30 min idle)"),
  current: z.boolean(),
});
export type StaffSessionRecord = z.infer<typeof StaffSessionRecord>;

// ---------------------------------------------------------------- audit log

export const AuditQuery = PageQuery.extend({
  staffId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(100).optional(),
  targetType: z.string().trim().max(50).optional(),
  targetId: z.string().trim().max(50).optional(),
});
export const AuditRecord = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  username: z.string(),
  role: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: IsoDate,
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditRecord = z.infer<typeof AuditRecord>;

export const AuditVerification = z.object({
  valid: z.boolean(),
  checked: z.number().int(),
  brokenAtId: z.number().int().nullable(),
  reason: z.string().nullable(),
  verifiedAt: IsoDate,
});
export type AuditVerification = z.infer<typeof AuditVerification>;

// ---------------------------------------------------------------- dashboard

export const DashboardSummary = z.object({
  chatsWaiting: z.number().int().describe("open support conversations with a customer's message no agent has read yet"),
  kycPending: z.number().int(),
  oldestKycAt: IsoDate.nullable(),
  withdrawalsPending: z.number().int(),
  oldestWithdrawalAt: IsoDate.nullable(),
  reviewHours: z.number().describe("the withdrawal review time limit stated to customers"),
  withdrawalsOverdue: z.number().int().describe("under review longer than the limit"),
  depositsWaiting: z.number().int(),
  today: z.object({
    since: IsoDate.describe("start of the UTC day"),
    deposits: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: DecimalString })),
    withdrawals: z.array(z.object({ currency: z.string(), count: z.number().int(), amount: DecimalString })),
  }),
  ledger: z.object({
    balanced: z.boolean().describe("every currency sums to zero"),
    currencies: z.array(z.object({ currency: z.string(), sum: DecimalString })),
  }),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

// ---------------------------------------------------------------- customers

export const CustomerListQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional().describe("id, username, e-mail or phone"),
});
export const CustomerRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  kycStatus: z.string(),
  vipLevel: z.number().int(),
  createdAt: IsoDate,
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const CustomerIdQuery = z.object({ id: z.coerce.number().int().positive() });
export const CustomerDetail = z.object({
  profile: CustomerRecord,
  balances: z.array(z.object({ currency: z.string(), available: DecimalString, frozen: DecimalString })),
  sessions: z.array(
    z.object({ id: z.number().int(), device: z.string(), createdAt: IsoDate, lastSeenAt: IsoDate, expiresAt: IsoDate }),
  ),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;
export const CustomerLedgerQuery = PageQuery.extend({
  id: z.coerce.number().int().positive(),
  currency: z.string().trim().toUpperCase().max(16).optional(),
});
export const CustomerSessionRevokeBody = z.object({
  userId: z.coerce.number().int().positive(),
  sessionId: z.coerce.number().int().positive(),
});

/** A customer's trading records for the console (real money only, newest first). */
export const CustomerTradingQuery = PageQuery.extend({
  id: z.coerce.number().int().positive(),
  status: z.string().trim().max(20).optional(),
});
