// Customer wallet endpoints (docs/contract.md "Money"): currencies, balances and assets,
// deposits, withdrawals with their tracker, payout accounts and the balance log; the
// seed's currency rate and deposit address (docs/seed-api.md). Operator: ./wallet-operator.ts.
import { z } from "zod";
import { BalanceLogListQuery, BalanceLogRecord } from "../balance-log";
import { IdParam, IdResult, page } from "../common";
import { endpoints } from "../endpoint";
import {
  AddPayoutAccountBody,
  PayoutAccount,
  PayoutAccountAdded,
  PayoutAccountListQuery,
  RechargeApplyBody,
  RechargeInfo,
  RechargeInfoQuery,
  RechargeListQuery,
  RechargeRecord,
  UpdatePayoutAccountBody,
  UserAssets,
  UserBalance,
  WalletCurrency,
  WithdrawalApplied,
  WithdrawalApplyBody,
  WithdrawalFreezeBody,
  WithdrawalFreezeResult,
  WithdrawalInfo,
  WithdrawalInfoQuery,
  WithdrawalListQuery,
  WithdrawalRecord,
  WithdrawalTracker,
} from "../money";
import { walletPaths as P } from "../paths/wallet";
import { CurrencyRate, DepositAddr, DepositAddrQuery, RateQuery } from "../seed-api";

const tags = ["wallet"];

export const walletEndpoints = endpoints({
  currencies: {
    method: "GET",
    path: P.currencies,
    auth: "public",
    tags,
    summary: "Currencies with networks, minimums, withdrawal fee and USDT rate",
    result: z.array(WalletCurrency),
  },
  balances: {
    method: "GET",
    path: P.balances,
    auth: "user",
    tags,
    summary: "Per-currency available and frozen balances",
    result: z.array(UserBalance),
  },
  assets: {
    method: "GET",
    path: P.assets,
    auth: "user",
    tags,
    summary: "Asset centre: total, spot, position, contest-frozen and virtual, in USDT",
    result: UserAssets,
  },
  rechargeInfo: {
    method: "GET",
    path: P.rechargeInfo,
    auth: "user",
    tags,
    summary: "Deposit screen: my address per network (QR text), minimum, bank details",
    description: '403 until the account has proved its e-mail or phone (contactVerified, docs/contract.md "Accounts").',
    query: RechargeInfoQuery,
    result: RechargeInfo,
    errors: [403],
  },
  rechargeApply: {
    method: "POST",
    path: P.rechargeApply,
    auth: "user",
    tags,
    summary: "Apply for a deposit; the sandbox confirms and credits it within seconds",
    description:
      "409 on the on-chain network (CHAIN_EVM_NETWORK) of a configured token: there the transfer itself is the deposit " +
      "(it appears in listMy with its confirmations), or when deposits of the currency are paused. " +
      "403 until the account has proved its e-mail or phone (contactVerified).",
    body: RechargeApplyBody,
    result: RechargeRecord,
    errors: [403, 409],
  },
  rechargeList: {
    method: "GET",
    path: P.rechargeList,
    auth: "user",
    tags,
    summary: "My deposits, newest first",
    description:
      "On-chain deposits also carry txHash, confirmations, requiredConfirmations, explorerUrl, chainState and notice " +
      '(docs/contract.md "On-chain money (EVM networks)").',
    query: RechargeListQuery,
    result: page(RechargeRecord),
  },
  rechargeDetail: {
    method: "GET",
    path: P.rechargeDetail,
    auth: "user",
    tags,
    summary: "One of my deposits (result screen)",
    params: IdParam,
    result: RechargeRecord,
  },
  withdrawalInfo: {
    method: "GET",
    path: P.withdrawalInfo,
    auth: "user",
    tags,
    summary: "Withdraw screen: available, minimum, fee, daily limit without KYC, review time",
    query: WithdrawalInfoQuery,
    result: WithdrawalInfo,
  },
  withdrawalApply: {
    method: "POST",
    path: P.withdrawalApply,
    auth: "user",
    tags,
    summary: "Withdraw: the amount is held at once; receive = amount − fee",
    description:
      "Wrong withdrawal password → 400; none set → 409; another customer's accountId → 404; " +
      "over the daily limit without basic KYC → 403; an account that has not proved its e-mail or phone " +
      "(contactVerified) → 403; not enough available → 409.",
    body: WithdrawalApplyBody,
    result: WithdrawalApplied,
    errors: [403],
  },
  withdrawalList: {
    method: "GET",
    path: P.withdrawalList,
    auth: "user",
    tags,
    summary: "My withdrawals, newest first",
    query: WithdrawalListQuery,
    result: page(WithdrawalRecord),
  },
  withdrawalTracker: {
    method: "GET",
    path: P.withdrawalTracker,
    auth: "user",
    tags,
    summary: "Withdrawal tracker: state changes with times, review time limit, no-payment notice",
    params: IdParam,
    result: WithdrawalTracker,
  },
  withdrawalCancel: {
    method: "POST",
    path: P.withdrawalCancel,
    auth: "user",
    tags,
    summary: "Cancel my withdrawal while under review (the held amount is released)",
    params: IdParam,
    result: WithdrawalRecord,
  },
  accountAdd: {
    method: "POST",
    path: P.accountAdd,
    auth: "user",
    tags,
    summary: "Bind a blockchain wallet or a bank account for withdrawals",
    description:
      "With an authenticator bound, `googleCode` is required (missing or wrong → 400; wrong codes count " +
      "towards the lock-out). The address is usable from `usableAt` (WITHDRAWAL_ADDRESS_COOLDOWN_HOURS on the " +
      'business clock); a notice with a "this was not me" link goes to the customer.',
    body: AddPayoutAccountBody,
    result: PayoutAccountAdded,
  },
  accountUpdate: {
    method: "POST",
    path: P.accountUpdate,
    auth: "user",
    tags,
    summary: "Edit one of my payout accounts",
    description:
      "A new destination counts as a new address: `googleCode` when bound, a new hold (`usableAt`) and the notice.",
    body: UpdatePayoutAccountBody,
    result: PayoutAccount,
  },
  accountList: {
    method: "GET",
    path: P.accountList,
    auth: "user",
    tags,
    summary: "My payout accounts",
    query: PayoutAccountListQuery,
    result: z.array(PayoutAccount),
  },
  accountDelete: {
    method: "POST",
    path: P.accountDelete,
    auth: "user",
    tags,
    summary: "Remove one of my payout accounts",
    params: IdParam,
    result: IdResult,
  },
  freeze: {
    method: "POST",
    path: P.freeze,
    auth: "public",
    tags,
    summary: '"This was not me": the one-time token from a new-address notice freezes new withdrawals',
    description:
      "Valid once, for 7 days. Freezes the owner's new withdrawals (pending ones stay cancellable) and ends " +
      "every session; support lifts the freeze after checking who asks. Unknown, used or expired token → 400.",
    body: WithdrawalFreezeBody,
    result: WithdrawalFreezeResult,
  },
  balanceLog: {
    method: "GET",
    path: P.balanceLog,
    auth: "user",
    tags,
    summary: "Every ledger transfer touching me, newest first; amount = signed change of available",
    query: BalanceLogListQuery,
    result: page(BalanceLogRecord),
  },
  currencyRate: {
    method: "GET",
    path: P.currencyRate,
    auth: "public",
    tags,
    summary: "USDT value of 1 unit of a currency from the market feed (null before a price); unknown currency → 400",
    query: RateQuery,
    result: CurrencyRate,
  },
  depositAddress: {
    method: "GET",
    path: P.depositAddress,
    auth: "user",
    tags,
    summary:
      "My deposit address for a currency on a network (default: its first), created on first use; every network is at /api/finance/appRecharge/info",
    description: "403 until the account has proved its e-mail or phone (contactVerified).",
    query: DepositAddrQuery,
    result: DepositAddr,
    errors: [403],
  },
});
