// The operator's wallet endpoints (docs/contract.md "Money"): deposits and withdrawals to
// review, balance adjustments, currency and wallet settings.
import { z } from "zod";
import { compareAmounts, DecimalInput, DecimalString, IsoDate, PageQuery, PositiveDecimalInput } from "./common";
import {
  BankTransferDetails,
  ClientRequestId,
  CurrencyCode,
  NetworkCode,
  RechargeRecord,
  StatusQuery,
  WithdrawalRecord,
} from "./money";

export const OperatorWithdrawalQuery = PageQuery.extend({
  status: StatusQuery.default(0),
  userId: z.coerce.number().int().positive().optional(),
});
export const OperatorWithdrawalRecord = WithdrawalRecord.extend({
  userId: z.number().int(),
  amountUsdt: DecimalString,
  providerRef: z.string().nullable(),
  reviewedBy: z.number().int().nullable(),
  flaggedAt: IsoDate.nullable().describe("the provider did not answer in time: an operator must look"),
  flag: z.string().nullable(),
});
export type OperatorWithdrawalRecord = z.infer<typeof OperatorWithdrawalRecord>;
export const OperatorIdBody = z.object({ id: z.coerce.number().int().positive() });
export const OperatorDepositConfirmBody = z.object({
  id: z.coerce.number().int().positive(),
  receivedAmount: PositiveDecimalInput.describe(
    "what actually arrived, in the deposit's currency (credited; never the amount asked for by default)",
  ),
  reference: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(
      "the receipt's reference at the provider or bank (transaction id or hash): one reference credits one " +
        "deposit, in any letter case",
    ),
});
export const OperatorReasonBody = z.object({
  id: z.coerce.number().int().positive(),
  reason: z.string().trim().min(1).max(500),
});
export const OperatorMarkPaidBody = z.object({
  id: z.coerce.number().int().positive(),
  reference: z.string().trim().min(1).max(200).optional(),
});

export const OperatorDepositQuery = PageQuery.extend({
  status: StatusQuery.default(0),
  userId: z.coerce.number().int().positive().optional(),
});
export const OperatorDepositRecord = RechargeRecord.extend({
  userId: z.number().int(),
  providerRef: z.string().nullable(),
  flag: z.string().nullable().describe("why a provider confirmation was not credited (still under review)"),
});
export type OperatorDepositRecord = z.infer<typeof OperatorDepositRecord>;

export const AdjustBalanceBody = z.object({
  userId: z.coerce.number().int().positive(),
  currency: CurrencyCode,
  amount: DecimalInput.refine((v) => compareAmounts(v, "0") !== 0, { message: "must not be 0" }).describe(
    "signed: positive credits the customer, negative debits",
  ),
  reason: z.string().trim().min(1).max(500),
  clientRequestId: ClientRequestId.optional(),
});
export type AdjustBalanceBody = z.infer<typeof AdjustBalanceBody>;
export const BalanceAdjusted = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  currency: z.string(),
  amount: DecimalString,
  reason: z.string(),
  transferId: z.number().int(),
  available: DecimalString.describe("the customer's available balance after the adjustment"),
  createdAt: IsoDate,
});
export type BalanceAdjusted = z.infer<typeof BalanceAdjusted>;

export const UpdateCurrencyBody = z.object({
  currency: CurrencyCode,
  name: z.string().trim().min(1).max(60).optional(),
  precision: z.number().int().min(0).max(18).optional(),
  networks: z.array(NetworkCode).min(1).max(10).optional(),
  minDeposit: PositiveDecimalInput.optional(),
  minWithdrawal: PositiveDecimalInput.optional(),
  withdrawalFee: DecimalInput.refine((v) => compareAmounts(v, "0") >= 0, { message: "must be 0 or more" }).optional(),
  depositEnabled: z.boolean().optional(),
  withdrawalEnabled: z.boolean().optional(),
  sort: z.number().int().min(0).max(10_000).optional(),
});
export type UpdateCurrencyBody = z.infer<typeof UpdateCurrencyBody>;

export const WalletSettings = z.object({
  reviewHours: z.number().int().min(1).max(720).describe("withdrawal review time limit stated to customers"),
  unverifiedDailyLimitUsdt: DecimalString.describe("rolling 24 h withdrawal limit without basic KYC"),
  sandboxConfirmSeconds: z.number().min(0).max(60).describe("sandbox: delay before a deposit confirms"),
  bankTransfer: BankTransferDetails.nullable().describe("bank details shown for deposits; null = not offered"),
});
export type WalletSettings = z.infer<typeof WalletSettings>;
export const UpdateWalletSettingsBody = z.object({
  reviewHours: z.number().int().min(1).max(720).optional(),
  unverifiedDailyLimitUsdt: PositiveDecimalInput.optional(),
  sandboxConfirmSeconds: z.number().min(0).max(60).optional(),
  bankTransfer: z
    .object({
      bankName: z.string().trim().min(1).max(100),
      accountName: z.string().trim().min(1).max(100),
      accountNumber: z.string().trim().min(1).max(60),
      swift: z.string().trim().max(20).nullable().default(null),
      note: z.string().trim().max(300).nullable().default(null),
    })
    .nullable()
    .optional(),
});
export type UpdateWalletSettingsBody = z.infer<typeof UpdateWalletSettingsBody>;

// ---------------------------------------------------------------- the chain watcher

export const ChainReorgFlag = z.object({
  id: z.number().int(),
  depositId: z.number().int(),
  blockNumber: z.number().int(),
  oldBlockHash: z.string().describe("the block the deposit was credited in"),
  newBlockHash: z.string().nullable().describe("the chain's block at that height when it was noticed (null: none)"),
  detectedAt: IsoDate,
});
export const ChainWatchStatus = z.object({
  configured: z.boolean().describe("CHAIN_EVM_* set; everything else is null/empty when not"),
  network: z.string().nullable(),
  chainId: z.number().int().nullable(),
  requiredConfirmations: z.number().int().nullable(),
  storedBlock: z.number().int().nullable().describe("the last block recorded in the database (any node)"),
  leading: z.boolean().describe("this node runs the watcher (the others wait for its lock)"),
  head: z.number().int().nullable().describe("the chain's head at this node's last good round"),
  processedBlock: z.number().int().nullable(),
  lag: z.number().int().nullable().describe("head − processedBlock at the last good round"),
  lastRoundAt: IsoDate.nullable(),
  failures: z.number().int().describe("rounds failed in a row (0: healthy); the watcher backs off up to 30 s"),
  failingSince: IsoDate.nullable(),
  lastError: z.string().nullable(),
  nextRoundAt: IsoDate.nullable().describe("while failing: when the next try runs"),
  reorgFlags: z
    .array(ChainReorgFlag)
    .describe(
      "credited deposits whose block a reorganisation deeper than the threshold replaced, newest first " +
        "(never reversed automatically: for an operator to check)",
    ),
});
export type ChainWatchStatus = z.infer<typeof ChainWatchStatus>;

/** A chain deposit the ledger will not credit because its customer closed their account. */
export const ChainHeldDeposit = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  currency: z.string(),
  amount: DecimalString,
  txHash: z.string(),
  blockNumber: z.number().int(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  createdAt: IsoDate,
});
export type ChainHeldDeposit = z.infer<typeof ChainHeldDeposit>;

/** A sweep of a deposit address to the hot wallet (evm_sweeps). */
export const ChainSweep = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  address: z.string(),
  currency: z.string().describe("the configured symbol (the token's contract if no longer configured)"),
  amount: DecimalString,
  status: z.enum(["gas_sent", "sent", "done", "failed"]),
  gasTxHash: z.string().nullable().describe("the hot wallet's gas top-up (null: none needed, or the native coin)"),
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type ChainSweep = z.infer<typeof ChainSweep>;

/** One deposit address whose balance on the chain differs from what the records explain. */
export const ChainReconciliationRow = z.object({
  userId: z.number().int(),
  address: z.string(),
  currency: z.string(),
  onChain: DecimalString.describe("the address's balance at `block`"),
  expected: DecimalString.describe(
    "what the records explain at `block`: deposits recorded to the address (any state but dropped), plus gas " +
      "top-ups received, less what its sweeps sent and the gas they paid",
  ),
  difference: DecimalString.describe(
    "onChain − expected. Positive: money on the address that no record explains (sent before the address was " +
      "shown, or by a contract's internal transfer, never credited); negative: a record the chain does not hold",
  ),
});
export type ChainReconciliationRow = z.infer<typeof ChainReconciliationRow>;

/** Every deposit address's balances on the chain against the records, at one block. */
export const ChainReconciliation = z.object({
  block: z
    .number()
    .int()
    .nullable()
    .describe("the block read: the newest with the confirmations that the watcher has processed (null: no chain)"),
  checkedAddresses: z.number().int(),
  differences: z.array(ChainReconciliationRow),
});
export type ChainReconciliation = z.infer<typeof ChainReconciliation>;
