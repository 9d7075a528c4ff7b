// Operator wallet endpoints (the console's screens): withdrawal review and payout, deposit
// confirmation, balance adjustments, currency rules, wallet settings, the "this was not
// me" freeze, and the four-eyes approvals above FOUR_EYES_LIMIT_USDT (finance and admin;
// the approver is never the requester).
import { z } from "zod";
import { IdResult, page } from "../common";
import { endpoints } from "../endpoint";
import {
  MoneyApproval,
  MoneyApprovalIdBody,
  MoneyApprovalQuery,
  MoneyApprovalRejectBody,
  WithdrawalApprovalRequestBody,
} from "../four-eyes";
import { WalletCurrency } from "../money";
import {
  AdjustBalanceBody,
  BalanceAdjusted,
  ChainHeldDeposit,
  ChainReconciliation,
  ChainSweep,
  ChainWatchStatus,
  OperatorDepositConfirmBody,
  OperatorDepositQuery,
  OperatorDepositRecord,
  OperatorIdBody,
  OperatorMarkPaidBody,
  OperatorReasonBody,
  OperatorWithdrawalQuery,
  OperatorWithdrawalRecord,
  UpdateCurrencyBody,
  UpdateWalletSettingsBody,
  WalletSettings,
} from "../money-operator";
import { walletPaths as P } from "../paths/wallet";

const tags = ["operator"];
const viewers = { roles: ["finance", "compliance", "support"] } as const;
const finance = { roles: ["finance"] } as const;
const admin = { roles: ["admin"] } as const;

export const walletOperatorEndpoints = endpoints({
  withdrawalList: {
    method: "GET",
    path: P.operatorWithdrawalList,
    auth: viewers,
    tags,
    summary: "Withdrawals by status (default 0 = under review), newest first",
    query: OperatorWithdrawalQuery,
    result: page(OperatorWithdrawalRecord),
  },
  withdrawalApprove: {
    method: "POST",
    path: P.operatorWithdrawalApprove,
    auth: finance,
    tags,
    summary: "Approve: pays out through the provider (sandbox: at once → status 2)",
    body: OperatorIdBody,
    result: OperatorWithdrawalRecord,
  },
  withdrawalReject: {
    method: "POST",
    path: P.operatorWithdrawalReject,
    auth: finance,
    tags,
    summary: "Reject with a reason the customer sees; the held amount is released (status -1)",
    body: OperatorReasonBody,
    result: OperatorWithdrawalRecord,
  },
  withdrawalFail: {
    method: "POST",
    path: P.operatorWithdrawalFail,
    auth: finance,
    tags,
    summary:
      "Fail with a reason. Under review: the held amount is released at once (status -2). Approved: the " +
      'payout may be in flight, so it becomes state "failing" (status 1, money still frozen) until the ' +
      "provider confirms the cancellation (→ -2, released) or that it paid (→ 2)",
    body: OperatorReasonBody,
    result: OperatorWithdrawalRecord,
  },
  withdrawalMarkPaid: {
    method: "POST",
    path: P.operatorWithdrawalMarkPaid,
    auth: finance,
    tags,
    summary: "An approved withdrawal was paid outside the provider (manual payouts) → status 2",
    body: OperatorMarkPaidBody,
    result: OperatorWithdrawalRecord,
  },
  depositList: {
    method: "GET",
    path: P.operatorDepositList,
    auth: viewers,
    tags,
    summary: "Deposits by status (default 0 = waiting), newest first",
    query: OperatorDepositQuery,
    result: page(OperatorDepositRecord),
  },
  depositConfirm: {
    method: "POST",
    path: P.operatorDepositConfirm,
    auth: finance,
    tags,
    summary:
      "The money arrived: credit a waiting (or held) deposit with the amount received under the receipt's " +
      "reference (status 1); a reference that credited another deposit → 409",
    body: OperatorDepositConfirmBody,
    result: OperatorDepositRecord,
  },
  depositReject: {
    method: "POST",
    path: P.operatorDepositReject,
    auth: finance,
    tags,
    summary: "Reject a waiting deposit with a reason (status -1, nothing credited)",
    body: OperatorReasonBody,
    result: OperatorDepositRecord,
  },
  adjust: {
    method: "POST",
    path: P.operatorAdjust,
    auth: finance,
    tags,
    summary: "Adjust a customer's spot balance by a ledger transfer with a reason (shown in their balance log)",
    body: AdjustBalanceBody,
    result: BalanceAdjusted,
  },
  currencyUpdate: {
    method: "POST",
    path: P.operatorCurrencyUpdate,
    auth: admin,
    tags,
    summary: "Change a currency's networks, minimums, fee or switches",
    body: UpdateCurrencyBody,
    result: WalletCurrency,
  },
  settings: {
    method: "GET",
    path: P.operatorSettings,
    auth: finance,
    tags,
    summary: "Wallet settings",
    result: WalletSettings,
  },
  settingsUpdate: {
    method: "POST",
    path: P.operatorSettingsUpdate,
    auth: admin,
    tags,
    summary: "Change review time, unverified daily limit, sandbox delay or bank details",
    body: UpdateWalletSettingsBody,
    result: WalletSettings,
  },
  freezeLift: {
    method: "POST",
    path: P.operatorFreezeLift,
    auth: { roles: ["support", "compliance"] },
    tags,
    summary: 'Lift the freeze a customer set with "this was not me" (id = customer id; reason = the proof checked)',
    body: OperatorReasonBody,
    result: IdResult,
  },
  chainStatus: {
    method: "GET",
    path: P.operatorChainStatus,
    auth: { roles: ["finance", "compliance"] },
    tags,
    summary:
      "The on-chain deposit watcher: head, processed block and lag, the RPC node's failures (last error, since when, " +
      "next try) on this node, and credited deposits flagged after a deep reorganisation",
    result: ChainWatchStatus,
  },
  chainHeld: {
    method: "GET",
    path: P.operatorChainHeld,
    auth: finance,
    tags,
    summary:
      "Chain deposits held uncredited because their customer closed their account (pending, never credited: " +
      "the ledger takes no money for a closed owner), oldest first",
    result: z.array(ChainHeldDeposit),
  },
  chainSweeps: {
    method: "GET",
    path: P.operatorChainSweeps,
    auth: finance,
    tags,
    summary:
      "The 50 most recent sweeps of deposit addresses to the hot wallet (tokens and the native coin), newest first",
    result: z.array(ChainSweep),
  },
  chainReconciliation: {
    method: "GET",
    path: P.operatorChainReconciliation,
    auth: finance,
    tags,
    summary:
      "Every deposit address's balance per configured currency on the chain, at one confirmed block the watcher has " +
      "processed, against what the records explain (deposits, gas top-ups, sweeps and their gas); only the " +
      "addresses that differ are listed. Reads the chain on each call",
    result: ChainReconciliation,
  },
  approvalList: {
    method: "GET",
    path: P.approvalList,
    auth: finance,
    tags,
    summary: "Four-eyes requests by status (default pending), newest first",
    query: MoneyApprovalQuery,
    result: page(MoneyApproval),
  },
  approvalAdjustment: {
    method: "POST",
    path: P.approvalAdjustment,
    auth: finance,
    tags,
    summary:
      "Request a balance adjustment for a second person's approval (needed above FOUR_EYES_LIMIT_USDT); nothing moves yet",
    body: AdjustBalanceBody,
    result: MoneyApproval,
  },
  approvalWithdrawal: {
    method: "POST",
    path: P.approvalWithdrawal,
    auth: finance,
    tags,
    summary: "Request a withdrawal's approval by a second person (needed above FOUR_EYES_LIMIT_USDT)",
    body: WithdrawalApprovalRequestBody,
    result: MoneyApproval,
  },
  approvalApprove: {
    method: "POST",
    path: P.approvalApprove,
    auth: finance,
    tags,
    summary: "Approve someone else's request: it is carried out now (403 for one's own, 409 when decided)",
    body: MoneyApprovalIdBody,
    result: MoneyApproval,
  },
  approvalReject: {
    method: "POST",
    path: P.approvalReject,
    auth: finance,
    tags,
    summary: "Reject a pending request with a note (the requester may withdraw their own); nothing moves",
    body: MoneyApprovalRejectBody,
    result: MoneyApproval,
  },
});
