// Operator wallet endpoints (the console's screens): withdrawal review and payout,
// deposit confirmation, balance adjustments as ledger transfers, currency rules and
// wallet settings.
import {
  AdjustBalanceBody,
  BalanceAdjusted,
  envelope,
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
import { ok } from "../../lib/envelope";
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
const security = [{ accessToken: [] }];

export const walletOperatorRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  const db = ctx.db;

  app.get(
    "/api/operator/wallet/withdrawal/list",
    {
      onRequest: app.requireRole("finance", "compliance", "support"),
      schema: {
        tags,
        summary: "Withdrawals by status (default 0 = under review), newest first",
        security,
        querystring: OperatorWithdrawalQuery,
        response: { 200: envelope(page(OperatorWithdrawalRecord)) },
      },
    },
    async (request) => ok(await listWithdrawals(db, request.query)),
  );

  app.post(
    "/api/operator/wallet/withdrawal/approve",
    {
      onRequest: app.requireRole("finance"),
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      schema: {
        tags,
        summary: "Approve: pays out through the provider (sandbox: at once → status 2)",
        security,
        body: OperatorIdBody,
        response: { 200: envelope(OperatorWithdrawalRecord) },
      },
    },
    async (request) => ok(await approveWithdrawal(ctx, currentStaff(request).id, request.body.id)),
  );

  app.post(
    "/api/operator/wallet/withdrawal/reject",
    {
      onRequest: app.requireRole("finance"),
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      schema: {
        tags,
        summary: "Reject with a reason the customer sees; the held amount is released (status -1)",
        security,
        body: OperatorReasonBody,
        response: { 200: envelope(OperatorWithdrawalRecord) },
      },
    },
    async (request) =>
      ok(
        await thenAnnounce(ctx, "withdrawal", request.body.id, () =>
          rejectWithdrawal(db, currentStaff(request).id, request.body.id, request.body.reason),
        ),
      ),
  );

  app.post(
    "/api/operator/wallet/withdrawal/fail",
    {
      onRequest: app.requireRole("finance"),
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      schema: {
        tags,
        summary:
          "Fail with a reason. Under review: the held amount is released at once (status -2). Approved: the " +
          'payout may be in flight, so it becomes state "failing" (status 1, money still frozen) until the ' +
          "provider confirms the cancellation (→ -2, released) or that it paid (→ 2)",
        security,
        body: OperatorReasonBody,
        response: { 200: envelope(OperatorWithdrawalRecord) },
      },
    },
    async (request) =>
      ok(
        await thenAnnounce(ctx, "withdrawal", request.body.id, () =>
          failWithdrawal(ctx, currentStaff(request).id, request.body.id, request.body.reason),
        ),
      ),
  );

  app.post(
    "/api/operator/wallet/withdrawal/markPaid",
    {
      onRequest: app.requireRole("finance"),
      config: {
        auditTarget: "withdrawal",
        auditBefore: (request) => getOperatorWithdrawal(db, (request.body as { id: number }).id),
      },
      schema: {
        tags,
        summary: "An approved withdrawal was paid outside the provider (manual payouts) → status 2",
        security,
        body: OperatorMarkPaidBody,
        response: { 200: envelope(OperatorWithdrawalRecord) },
      },
    },
    async (request) =>
      ok(
        await thenAnnounce(ctx, "withdrawal", request.body.id, () =>
          markWithdrawalPaid(db, "operator", request.body.id, request.body.reference ?? "operator"),
        ),
      ),
  );

  app.get(
    "/api/operator/wallet/deposit/list",
    {
      onRequest: app.requireRole("finance", "compliance", "support"),
      schema: {
        tags,
        summary: "Deposits by status (default 0 = waiting), newest first",
        security,
        querystring: OperatorDepositQuery,
        response: { 200: envelope(page(OperatorDepositRecord)) },
      },
    },
    async (request) => ok(await listDeposits(db, request.query)),
  );

  app.post(
    "/api/operator/wallet/deposit/confirm",
    {
      onRequest: app.requireRole("finance"),
      config: { auditTarget: "deposit" },
      schema: {
        tags,
        summary: "The money arrived: credit a waiting deposit with the amount received (status 1)",
        security,
        body: OperatorDepositConfirmBody,
        response: { 200: envelope(OperatorDepositRecord) },
      },
    },
    async (request) =>
      ok(
        await thenAnnounce(ctx, "deposit", request.body.id, () =>
          confirmDeposit(db, request.body.id, request.body.receivedAmount),
        ),
      ),
  );

  app.post(
    "/api/operator/wallet/deposit/reject",
    {
      onRequest: app.requireRole("finance"),
      config: { auditTarget: "deposit" },
      schema: {
        tags,
        summary: "Reject a waiting deposit with a reason (status -1, nothing credited)",
        security,
        body: OperatorReasonBody,
        response: { 200: envelope(OperatorDepositRecord) },
      },
    },
    async (request) =>
      ok(
        await thenAnnounce(ctx, "deposit", request.body.id, () =>
          rejectDeposit(db, request.body.id, request.body.reason),
        ),
      ),
  );

  app.post(
    "/api/operator/wallet/adjust",
    {
      onRequest: app.requireRole("finance"),
      config: { auditTarget: "customer" },
      schema: {
        tags,
        summary: "Adjust a customer's spot balance by a ledger transfer with a reason (shown in their balance log)",
        security,
        body: AdjustBalanceBody,
        response: { 200: envelope(BalanceAdjusted) },
      },
    },
    async (request) =>
      ok(
        await adjustBalance(db, currentStaff(request).id, {
          ...request.body,
          clientRequestId: requestKey(request, request.body.clientRequestId),
        }),
      ),
  );

  app.post(
    "/api/operator/wallet/currency/update",
    {
      onRequest: app.requireRole("admin"),
      config: { auditTarget: "currency" },
      schema: {
        tags,
        summary: "Change a currency's networks, minimums, fee or switches",
        security,
        body: UpdateCurrencyBody,
        response: { 200: envelope(WalletCurrency) },
      },
    },
    async (request) => ok(await updateCurrency(db, ctx.rates, request.body)),
  );

  app.get(
    "/api/operator/wallet/settings",
    {
      onRequest: app.requireRole("finance"),
      schema: { tags, summary: "Wallet settings", security, response: { 200: envelope(WalletSettings) } },
    },
    async () => ok(await getWalletSettings(db)),
  );

  app.post(
    "/api/operator/wallet/settings/update",
    {
      onRequest: app.requireRole("admin"),
      config: { auditTarget: "settings", auditBefore: () => getWalletSettings(db) },
      schema: {
        tags,
        summary: "Change review time, unverified daily limit, sandbox delay or bank details",
        security,
        body: UpdateWalletSettingsBody,
        response: { 200: envelope(WalletSettings) },
      },
    },
    async (request) => ok(await updateWalletSettings(db, request.body)),
  );
};
