// Money shapes (docs/contract.md "Money"): currencies, balances and the asset centre,
// deposits, payout accounts, withdrawals with their tracker (the balance log is in
// balance-log.ts, the operator's wallet endpoints in money-operator.ts). Pinned endpoints
// keep their documented fields; extra fields are additions.
import { z } from "zod";
import { DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import { RecordStatuses } from "./statuses";

/** A currency code in requests (any case, normalised to upper case). */
export const CurrencyCode = z
  .string()
  .trim()
  .min(2)
  .max(16)
  .regex(/^[A-Za-z][A-Za-z0-9]+$/, "letters and digits, e.g. USDT")
  .transform((s) => s.toUpperCase());
export const NetworkCode = z
  .string()
  .trim()
  .min(2)
  .max(16)
  .regex(/^[A-Za-z0-9]+$/, "letters and digits, e.g. TRC20")
  .transform((s) => s.toUpperCase());
/** The client's id of one money-moving request: a retry with the same id returns the first result. */
export const ClientRequestId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _ . : -")
  .describe("idempotency key chosen by the client (or send an Idempotency-Key header)");

/**
 * Record states (pinned): 1 completed, 0 under review, -1 rejected, 2 paid out, -2 failed.
 * Deposits use 0 → 1 (or -1 / -2); withdrawals 0 → 1 (approved, being paid out) → 2, or
 * -1 (rejected, or cancelled by the customer: `cancelled` true) / -2.
 */
export const RecordStatus = z.union([z.literal(1), z.literal(0), z.literal(-1), z.literal(2), z.literal(-2)]);
export type RecordStatus = z.infer<typeof RecordStatus>;
/** A `status` filter in a query string: one of the RecordStatus values. */
export const StatusQuery = z.coerce
  .number()
  .int()
  .refine((n) => [1, 0, -1, 2, -2].includes(n), { message: "one of 1, 0, -1, 2, -2" });

// ---------------------------------------------------------------- currencies

export const WalletNetwork = z.object({ network: z.string(), name: z.string() });
export const WalletCurrency = z.object({
  currency: z.string(),
  name: z.string(),
  precision: z.number().int().describe("decimals an amount may have"),
  networks: z.array(WalletNetwork).describe("first = default"),
  minDeposit: DecimalString,
  minWithdrawal: DecimalString,
  withdrawalFee: DecimalString.describe("taken out of the withdrawn amount (receive = amount − fee)"),
  depositEnabled: z.boolean(),
  withdrawalEnabled: z.boolean(),
  usdtRate: DecimalString.nullable().describe("USDT value of 1 unit from the market feed; null before a price"),
});
export type WalletCurrency = z.infer<typeof WalletCurrency>;

// ---------------------------------------------------------------- balances and assets

export const UserBalance = z.object({
  currency: z.string(),
  available: DecimalString,
  frozen: DecimalString.describe("held for pending withdrawals and open orders"),
  usdtValue: DecimalString.nullable().describe("(available + frozen) in USDT; null before a price"),
});
export type UserBalance = z.infer<typeof UserBalance>;

export const UserAssets = z.object({
  totalUsdt: DecimalString.describe("spot + position + other (demo and contest money not included)"),
  spot: DecimalString.describe("available + frozen balances of real currencies, in USDT"),
  position: DecimalString.describe("futures margin + unrealised P&L, in USDT"),
  contestFrozen: DecimalString.describe(
    "contest entry funds (virtual CUSDT 1:1, contest holdings at their coin's rate); virtual, so not part of the total",
  ),
  virtual: DecimalString.describe("demo (VUSDT) money; not part of the total"),
  other: DecimalString.describe("option stakes, term products and loan collateral, in USDT"),
  unpricedCurrencies: z.array(z.string()).describe("held currencies without a price yet (counted as 0)"),
  loansOwed: DecimalString.describe(
    "principal and interest outstanding on running pledge and credit loans, in USDT (rounded up); owed, so subtracted in netUsdt",
  ),
  netUsdt: DecimalString.describe(
    "net assets: totalUsdt − loansOwed (negative when more is owed than held); the figure the asset centre and home show",
  ),
});
export type UserAssets = z.infer<typeof UserAssets>;

// ---------------------------------------------------------------- deposits

export const BankTransferDetails = z.object({
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  swift: z.string().nullable(),
  note: z.string().nullable().describe("what to write as the transfer reference"),
});
export type BankTransferDetails = z.infer<typeof BankTransferDetails>;

export const RechargeInfoQuery = z.object({ currency: CurrencyCode });
export const DepositAddress = z.object({
  network: z.string(),
  name: z.string(),
  address: z.string(),
  qrText: z.string().describe("text to encode in the QR code"),
  requiredConfirmations: z
    .number()
    .int()
    .optional()
    .describe(
      'on-chain networks only (docs/contract.md "On-chain money (EVM networks)"): blocks a transfer needs before ' +
        "it is credited; such a deposit needs no application (the chain shows the amount)",
    ),
});
export const RechargeInfo = z.object({
  currency: z.string(),
  precision: z.number().int(),
  minDeposit: DecimalString,
  depositEnabled: z.boolean(),
  sandbox: z.boolean().describe("addresses are sandbox addresses; deposits confirm by themselves"),
  confirmSeconds: z.number().nullable().describe("sandbox: seconds until a deposit is confirmed"),
  addresses: z.array(DepositAddress).describe("empty when crypto deposits are not available"),
  bankTransfer: BankTransferDetails.nullable(),
});
export type RechargeInfo = z.infer<typeof RechargeInfo>;

export const RechargeApplyBody = z.object({
  currency: CurrencyCode,
  network: NetworkCode.optional().describe("default: the currency's first network"),
  method: z.enum(["crypto", "bank"]).default("crypto"),
  amount: PositiveDecimalInput,
  clientRequestId: ClientRequestId.optional(),
});
export type RechargeApplyBody = z.infer<typeof RechargeApplyBody>;

export const RechargeRecord = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: DecimalString,
  fee: DecimalString.describe('always "0": deposits are not charged'),
  status: RecordStatus,
  createdAt: IsoDate,
  method: z.enum(["crypto", "bank"]),
  network: z.string().nullable(),
  address: z.string().nullable(),
  reason: z.string().nullable(),
  completedAt: IsoDate.nullable(),
  requestedAmount: DecimalString.describe("the amount the customer said they would send"),
  receivedAmount: DecimalString.nullable().describe(
    "what the payment provider confirmed arrived, and what was credited (null until confirmed); " +
      "`amount` is this once credited, the requested amount before",
  ),
  // On-chain deposits (docs/contract.md "On-chain money (EVM networks)"): absent on others.
  txHash: z.string().nullable().optional().describe("on-chain deposits: the transaction that sent it"),
  confirmations: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("on-chain deposits: blocks so far, its own included (at most requiredConfirmations)"),
  requiredConfirmations: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("on-chain deposits: blocks needed before it is credited (CHAIN_EVM_CONFIRMATIONS)"),
  explorerUrl: z.string().nullable().optional().describe("on-chain deposits: the transaction in a block explorer"),
  chainState: z
    .enum(["pending", "credited", "dust", "dropped"])
    .nullable()
    .optional()
    .describe(
      "on-chain deposits: pending (status 0, waiting for confirmations), credited (1), dust (-1: below the " +
        "minimum deposit, recorded and not credited), dropped (-2: its block was reorganised away; never credited)",
    ),
  notice: z
    .string()
    .nullable()
    .optional()
    .describe('on-chain deposits: one line in the caller\'s language, e.g. "3/12 confirmations"'),
});
export type RechargeRecord = z.infer<typeof RechargeRecord>;
export const RechargeListQuery = PageQuery.extend({
  status: StatusQuery.optional(),
  currency: CurrencyCode.optional(),
});

// ---------------------------------------------------------------- payout accounts

const Address = z.string().trim().min(10).max(128);
/** The authenticator step-up (docs/contract.md "Withdrawal safety"). */
const StepUpCode = z
  .string()
  .trim()
  .max(12)
  .optional()
  .describe("6-digit authenticator code; required when Google authenticator is bound (missing or wrong → 400)");
const WalletAccountFields = {
  type: z.literal("wallet"),
  currency: CurrencyCode,
  network: NetworkCode,
  address: Address,
};
const BankAccountFields = {
  type: z.literal("bank"),
  bankName: z.string().trim().min(2).max(100),
  realName: z.string().trim().min(2).max(100),
  account: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9 -]+$/, "letters, digits, spaces and dashes"),
};
export const AddPayoutAccountBody = z.discriminatedUnion("type", [
  z.object({ ...WalletAccountFields, googleCode: StepUpCode }),
  z.object({ ...BankAccountFields, googleCode: StepUpCode }),
]);
export type AddPayoutAccountBody = z.infer<typeof AddPayoutAccountBody>;
const AccountId = z.coerce.number().int().positive();
export const UpdatePayoutAccountBody = z.discriminatedUnion("type", [
  z.object({ id: AccountId, ...WalletAccountFields, googleCode: StepUpCode }),
  z.object({ id: AccountId, ...BankAccountFields, googleCode: StepUpCode }),
]);
export type UpdatePayoutAccountBody = z.infer<typeof UpdatePayoutAccountBody>;

export const PayoutAccount = z.object({
  id: z.number().int(),
  type: z.enum(["wallet", "bank"]),
  currency: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  bankName: z.string().nullable(),
  realName: z.string().nullable(),
  account: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  usableAt: IsoDate.describe(
    "from when withdrawals may go to it (business clock; WITHDRAWAL_ADDRESS_COOLDOWN_HOURS after it was added or its destination changed)",
  ),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;
export const PayoutAccountAdded = z.object({
  id: z.number().int(),
  usableAt: IsoDate.describe("a withdrawal to it before then → 409"),
});
export type PayoutAccountAdded = z.infer<typeof PayoutAccountAdded>;
export const WithdrawalFreezeBody = z.object({
  token: z.string().trim().min(20).max(200).describe('the token from the "this was not me" link'),
});
export const WithdrawalFreezeResult = z.object({ frozen: z.literal(true) });
export const PayoutAccountListQuery = z.object({
  type: z.enum(["wallet", "bank"]).optional(),
  currency: CurrencyCode.optional(),
});

// ---------------------------------------------------------------- withdrawals

export const WithdrawalInfoQuery = z.object({ currency: CurrencyCode });
export const WithdrawalInfo = z.object({
  currency: z.string(),
  precision: z.number().int(),
  networks: z.array(WalletNetwork),
  available: DecimalString,
  minWithdrawal: DecimalString,
  withdrawalFee: DecimalString,
  withdrawalEnabled: z.boolean(),
  usdtRate: DecimalString.nullable(),
  hasWithdrawalPassword: z.boolean(),
  kycPassed: z.boolean(),
  dailyLimitUsdt: DecimalString.nullable().describe("rolling 24 h limit without verification; null when verified"),
  usedTodayUsdt: DecimalString.describe("withdrawn or pending in the last 24 h, valued when requested"),
  remainingTodayUsdt: DecimalString.nullable(),
  reviewHours: z.number(),
  googleBound: z.boolean().describe("an authenticator is bound: apply needs `googleCode`"),
  businessNow: IsoDate.describe("business time now: an account is usable when its `usableAt` is not after it"),
  withdrawalsFrozen: z
    .boolean()
    .describe('"this was not me" froze new withdrawals until support lifts it (pending ones stay cancellable)'),
});
export type WithdrawalInfo = z.infer<typeof WithdrawalInfo>;

export const WithdrawalApplyBody = z.object({
  currency: CurrencyCode,
  amount: PositiveDecimalInput,
  accountId: z.coerce.number().int().positive(),
  withdrawalPassword: z.string().min(1).max(128),
  googleCode: StepUpCode,
  clientRequestId: ClientRequestId.optional(),
});
export type WithdrawalApplyBody = z.infer<typeof WithdrawalApplyBody>;

export const WithdrawalApplied = z.object({
  id: z.number().int(),
  status: RecordStatus,
  fee: DecimalString,
  receive: DecimalString,
  currency: z.string(),
  amount: DecimalString,
  reviewDueAt: IsoDate,
  createdAt: IsoDate,
});
export type WithdrawalApplied = z.infer<typeof WithdrawalApplied>;

export const WithdrawalDestination = z.discriminatedUnion("type", [
  z.object({ type: z.literal("wallet"), currency: z.string(), network: z.string(), address: z.string() }),
  z.object({ type: z.literal("bank"), bankName: z.string(), realName: z.string(), account: z.string() }),
]);

export const WithdrawalState = z
  .enum(["under_review", "paying", "failing", "paid", "rejected", "cancelled", "failed"])
  .describe(
    "detailed state behind `status`: paying = approved, payout in flight (1); failing = an operator " +
      "failed it while the payout may be in flight — status stays 1 and the money stays frozen until the " +
      "provider confirms the cancellation (→ failed, -2) or that it paid (→ paid, 2)",
  );
export type WithdrawalState = z.infer<typeof WithdrawalState>;

export const WithdrawalRecord = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount: DecimalString,
  fee: DecimalString,
  status: RecordStatus,
  createdAt: IsoDate,
  receive: DecimalString,
  cancelled: z.boolean().describe("status -1 because the customer cancelled"),
  reason: z.string().nullable().describe("rejection or failure reason"),
  accountId: z.number().int(),
  destination: WithdrawalDestination,
  reviewDueAt: IsoDate,
  updatedAt: IsoDate,
  state: WithdrawalState,
  txHash: z
    .string()
    .optional()
    .describe(
      "paid on the chain (CHAIN_EVM_NETWORK): the transaction's hash once broadcast (the last one if replaced)",
    ),
  explorerUrl: z.string().nullable().optional().describe("the transaction on the explorer (CHAIN_EVM_EXPLORER_TX)"),
});
export type WithdrawalRecord = z.infer<typeof WithdrawalRecord>;
export const WithdrawalListQuery = PageQuery.extend({
  status: StatusQuery.optional(),
  currency: CurrencyCode.optional(),
});

export const WithdrawalEvent = z.object({
  event: z
    .enum(["requested", "cancelled", "approved", "paid", "rejected", "failing", "failed", "flagged"])
    .describe(
      "failing: an operator asked to stop the payout (money still frozen); flagged: the provider has not " +
        "answered in time, an operator is looking into it",
    ),
  status: RecordStatus,
  actor: z.enum(["customer", "operator", "system"]),
  note: z.string().nullable(),
  at: IsoDate,
});
export const WithdrawalTracker = z.object({
  withdrawal: WithdrawalRecord,
  events: z.array(WithdrawalEvent).describe("oldest first"),
  reviewHours: z.number().describe("review time limit stated when the customer asked"),
  reviewDueAt: IsoDate,
  canCancel: z.boolean(),
  noticeKey: z.literal("walletNoPaymentNotice"),
  notice: z.string().describe("Candor never asks for a payment to release a withdrawal (request language)"),
});
export type WithdrawalTracker = z.infer<typeof WithdrawalTracker>;

// The named statuses (./statuses.ts) are values of this enum.
const _RecordStatusesCheck: Record<string, RecordStatus> = RecordStatuses;
void _RecordStatusesCheck;
