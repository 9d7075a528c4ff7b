// Operator wallet endpoints (the console's screens): withdrawal review and payout,
// deposit confirmation, balance adjustments as ledger transfers, currency rules and
// wallet settings.
import {
  AdjustBalanceBody,
  BalanceAdjusted,
  OperatorDepositConfirmBody,
  OperatorDepositQuery,
  OperatorDepositRecord,
  OperatorIdBody,
  OperatorMarkPaidBody,
  OperatorReasonBody,
  OperatorWithdrawalQuery,
  OperatorWithdrawalRecord,
  page,
  UpdateCurrencyBody,
  UpdateWalletSettingsBody,
  WalletCurrency,
  WalletSettings,
} from "@candor/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route";
import { currentStaff } from "../staff/service";
import { adjustBalance } from "./adjustments";
import type { WalletContext } from "./context";
import { getWalletSettings, updateCurrency, updateWalletSettings } from "./currencies";
import { confirmDeposit, listDeposits, rejectDeposit } from "./deposits";
import { thenAnnounce } from "./events";
import { requestKey } from "./routes";
import { approveWithdrawal, failWithdrawal, markWithdrawalPaid, rejectWithdrawal } from "./withdrawal-transitions";
import { getOperatorWithdrawal, listWithdrawals } from "./withdrawals";

const tags = ["operator"];

export const walletOperatorRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  const db = ctx.db;

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/wallet/withdrawal/list",
      auth: { roles: ["finance", "compliance", "support"] },
      tags,
      summary: "Withdrawals by status (default 0 = under review), newest first",
      query: OperatorWithdrawalQuery,
      result: page(OperatorWithdrawalRecord),
    },
    ({ query }) => listWithdrawals(db, query),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/withdrawal/approve",
      auth: { roles: ["finance"] },
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      tags,
      summary: "Approve: pays out through the provider (sandbox: at once → status 2)",
      body: OperatorIdBody,
      result: OperatorWithdrawalRecord,
    },
    ({ request, body }) => approveWithdrawal(ctx, currentStaff(request).id, body.id),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/withdrawal/reject",
      auth: { roles: ["finance"] },
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      tags,
      summary: "Reject with a reason the customer sees; the held amount is released (status -1)",
      body: OperatorReasonBody,
      result: OperatorWithdrawalRecord,
    },
    ({ request, body }) =>
      thenAnnounce(ctx, "withdrawal", body.id, () =>
        rejectWithdrawal(db, currentStaff(request).id, body.id, body.reason),
      ),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/withdrawal/fail",
      auth: { roles: ["finance"] },
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      tags,
      summary:
        "Fail with a reason. Under review: the held amount is released at once (status -2). Approved: the " +
        'payout may be in flight, so it becomes state "failing" (status 1, money still frozen) until the ' +
        "provider confirms the cancellation (→ -2, released) or that it paid (→ 2)",
      body: OperatorReasonBody,
      result: OperatorWithdrawalRecord,
    },
    ({ request, body }) =>
      thenAnnounce(ctx, "withdrawal", body.id, () =>
        failWithdrawal(ctx, currentStaff(request).id, body.id, body.reason),
      ),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/withdrawal/markPaid",
      auth: { roles: ["finance"] },
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      tags,
      summary: "An approved withdrawal was paid outside the provider (manual payouts) → status 2",
      body: OperatorMarkPaidBody,
      result: OperatorWithdrawalRecord,
    },
    ({ body }) =>
      thenAnnounce(ctx, "withdrawal", body.id, () =>
        markWithdrawalPaid(db, "operator", body.id, body.reference ?? "operator"),
      ),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/wallet/deposit/list",
      auth: { roles: ["finance", "compliance", "support"] },
      tags,
      summary: "Deposits by status (default 0 = waiting), newest first",
      query: OperatorDepositQuery,
      result: page(OperatorDepositRecord),
    },
    ({ query }) => listDeposits(db, query),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/deposit/confirm",
      auth: { roles: ["finance"] },
      config: { auditTarget: "deposit" },
      tags,
      summary: "The money arrived: credit a waiting deposit with the amount received (status 1)",
      body: OperatorDepositConfirmBody,
      result: OperatorDepositRecord,
    },
    ({ body }) => thenAnnounce(ctx, "deposit", body.id, () => confirmDeposit(db, body.id, body.receivedAmount)),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/deposit/reject",
      auth: { roles: ["finance"] },
      config: { auditTarget: "deposit" },
      tags,
      summary: "Reject a waiting deposit with a reason (status -1, nothing credited)",
      body: OperatorReasonBody,
      result: OperatorDepositRecord,
    },
    ({ body }) => thenAnnounce(ctx, "deposit", body.id, () => rejectDeposit(db, body.id, body.reason)),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/adjust",
      auth: { roles: ["finance"] },
      config: { auditTarget: "customer" },
      tags,
      summary: "Adjust a customer's spot balance by a ledger transfer with a reason (shown in their balance log)",
      body: AdjustBalanceBody,
      result: BalanceAdjusted,
    },
    ({ request, body }) =>
      adjustBalance(db, currentStaff(request).id, {
        ...body,
        clientRequestId: requestKey(request, body.clientRequestId),
      }),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/currency/update",
      auth: { roles: ["admin"] },
      config: { auditTarget: "currency" },
      tags,
      summary: "Change a currency's networks, minimums, fee or switches",
      body: UpdateCurrencyBody,
      result: WalletCurrency,
    },
    ({ body }) => updateCurrency(db, ctx.rates, body),
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/operator/wallet/settings",
      auth: { roles: ["finance"] },
      tags,
      summary: "Wallet settings",
      result: WalletSettings,
    },
    () => getWalletSettings(db),
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/operator/wallet/settings/update",
      auth: { roles: ["admin"] },
      config: { auditTarget: "settings", auditBefore: () => getWalletSettings(db) },
      tags,
      summary: "Change review time, unverified daily limit, sandbox delay or bank details",
      body: UpdateWalletSettingsBody,
      result: WalletSettings,
    },
    ({ body }) => updateWalletSettings(db, body),
  );
};
